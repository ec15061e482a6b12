/**
 * The site graph: the one description of how a site is made, which `docsite build` and
 * `docsite serve` both drive. config → site model → compiled pages → route table → page chunks and
 * the shared bundle → linked chunks and page modules → (rendered pages). Every node is keyed by the
 * digest of its inputs and by route, so `update(changed)` redoes only what the change reaches:
 * a page body edit recompiles and rebundles that page; a title edit changes the route table, and
 * with it the page data of the pages that show the title; a theme or stylesheet edit rebuilds the
 * shared bundle, which changes every page's assets.
 *
 * The graph ends at `SiteState`: every output but the pages' HTML as one map from path to body,
 * and per route what rendering it takes. `build` renders every page in the worker pool and emits;
 * `serve` renders a page when it is asked for.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_NAMES, loadConfig, type LoadConfigOptions, type ResolvedConfig } from '../config/load';
import { DocsiteErrorList, isDocsiteError, throwIfAny, type DocsiteError } from '../core/errors';
import { isInsideFolder, routeKey } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { apiInputFiles, loadApiReference, type ApiReference } from '../api';
import { renderFeeds } from '../blog/feeds';
import type { DocumentAssets } from '../render/document';
import { routeEntryNames, routeModuleDigest, type BundleInput } from './bundle/bundle';
import { findThemeOverrides } from './bundle/theme-overrides';
import { createKeptBundler, oneShotBundler, startBundler, type Bundler } from './bundle/bundler';
import { bundlePages, bundleSharedClient, bundleSharedServer, clientChunkFile, linkChunk, mergeImports, serverChunkName, writeServerChunk, type PageChunk, type SharedClient, type SharedModule, type SharedServer } from './bundle/chunks';
import { decodePack, encodePack } from '../infra/code-pack';
import { compileSources, compilerOptions, markdownPreprocessor, practiseCompilers, warmCompilers } from './compile/compile';
import { createPackedEntries, type PackCodec, type PackedEntries } from '../infra/packed-entries';
import { createStore, type Store } from '../infra/store';
import { noteDamaged } from '../infra/damage';
import { docsiteLocations } from '../infra/locations';
import { createMdxImportCompiler, type MdxImportCompiler } from './bundle/mdx-imports';
import { compilerFingerprint, docsiteFingerprint, warmWorkers, type WorkerPool } from '../infra/pool';
import { NO_PROGRESS, type StageProgress } from '../infra/reporter';
import type { RenderTask } from '../infra/worker';
import { ROBOTS_FILE, SITEMAP_FILE, robotsTxt, sitemapXml } from './routes/sitemap';
import { createRouteTable, createRouteTableMemo, siteData, type RouteEntry, type RouteTable, type RouteTableMemo } from './routes/routes';
import { loadSiteModel, mdxSources, rescanBodies, type SiteModel } from './scan/site-model';
import { createContentReader } from '../content/site-files';
import type { SiteFiles } from '../content/site-files';
import { createMdxCompiler, type CompileResult } from '../mdx';
import { linkedModuleMap, type MapOf } from './render/throw-site';
import type { SiteData } from '../shared/types';
import { digestOf } from '../infra/digest';
import { type Body, type LazyBody } from '../infra/body';

export interface StageRunner {
  stage<T>(name: string, run: (progress: StageProgress) => Promise<T>): Promise<T>;
}

export interface SiteGraphOptions extends LoadConfigOptions {
  /** `build` leaves drafts out and minifies; `serve` keeps drafts, makes readable chunks and keeps esbuild running between updates. */
  mode: 'build' | 'serve';
  pool: WorkerPool;
  reporter?: StageRunner;
  /** The config, when the caller has loaded and checked it already. */
  resolved?: ResolvedConfig;
  /** The site model, when the caller has scanned the site already (a build's first and only update). */
  scanned?: SiteModel;
  /** docsite's own fingerprint, when the caller has computed it (it hashes docsite's code). */
  fingerprint?: string;
  /** Where the scan reads the site's files: the disk when not given (tests pass files held in memory). */
  files?: SiteFiles;
  /**
   * Hears the file URL of each shared bundle's Node renderer once it is written, before any page
   * needs it: the dev server imports the first one while its first page compiles.
   */
  onRenderer?: (url: string) => void;
}

export interface PageNode {
  entry: RouteEntry;
  assets: DocumentAssets;
  /** The page's module for Node (its content, with the shared bundle's modules imported by file URL). */
  serverModule: string;
  /** Writes the module, if it is not there yet; rendering the page needs it, the graph alone does not. */
  writeServerModule(): Promise<void>;
  /** Digest of everything the page's HTML is made from. */
  renderKey: string;
}

/** An output file's body: its bytes, or (a page's chunk) what emit needs to know of them and a way to read them. */
export type GraphFile = Body;

export interface SiteState {
  config: ResolvedConfig;
  model: SiteModel;
  table: RouteTable;
  api?: ApiReference;
  compiled: { compiled: number; cached: number };
  /** Pages whose chunk was bundled by this update, and pages whose chunk an earlier one made. */
  bundled: { built: number; kept: number; shared: boolean };
  warnings: DocsiteError[];
  /**
   * Every output but the pages' HTML, by path relative to the site root (`assets/…`, `_docsite/…`,
   * redirects, feeds). The pages' chunks are bodies read on demand: an unchanged page's linked code
   * is known by its name, digest and size, and made only if someone reads it.
   */
  files: Map<string, GraphFile>;
  /** Digests (as emit records them) of the route chunks among `files`, computed with their names. */
  digests: Map<string, string>;
  /** By route, in route-table order. */
  pages: Map<string, PageNode>;
  /** File URL of the Node module that exports renderPage and renderPageStream. */
  renderer: string;
  staticDir: string;
  /** The source map of an MDX page's Node module, made when asked for (when the page threw). */
  pageMap?(route: string, serverModule: string): Promise<MapOf | undefined>;
}

export interface SiteGraph {
  /** Brings the graph up to date. `changed` (absolute paths) lets it skip checking files nobody touched; without it every input is checked. */
  update(changed?: Iterable<string>): Promise<SiteState>;
  /**
   * The pages at `pathnames` alone, made while an update is under way (the dev server's first
   * requests): from that update's scan, compiling only those pages, with every other page left out
   * of the route table (so sidebars and pagination name pages that are not compiled yet by their
   * front matter title or file name). Undefined when no page of the site answers those paths.
   */
  firstPages(pathnames: string[]): Promise<SiteState | undefined>;
  /**
   * Has the threads compile the pages of `files` (absolute paths) `rounds` times over, their results
   * unused, while `idle()` holds: the dev server's fresh threads, made ready for the pages being edited.
   */
  practise(files: string[], rounds: number, idle: () => boolean): Promise<void>;
  /** Folders and files whose change matters. */
  watchedPaths(): string[];
  dispose(): Promise<void>;
}

interface KeptChunk {
  chunk: PageChunk;
  /** Each file the chunk was made from besides the page. */
  digests: Record<string, FileStamp>;
}

interface Linked {
  shared: KeptShared;
  name: string;
  /** The client chunk: its file, and its bytes, linked when first read. */
  file: string;
  body: LazyBody;
  /** The page's Node module, its code linked when first written. */
  serverModule: string;
  serverCode(): string;
  /** The page's assets and render key, and what they were made for (render prefix, route, source digest). */
  rendering?: { of: string; assets: DocumentAssets; renderKey: string };
}

interface KeptShared {
  key: string;
  digests: Record<string, FileStamp>;
  client: SharedClient;
  server: SharedServer;
}

/** What the graph keeps from one update to the next. The dev server's first pages keep their own. */
interface Kept {
  /** Compile results, by store key. */
  compiled: Map<string, CompileResult>;
  /** Keyed by the compile results above, so it holds what the current pages need and nothing older. */
  routeMemo: RouteTableMemo;
  chunks: Map<string, KeptChunk>;
  linked: WeakMap<PageChunk, Linked>;
  /** Page modules the last update wrote. */
  modules: Set<string>;
  /** Digests of large generated code (API pages), by the string itself: the same string is hashed once. */
  codeDigests: Map<string, string>;
  /** What the chunks linked into the current shared bundle give (see LinkFacts), as the store has it. */
  links?: LinkMemo;
}

const emptyKept = (): Kept => ({ compiled: new Map(), routeMemo: createRouteTableMemo(), chunks: new Map(), linked: new WeakMap(), modules: new Set(), codeDigests: new Map() });

/**
 * What linking a chunk into a shared bundle gives, remembered so an unchanged page's chunk is
 * neither decoded nor linked nor hashed again: its client file's name, digest (as emit records it)
 * and size, and its Node module's file name. Linking is a function of the chunk's code, the shared
 * bundle and the route's entry name, which is what an entry is filed under.
 */
type LinkFacts = [file: string, digest: string, size: number, serverModule: string];

interface LinkMemo {
  /**
   * A digest of the addresses of the shared bundle's modules, client and server: what linking puts
   * in a chunk. It is the memo's key in the store (the bundle's own key does not change when a file
   * it was made from does).
   */
  urlsKey: string;
  /** By `<chunk digest>\0<entry name>`. */
  facts: Map<string, LinkFacts>;
  /** Whether it holds facts the store's copy lacks. */
  added: boolean;
  /** The store's kind for it: the dev server's chunks link into other bundles than a build's, and each keeps its own. */
  kind: string;
}

/** What one pass makes: the whole site, or a few of its pages. */
interface Scope {
  kept: Kept;
  /** Route keys of the pages to make, when not the whole site. */
  only?: Set<string>;
  /** The sources to compile for them (all the site's when `only` is not given). */
  sources?: Set<string>;
  /** The folder under the graph's work folder that holds the pass's page modules. */
  modulesDir: string;
}

export function createSiteGraph(options: SiteGraphOptions): SiteGraph {
  const { pool, mode } = options;
  const dev = mode === 'serve';
  const stage: StageRunner['stage'] = (name, run) => (options.reporter ? options.reporter.stage(name, run) : run(NO_PROGRESS));
  const locations = docsiteLocations();
  const workerFingerprint = compilerFingerprint();
  const fingerprint = options.fingerprint ?? docsiteFingerprint();
  const kept = emptyKept();
  const firstKept = emptyKept();
  let shared: KeptShared | undefined;
  // A shared bundle being made, so that two passes wanting the same one wait for one build.
  let sharedBuilding: { key: string; done: Promise<KeptShared> } | undefined;
  // The latest update's config and site model, once its scan is under way.
  let configured: Promise<ResolvedConfig> | undefined;
  let scanned: Promise<{ config: ResolvedConfig; model: SiteModel }> | undefined;
  // The first pages being made, which the whole site's compile waits for between batches.
  let firstMaking: Promise<void> | undefined;
  let scanFinished = false;
  let warmedFirst = false;
  let lastFirst: { key: string; state: Promise<SiteState | undefined> } | undefined;
  const bundler: Bundler = dev ? createKeptBundler() : oneShotBundler;
  let siteDir = path.resolve(options.siteDir);
  let externalFiles: string[] = [];
  let configInputs: string[] = [];
  let scratch: string | undefined;

  // The API reference is made from installed packages' declarations: loaded again when the config
  // changes or one of those files does (the dev server watches them).
  let apiReference: { key: string; files: Set<string>; reference: Promise<ApiReference | undefined> } | undefined;
  const apiReferenceFor = (config: ResolvedConfig, changed: Set<string> | undefined): Promise<ApiReference | undefined> => {
    const key = JSON.stringify(config.site);
    const touched = apiReference && (!changed || [...changed].some((file) => apiReference!.files.has(file)));
    if (apiReference?.key !== key || touched) {
      const reference = loadApiReference(config, { pool, fingerprint: workerFingerprint });
      apiReference = { key, files: new Set(apiInputFiles(config).map((file) => path.resolve(file))), reference };
      reference.catch(() => {
        if (apiReference?.reference === reference) apiReference = undefined;
      });
    }
    return apiReference.reference;
  };
  let mdxImports: { key: string; compiler: MdxImportCompiler } | undefined;
  const mdxImportsFor = (config: ResolvedConfig): MdxImportCompiler => {
    const preprocess = markdownPreprocessor(config);
    const key = JSON.stringify([compilerOptions(config), config.siteDir, preprocess?.key ?? null]);
    if (mdxImports?.key !== key) mdxImports = { key, compiler: createMdxImportCompiler({ compilerOptions: compilerOptions(config), siteDir: config.siteDir, pool, ...(preprocess ? { preprocess } : {}) }) };
    return mdxImports.compiler;
  };

  /** Whether the files a node was made from still read as they did, skipping the ones the caller says nobody touched. */
  const unchanged = async (stamps: Record<string, FileStamp>, changed: Set<string> | undefined): Promise<boolean> => {
    for (const [file, stamp] of Object.entries(stamps)) {
      if (changed && !changed.has(file)) continue;
      // A file reported changed is read: two quick writes can leave the same size and time.
      if (!(await sameFile(file, stamp, changed !== undefined))) return false;
    }
    return true;
  };

  // Files changed since the last update that succeeded: a failed update may have stopped before
  // checking what they reach, so they stay on the list until one succeeds. `undefined`: check all.
  let unsettled: Set<string> | undefined = new Set();
  let checkedOnce = false;
  const chunkStore = (store: Store) => createPackedEntries<KeptChunk>({ store, kind: dev ? 'chunk-dev' : 'chunk', version: '2', isEntry: isKeptChunk, codec: chunkCodec });
  // The chunks the dev server read from the store, while its first update runs.
  let devChunks: PackedEntries<KeptChunk> | undefined;
  const update = async (changedFiles?: Iterable<string>): Promise<SiteState> => {
    if (!changedFiles || !checkedOnce || !unsettled) unsettled = undefined;
    else for (const file of changedFiles) unsettled.add(path.resolve(file));
    const state = await updateWith(unsettled);
    unsettled = new Set();
    checkedOnce = true;
    devChunks = undefined;
    return state;
  };

  // The dev server's last config and scan, which an edit that touches neither keeps.
  let lastScan: { config: ResolvedConfig; model: SiteModel } | undefined;
  /** Whether `changed` leaves the config as it was: none of its inputs, and no config file that could now be found first. */
  const configHolds = (config: ResolvedConfig, changed: Set<string>): boolean => {
    const candidates = new Set([...config.inputs, ...CONFIG_NAMES.map((name) => path.join(config.siteDir, name))]);
    if (options.config) candidates.add(path.resolve(config.siteDir, options.config));
    return ![...changed].some((file) => candidates.has(file));
  };
  /** The last scan again, when `changed` holds only bodies of its docs and pages, and theme files (which the scan does not read). */
  const rescan = async (config: ResolvedConfig, changed: Set<string>): Promise<SiteModel | undefined> => {
    if (!lastScan || lastScan.config !== config) return undefined;
    const themeDirs = [path.join(config.siteDir, 'src', 'theme'), locations.themeDir];
    const content = [...changed].filter((file) => !themeDirs.some((dir) => isInsideFolder(dir, file)));
    if (content.length === 0) return lastScan.model;
    return rescanBodies(lastScan.model, content, options.files ?? (await createContentReader(config.siteDir)));
  };

  const updateWith = async (changed: Set<string> | undefined): Promise<SiteState> => {
    // The config, once the dev server's scratch folder is ready to be written in: the first pages'
    // bundles start from it while the site is scanned.
    const configuring = (async () => {
      const kept = dev && changed && lastScan && configHolds(lastScan.config, changed) ? lastScan.config : undefined;
      const config = options.resolved ?? kept ?? (await stage('config', () => loadConfig(options)));
      siteDir = config.siteDir;
      // The dev server's threads build their compilers while its first scan runs (a build's do it in build-site).
      if (dev && !checkedOnce) warmCompilers(pool, config);
      const workDir = workDirOf(config);
      if (dev && scratch !== workDir) {
        // A dev server's folder from an earlier run (or one that was killed) goes before this one writes its own.
        await rm(workDir, { recursive: true, force: true });
        scratch = workDir;
      }
      return config;
    })();
    configured = configuring;
    const scanning = configuring.then(async (config) => {
      const model =
        options.scanned ??
        (await stage('scan', async () => (dev && changed && (await rescan(config, changed))) || loadSiteModel(config, { includeDrafts: dev, store: createStore(config.cacheDir), fingerprint, files: options.files })));
      externalFiles = model.externalFiles;
      configInputs = config.inputs;
      if (dev) lastScan = { config, model };
      scanFinished = true;
      return { config, model };
    });
    scanned = scanning;
    const { config, model } = await scanning;
    const state = (await make(config, model, changed, { kept, modulesDir: 'server' }))!;
    // The first pages serve only while the first update runs: what they kept goes with it.
    lastFirst = undefined;
    Object.assign(firstKept, emptyKept());
    return state;
  };

  const firstPages = async (pathnames: string[]): Promise<SiteState | undefined> => {
    if (!scanned || !configured) return undefined;
    const from = scanned;
    const loaded = await configured;
    startThemeBundle(loaded);
    if (!warmedFirst && !scanFinished) {
      warmedFirst = true;
      void warmForFirstPage(loaded, pathnames[0]!).catch(() => undefined);
    }
    const { config, model } = await from;
    const only = new Set(pathnames.flatMap((pathname) => routeCandidates(pathname).map(routeKey)));
    // The pages asked for that need compiling; other routes (a TSX page, a category index) need none.
    const sources = [...model.docs, ...model.pages].filter((entry) => only.has(routeKey(entry.route))).map((entry) => entry.source);
    const key = JSON.stringify([[...only].sort(), sources.sort()]);
    if (lastFirst?.key !== key) {
      const state = make(config, model, undefined, { kept: firstKept, only, sources: new Set(sources), modulesDir: 'first' });
      lastFirst = { key, state };
      // The whole site's compile hands the threads no more pages until these are made (a thread
      // finishes the pages it has): the first page waits for one batch, not for the site.
      firstMaking = state.then(
        () => undefined,
        () => undefined,
      );
    }
    return lastFirst.state;
  };

  /** The graph's own folder: the dev server's scratch space, or a build's. */
  const workDirOf = (config: ResolvedConfig): string => path.join(config.cacheDir, dev ? 'serve' : 'graph');
  /** Where the shared bundle of `key` is written. */
  const sharedDirOf = (config: ResolvedConfig, key: string): string => path.join(workDirOf(config), 'shared', key.slice(0, 16));
  /** The shared bundle's key: the modules pages import from it, the site data, the stylesheets, and the site's theme overrides (src/theme), which decide what the theme's own imports resolve to. */
  const sharedKeyOf = (config: ResolvedConfig, modules: Map<string, SharedModule>, site: SiteData, customCss: string[]): string =>
    digestOf(fingerprint, mode, JSON.stringify([...modules]), JSON.stringify(site), JSON.stringify(customCss), JSON.stringify([...findThemeOverrides(config.siteDir)]));
  /** Bundles the shared client and server modules, recorded as the one being made until it is done. */
  const buildShared = (key: string, input: BundleInput, modules: Map<string, SharedModule>, dir: string, using: Bundler): Promise<KeptShared> => {
    const building = (async (): Promise<KeptShared> => {
      const started = Date.now();
      const [client, server] = await Promise.all([bundleSharedClient(input, modules, using), bundleSharedServer(input, modules, path.join(dir, 'server'), using)]);
      options.onRenderer?.(server.renderer);
      const digests: Record<string, FileStamp> = {};
      await Promise.all([...new Set([...client.inputs, ...server.inputs])].map(async (file) => (digests[file] = await stampOf(file, started))));
      return { key, digests, client, server };
    })();
    sharedBuilding = { key, done: building };
    return building;
  };
  /**
   * The dev server's first pages need a shared bundle before they can be rendered, and most pages
   * import nothing of their own into it: the bundle of the theme alone is started as soon as the
   * config is known, while the site is scanned and the pages compile. A first page that does import
   * something (a component of the site) has its own bundle made, as before, and this one is unused.
   */
  const startThemeBundle = (config: ResolvedConfig): void => {
    const site = siteData(config);
    const customCss = config.site.customCss.map((file) => path.resolve(config.siteDir, file));
    const none = new Map<string, SharedModule>();
    const key = sharedKeyOf(config, none, site, customCss);
    if (sharedBuilding?.key === key || shared) return;
    const input: BundleInput = { routes: [], site, siteDir: config.siteDir, locations, titleDelimiter: config.site.titleDelimiter, customCss, mdxModules: [], mdxImports: mdxImportsFor(config), markdownRoute: () => undefined, dev };
    const made = buildShared(key, input, none, sharedDirOf(config, key), oneShotBundler);
    made.catch(() => undefined);
  };

  /**
   * The first page of a thread compiles several times slower than the next (its regular
   * expressions and its JIT are cold), and the dev server's first page is compiled right after the
   * scan: while the scan runs, the threads compile the file that page most likely comes from, its
   * result unused. A page whose file is not where its path suggests (a slug, a number prefix) finds
   * the threads warmed by the small page they start with.
   */
  const warmForFirstPage = async (config: ResolvedConfig, pathname: string): Promise<void> => {
    const reader = options.files ?? (await createContentReader(config.siteDir));
    for (const candidate of likelyDocFiles(config, pathname)) {
      const page = await compilerInput(config, reader, candidate);
      if (!page) continue;
      warmCompilers(pool, config, page);
      return;
    }
  };

  /**
   * The site file `file` as the compiler takes it: its path from the site folder and its text,
   * preprocessed. Undefined for what the site may not read (a link out of it, a file since removed)
   * or a preprocessor that throws on it: an update reports those.
   */
  const compilerInput = async (config: ResolvedConfig, reader: SiteFiles, file: string): Promise<{ file: string; source: string } | undefined> => {
    const real = await reader.realPath(file).catch(() => undefined);
    if (!real) return undefined;
    const display = path.relative(config.siteDir, real);
    try {
      const text = await reader.readText(real);
      const preprocess = markdownPreprocessor(config);
      return { file: display, source: preprocess ? preprocess.apply(display, text) : text };
    } catch {
      return undefined;
    }
  };

  const practise = async (files: string[], rounds: number, idle: () => boolean): Promise<void> => {
    const config = lastScan?.config;
    if (!config || files.length === 0) return;
    const reader = options.files ?? (await createContentReader(config.siteDir));
    const pages: { file: string; source: string }[] = [];
    for (const file of files) {
      const page = await compilerInput(config, reader, file);
      if (page) pages.push(page);
    }
    await practiseCompilers(pool, config, pages, { rounds, idle, salt: workerFingerprint });
  };

  /** Makes the site, or the pages of `scope.only`, from a scanned model. Undefined when `only` names no page. */
  const make = async (config: ResolvedConfig, model: SiteModel, changed: Set<string> | undefined, scope: Scope): Promise<SiteState | undefined> => {
    const { kept, only } = scope;
    const workDir = workDirOf(config);
    const store = createStore(config.cacheDir);
    const mdx = scope.sources ? mdxSources(model).filter((source) => scope.sources!.has(source.key)) : mdxSources(model);
    // The page bundles come next; a build's esbuild starts while the threads compile (the dev server's started with its theme bundle).
    if (!dev) startBundler();
    // The renderer the store keeps is looked for meanwhile too, so its warm-up below is at hand at once.
    let keptRenderer: string | undefined;
    const rendererFound = dev ? undefined : keptRendererOf(store).then((renderer) => (keptRenderer = renderer));
    const compiled = await stage('compile', (progress) =>
      compileSources({
        sources: mdx,
        progress,
        pool,
        cacheDir: config.cacheDir,
        store,
        compilerOptions: compilerOptions(config),
        ...(config.site.markdown.preprocessor ? { preprocess: markdownPreprocessor(config)! } : {}),
        fingerprint: workerFingerprint,
        memory: kept.compiled,
        // While the dev server compiles the whole site, a page asked for meanwhile goes next.
        ...(dev ? { inFlight: pool.threads.length, batchSize: 4 } : {}),
        ...(dev && !only ? { beforeBatch: () => firstMaking } : {}),
        wholeSite: !only,
      }),
    );
    // A build that compiled a page renders it: meanwhile (the route table, the page bundles) the
    // thread that compiled it loads the renderer the last build kept, most often this build's too.
    // Given now, before the route table, which holds the main thread for a while: the thread starts
    // loading as soon as it is free, not once the main thread next looks at its messages.
    if (rendererFound && compiled.compiled > 0) {
      if (keptRenderer) warmRenderer(pool, keptRenderer, siteData(config));
      else void rendererFound.then((renderer) => renderer && warmRenderer(pool, renderer, siteData(config)));
    }
    // Pages that failed to compile are left out while the rest go on through the route table and
    // their bundles, so one run reports every error of the site; the build stops after the page bundles.
    const found: DocsiteError[] = [...compiled.errors];
    const api = config.site.apiDocs && !only ? await stage('api reference', () => apiReferenceFor(config, changed)) : undefined;
    // The first pages leave the API reference out (loading it takes seconds): its sidebar items are empty until the whole site is made.
    const table = createRouteTable(config, model, compiled.results, {
      ...(api || config.site.apiDocs ? { api: api ?? { pages: [], sidebar: [] } } : {}),
      memo: kept.routeMemo,
      compileKeys: compiled.keys,
    });
    found.push(...table.errors);
    const routes = only ? table.routes.filter((entry) => only.has(routeKey(entry.route))) : table.routes;
    if (only && routes.length === 0) return undefined;

    const input: BundleInput = {
      routes,
      site: table.site,
      siteDir: config.siteDir,
      locations,
      titleDelimiter: config.site.titleDelimiter,
      customCss: config.site.customCss.map((file) => path.resolve(config.siteDir, file)),
      mdxModules: table.mdxModules,
      mdxImports: mdxImportsFor(config),
      markdownRoute: table.markdownRoute,
      dev,
    };

    // Folders of the caches the store and this graph replaced (rendered pages, the server bundle of every page).
    if (!dev) await Promise.all(['render', 'server'].map((name) => rm(path.join(config.cacheDir, name), { recursive: true, force: true })));
    const codeDigestsNow = new Map<string, string>();
    const digestCode = (code: string) => {
      const digest = kept.codeDigests.get(code) ?? digestOf(code);
      codeDigestsNow.set(code, digest);
      return digest;
    };
    // Each route's module source holds its page data: its digest keys both its chunk and its rendering.
    const sourceDigests = routes.map((entry) => routeModuleDigest(entry, input.site.title, input.titleDelimiter));
    const keys = routes.map((entry, index) => chunkKey(entry, sourceDigests[index]!, input, fingerprint, digestCode));
    const preprocessing = Boolean(config.site.markdown.preprocessor);
    kept.codeDigests = codeDigestsNow;
    // Page chunks: each route's own module, bundled again only when it or a file it was made from changed.
    const chunks = new Map<number, PageChunk>();
    const missing: number[] = [];
    // Chunks are kept in the store, packed, for the next process: a build, or the dev server's next
    // start (its chunks are its own kind: unminified, and a build's retain would drop them). The dev
    // server reads them until its first update ends, with its first pages; after that its memory
    // holds every chunk, and an edit's new chunk is only written.
    const readsStore = !dev || !checkedOnce;
    const storedChunks = dev && readsStore ? (devChunks ??= chunkStore(store)) : chunkStore(store);
    /** Whether the chunk an earlier update or build made for route `index` still holds: kept if so, bundled again if not. */
    const checkChunk = async (index: number): Promise<void> => {
      const key = keys[index]!;
      const inMemory = kept.chunks.get(key);
      const found = inMemory ?? (readsStore ? await storedChunks.get(key) : undefined);
      // A partial's `.md` links resolve against the current pages: a doc moved since means a new chunk.
      const linksHold = (found?.chunk.partialLinks ?? []).every((link) => table.markdownRoute(link.from, link.target) === link.route);
      // A preprocessor may give an unchanged partial other text in this process than in the one
      // that stored the chunk (it can read the environment), so a stored chunk that inlines
      // markdown is made again; within one process (serve) it stands until the partial changes.
      const partialsHold = !preprocessing || !found || kept.chunks.has(key) || !Object.keys(found.digests).some((file) => MARKDOWN_FILE.test(file));
      // What `changed` says holds since this process last checked: a stored chunk is checked whole.
      if (found && linksHold && partialsHold && (await unchanged(found.digests, inMemory ? changed : undefined))) {
        chunks.set(index, found.chunk);
        kept.chunks.set(key, found);
      } else missing.push(index);
    };
    await stage('bundle pages', async () => {
      const checks: Promise<void>[] = [];
      for (let index = 0; index < routes.length; index++) {
        // A chunk this process made, from files nobody touched since, with no partial whose links could move: kept as it is.
        const inMemory = changed && kept.chunks.get(keys[index]!);
        if (inMemory && !inMemory.chunk.partialLinks?.length && !Object.keys(inMemory.digests).some((file) => changed.has(file))) chunks.set(index, inMemory.chunk);
        else checks.push(checkChunk(index));
      }
      await Promise.all(checks);
      missing.sort((a, b) => a - b);
      const started = Date.now();
      const collect = (error: unknown) => {
        if (error instanceof DocsiteErrorList) found.push(...error.errors);
        else if (isDocsiteError(error)) found.push(error);
        else throw error;
      };
      const seen = new Map<string, SharedModule>();
      const made = await bundlePages(input, missing, oneShotBundler, seen).catch((error: unknown) => {
        collect(error);
        return undefined;
      });
      if (found.length > 0) {
        // The modules pages share (the site's components, theme overrides) are bundled once more to
        // report their errors in the same run; what a failed page bundle takes from each is unknown, so all of it.
        const modules = mergeImports([...chunks.values(), ...(made?.values() ?? [])]);
        for (const [key, module] of seen) if (!modules.has(key)) modules.set(key, { ...module, names: ['*'] });
        await bundleSharedClient(input, modules, oneShotBundler).catch(collect);
        throwIfAny(sortErrors(found));
      }
      if (!made) throw new Error('docsite: the page bundle failed without an error to report');
      for (const [index, chunk] of made) {
        const digests: Record<string, FileStamp> = {};
        for (const file of chunk.files) digests[file] = await stampOf(file, started);
        chunks.set(index, chunk);
        kept.chunks.set(keys[index]!, { chunk, digests });
        await storedChunks.put(keys[index]!, { chunk, digests });
      }
      // Memory holds the current pages only, so it does not grow with every edit.
      const current = new Set(keys);
      for (const key of kept.chunks.keys()) if (!current.has(key)) kept.chunks.delete(key);
      // A pass over a few pages (the dev server's first requests) keeps the rest of the site's too.
      if (!only && readsStore) await storedChunks.retain(keys);
    });

    // The shared bundle: rebuilt when the modules pages import, the site data or a file it was made from changed.
    const modules = mergeImports(chunks.values());
    const sharedKey = sharedKeyOf(config, modules, table.site, input.customCss);
    let sharedBuilt = false;
    const current = await stage('bundle shared', async () => {
      // One being made for the same key (by the first pages, or ahead of them) is this one.
      if (sharedBuilding?.key === sharedKey) {
        const built = await sharedBuilding.done.catch(() => undefined);
        if (built && (await unchanged(built.digests, changed))) {
          if (!only || !shared) shared = built;
          return built;
        }
      }
      if (shared?.key === sharedKey && (await unchanged(shared.digests, changed))) return shared;
      const dir = sharedDirOf(config, sharedKey);
      if (!dev) {
        const stored = await readStoredShared(store, dir, sharedKey);
        if (stored && (await unchanged(stored.digests, changed))) return (shared = stored);
        await rm(dir, { recursive: true, force: true });
      }
      sharedBuilt = true;
      // The first pages' bundle is made once, beside the kept contexts the whole site's updates use.
      const made = await buildShared(sharedKey, input, modules, dir, only ? oneShotBundler : bundler);
      if (!only || !shared) shared = made;
      if (!dev) {
        await storeShared(store, dir, made);
        await retainFiles(path.dirname(dir), new Set([path.basename(dir)]));
      }
      return made;
    });

    // Linking: each chunk with the shared bundle's addresses in place (done again only for a new chunk or a new shared bundle).
    const names = routeEntryNames(routes);
    const renderPrefix = digestOf(fingerprint, JSON.stringify(table.site), current.server.renderer);
    const files: SiteState['files'] = new Map(current.client.files);
    const digests = new Map<string, string>();
    const pages = new Map<string, PageNode>();
    const manifest: Record<string, string> = {};
    const runtimeDeps = current.client.deps.get(current.client.runtime) ?? [];
    const pageModules = path.join(workDir, scope.modulesDir);
    const memo = await linkMemoFor(store, current, kept, dev ? 'chunk-links-dev' : 'chunk-links');
    const linkedNow = new Set<string>();
    const linkPage = (entry: RouteEntry, index: number): void => {
      const chunk = chunks.get(index)!;
      let link = kept.linked.get(chunk);
      if (link?.shared !== current || link.name !== names[index]) {
        link = linkInto(chunk, names[index]!, current, pageModules, memo);
        kept.linked.set(chunk, link);
      }
      linkedNow.add(linkId(chunk, link.name));
      const { file, body, serverModule, serverCode } = link;
      files.set(file, body);
      digests.set(file, body.digest);
      const route = `${table.site.baseUrl}${file}`;
      manifest[entry.route] = route;
      // The link is the chunk's under this shared bundle: an unchanged page under the same renderer keeps what it had.
      const of = `${renderPrefix}\0${entry.route}\0${sourceDigests[index]!}`;
      if (link.rendering?.of !== of) {
        const preload = new Set(runtimeDeps);
        for (const key of Object.keys(chunk.imports)) {
          const url = current.client.urls.get(key)!;
          preload.add(url);
          for (const dep of current.client.deps.get(url) ?? []) preload.add(dep);
        }
        preload.delete(current.client.runtime);
        const assets: DocumentAssets = { css: current.client.css, runtime: current.client.runtime, route, preload: [...preload].sort() };
        link.rendering = { of, assets, renderKey: digestOf(renderPrefix, entry.route, sourceDigests[index]!, JSON.stringify(assets), path.basename(serverModule)) };
      }
      const { assets, renderKey } = link.rendering;
      pages.set(routeKey(entry.route), { entry, assets, serverModule, renderKey, writeServerModule: () => writeServerChunk(serverModule, serverCode()) });
    };
    routes.forEach(linkPage);
    if (!only) await keepLinkMemo(store, memo, linkedNow);
    // Files a chunk imports (images), read once for the site.
    for (const chunk of chunks.values()) for (const [name, source] of Object.entries(chunk.assets)) if (!files.has(name)) files.set(name, await readFile(source));
    // Route-table order, whatever order the pages were linked in.
    const ordered = new Map(routes.map((entry) => [routeKey(entry.route), pages.get(routeKey(entry.route))!]));
    // The folder of page modules holds this update's pages only; the dev server also keeps the
    // previous update's, which a request that came before this update may still be rendering.
    const moduleNames = new Set([...ordered.values()].map((page) => path.basename(page.serverModule)));
    await retainFiles(path.join(pageModules, 'pages'), dev ? new Set([...moduleNames, ...kept.modules]) : moduleNames);
    kept.modules = moduleNames;
    for (const sidebar of table.sidebarFiles) files.set(sidebar.url.slice(config.site.baseUrl.length), sidebar.json);
    files.set('_docsite/routes.json', JSON.stringify(manifest));
    // Redirects and feeds are the whole site's, made with it.
    if (!only) for (const redirect of table.redirects) files.set(redirect.outFile, redirect.html);
    if (table.feed && !only) for (const [file, contents] of await renderFeeds(table.feed)) files.set(file, contents);
    // What search engines are told, unless the site ships its own file of that name.
    if (!only) {
      if (!model.staticFiles.includes(SITEMAP_FILE)) files.set(SITEMAP_FILE, sitemapXml(table.site, routes));
      if (!model.staticFiles.includes(ROBOTS_FILE)) files.set(ROBOTS_FILE, robotsTxt(table.site));
    }

    return {
      config,
      model,
      table: only ? { ...table, routes, redirects: [] } : table,
      ...(api ? { api } : {}),
      compiled: { compiled: compiled.compiled, cached: compiled.cached },
      bundled: { built: missing.length, kept: routes.length - missing.length, shared: sharedBuilt },
      warnings: [...model.warnings, ...table.warnings],
      files,
      digests,
      pages: ordered,
      renderer: current.server.renderer,
      staticDir: path.join(config.contentDir, 'static'),
      pageMap: async (route: string, serverModule: string) => {
        const index = routes.findIndex((entry) => entry.route === route);
        const entry = routes[index];
        if (!entry?.source || entry.module.type !== 'mdx' || preprocessing) return undefined;
        // The page compiled again with a map of its code, and its chunk bundled again with a map of the bundle.
        const file = path.join(config.siteDir, entry.source);
        const source = await readFile(file, 'utf8');
        const compiled = await createMdxCompiler(compilerOptions(config)).compile({ source, file, sourceMap: true });
        const chunk = (await bundlePages(input, [index], oneShotBundler, new Map(), true)).get(index);
        if (!compiled.map || !chunk?.map) return undefined;
        return linkedModuleMap({ linked: await readFile(serverModule, 'utf8'), unlinked: chunk.code, map: chunk.map, content: { name: `content/${entry.route}`, map: compiled.map, file, code: compiled.code, source } });
      },
    };
  };

  return {
    update,
    firstPages,
    practise,
    watchedPaths: () => [
      path.join(siteDir, 'content'),
      path.join(siteDir, 'src', 'theme'),
      options.config ? path.resolve(siteDir, options.config) : path.join(siteDir, 'site.config.ts'),
      // The modules the config imports: an edit to one is an edit to the config.
      ...configInputs,
      locations.themeDir,
      ...externalFiles,
      ...(apiReference?.files ?? []),
    ],
    async dispose() {
      await bundler.dispose();
      if (dev && scratch) await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** The files of the docs folder a page at `pathname` would come from, were it named by its path. */
export function likelyDocFiles(config: ResolvedConfig, pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return [];
  }
  const base = `${config.site.baseUrl}${config.site.docs.routeBasePath}`.replace(/\/+$/, '');
  if (decoded !== base && !decoded.startsWith(`${base}/`)) return [];
  const rest = decoded.slice(base.length).replace(/^\/+|\/+$/g, '');
  const docsDir = path.join(config.contentDir, config.site.docs.path);
  const at = path.resolve(docsDir, rest);
  if (at !== docsDir && !isInsideFolder(docsDir, at)) return [];
  return [...(rest ? [`${at}.md`, `${at}.mdx`] : []), ...['index.md', 'index.mdx', 'README.md', 'README.mdx'].map((name) => path.join(at, name))];
}

/**
 * What a route's chunk is made from: its module's code, its content and what it inlines, under
 * docsite's own code and the bundle settings. Compiled markdown is named by what its code is made
 * from (RouteModule's `madeFrom`) where the route table knows it, so an unchanged page's code is
 * never read; generated code, by its digest.
 */
function chunkKey(entry: RouteEntry, sourceDigest: string, input: BundleInput, fingerprint: string, digestCode: (code: string) => string): string {
  const compiledCode = (module: { code: string; madeFrom?: string }) => (module.madeFrom ? `made-from:${module.madeFrom}` : digestCode(module.code));
  const module = entry.module.type === 'tsx' ? entry.module.file : `${entry.module.resolveDir}\0${entry.module.type === 'mdx' ? compiledCode(entry.module) : digestCode(entry.module.code)}`;
  // Generated pages (blog lists) inline compiled excerpts by index: theirs are part of the key.
  const excerpts = entry.module.type === 'code' && entry.module.code.includes('docsite:mdx/') ? [...entry.module.code.matchAll(/docsite:mdx\/(\d+)/g)].map((match) => input.mdxModules?.[Number(match[1])]) : [];
  // Generated code is hashed once while it stays the same string (an unchanged API page's does).
  return digestOf(fingerprint, input.dev ? 'dev' : 'prod', input.site.baseUrl, input.siteDir, sourceDigest, module, ...excerpts.map((excerpt) => (excerpt ? compiledCode(excerpt) : digestCode('')))).slice(0, 32);
}

/** Checks a chunk read back without reading its code, which a pack decodes only when asked for it. */
function isKeptChunk(value: unknown): value is KeptChunk {
  const kept = value as KeptChunk | undefined;
  const chunk = kept?.chunk;
  const code = chunk && typeof chunk === 'object' ? Object.getOwnPropertyDescriptor(chunk, 'code') : undefined;
  return Boolean(code && (code.get || typeof code.value === 'string') && typeof chunk!.digest === 'string' && Array.isArray(chunk!.files) && typeof chunk!.imports === 'object' && typeof kept!.digests === 'object');
}

/** A kept chunk as its pack holds it: the chunk with its files' stamps beside its fields. */
type PackedChunk = PageChunk & { stamps: Record<string, FileStamp> };

/** The chunks' pack: a code pack (see code-pack.ts), so a build reads the code of the pages it links anew only. */
const chunkCodec: PackCodec<KeptChunk> = {
  encode: (entries) => encodePack(new Map([...entries].map(([key, kept]) => [key, { ...kept.chunk, stamps: kept.digests }]))),
  decodeSource(source) {
    const packed = decodePack<PackedChunk>(source);
    return packed && new Map([...packed].map(([key, chunk]) => [key, { chunk, digests: chunk.stamps }]));
  },
};

const linkId = (chunk: PageChunk, name: string): string => `${chunk.digest}\0${name}`;

/**
 * The chunk linked into the shared bundle `shared` under the entry name `name`. What it gives comes
 * from the memo when the memo has it; the code itself is linked only when read (a page rendered,
 * a chunk written).
 */
function linkInto(chunk: PageChunk, name: string, shared: KeptShared, pageModules: string, memo: LinkMemo): Linked {
  let clientCode: string | undefined;
  let serverCode: string | undefined;
  const client = () => (clientCode ??= linkChunk(chunk, shared.client.urls));
  const server = () => (serverCode ??= linkChunk(chunk, shared.server.urls));
  const id = linkId(chunk, name);
  let facts = memo.facts.get(id);
  if (!facts) {
    const made = clientChunkFile(name, client());
    facts = [made.file, made.digest, Buffer.byteLength(client()), serverChunkName(name, server())];
    memo.facts.set(id, facts);
    memo.added = true;
  }
  const [file, digest, size, module] = facts;
  return { shared, name, file, body: { digest, size, read: async () => client() }, serverModule: path.join(pageModules, 'pages', module), serverCode: server };
}

/** The link memo of the shared bundle `shared`: the one in memory, or the store's, or an empty one. */
async function linkMemoFor(store: Store, shared: KeptShared, kept: Kept, kind: string): Promise<LinkMemo> {
  const urlsKey = digestOf(JSON.stringify([...shared.client.urls]), JSON.stringify([...shared.server.urls]));
  if (kept.links?.urlsKey === urlsKey) return kept.links;
  const stored = await store.getJson<{ urlsKey?: unknown; facts?: unknown }>(kind, urlsKey.slice(0, 32));
  const facts = new Map<string, LinkFacts>();
  if (stored?.urlsKey === urlsKey && Array.isArray(stored.facts)) for (const entry of stored.facts as unknown[]) if (isLinkEntry(entry)) facts.set(entry[0], entry[1]);
  kept.links = { urlsKey, facts, added: false, kind };
  return kept.links;
}

/** Files the memo of the current pages (`used`) away, when it holds something new or something no page uses. */
async function keepLinkMemo(store: Store, memo: LinkMemo, used: Set<string>): Promise<void> {
  if (!memo.added && memo.facts.size === used.size) return;
  for (const id of memo.facts.keys()) if (!used.has(id)) memo.facts.delete(id);
  const key = memo.urlsKey.slice(0, 32);
  await store.putJson(memo.kind, key, { urlsKey: memo.urlsKey, facts: [...memo.facts] });
  await store.retain(memo.kind, [key]);
  memo.added = false;
}

/** An entry of a stored memo, whose names stay inside the output's assets folder and the page modules' folder. */
function isLinkEntry(entry: unknown): entry is [string, LinkFacts] {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1])) return false;
  const [file, digest, size, module] = entry[1] as unknown[];
  const plainName = (name: unknown): name is string => typeof name === 'string' && name.length > 0 && !name.includes('/') && !name.includes('\\') && !name.startsWith('.');
  return typeof file === 'string' && file.startsWith('assets/') && plainName(file.slice('assets/'.length)) && typeof digest === 'string' && Number.isInteger(size) && plainName(module);
}

/** Markdown a page chunk may inline (partials), by file name. */
const MARKDOWN_FILE = /\.mdx?$/;

/** Each once, by file, then position: the order a maintainer fixes them in. */
function sortErrors(errors: DocsiteError[]): DocsiteError[] {
  const unique = new Map(errors.map((error) => [`${error.loc?.file}:${error.loc?.line}:${error.loc?.column}\0${error.message}`, error]));
  return [...unique.values()].sort(
    (a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? '') || (a.loc?.line ?? 0) - (b.loc?.line ?? 0) || (a.loc?.column ?? 0) - (b.loc?.column ?? 0),
  );
}

/** File clocks tick coarser than Date.now() on some file systems. */
const CLOCK_SLACK_MS = 20;

/** What a file was when a node was made from it: its size and modification time, and its digest for when those alone do not settle it. */
interface FileStamp {
  size: number;
  mtimeMs: number;
  digest: string;
}

/**
 * A file changed after `since` (when the bundle that read it started) may have been read before or
 * after the change: its stamp then matches nothing, so the next update makes the node again.
 */
async function stampOf(file: string, since = Number.POSITIVE_INFINITY): Promise<FileStamp> {
  try {
    const [info, contents] = await Promise.all([stat(file), readFile(file)]);
    if (info.mtimeMs >= since - CLOCK_SLACK_MS) return { size: -2, mtimeMs: -2, digest: 'changed while read' };
    return { size: info.size, mtimeMs: info.mtimeMs, digest: createHash('sha256').update(contents).digest('hex') };
  } catch {
    return { size: -1, mtimeMs: -1, digest: 'missing' };
  }
}

/**
 * Same size and time: the same file (as make and every build tool take it), unless `read` asks for
 * its contents whatever its stamp. Otherwise the contents decide, so a touched but unchanged file costs nothing downstream.
 */
async function sameFile(file: string, stamp: FileStamp, read = false): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info) return stamp.digest === 'missing';
  if (!read && info.size === stamp.size && info.mtimeMs === stamp.mtimeMs) return true;
  if (info.size !== stamp.size) return false;
  return (await stampOf(file)).digest === stamp.digest;
}

/** Removes what an earlier build left in `dir` that this one did not use, so the folder stays the size of one site. */
async function retainFiles(dir: string, keep: Set<string>): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}

const SHARED_KIND = 'shared-bundle';

interface StoredShared {
  key: string;
  digests: Record<string, FileStamp>;
  /** The digest of each file of the bundle's folder (by its path there, with forward slashes), checked when it is read back. */
  written?: Record<string, string>;
  client: Omit<SharedClient, 'files' | 'urls' | 'deps'> & { files: string[]; urls: [string, string][]; deps: [string, string[]][] };
  server: Omit<SharedServer, 'urls'> & { urls: [string, string][] };
}

/** The shared bundle's files go to `dir` (Node imports the server's from there); what the graph knows of them goes to the store. */
async function storeShared(store: Store, dir: string, kept: KeptShared): Promise<void> {
  await Promise.all(
    [...kept.client.files].map(async ([name, contents]) => {
      const file = path.join(dir, 'client', name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    }),
  );
  const stored: StoredShared = {
    key: kept.key,
    digests: kept.digests,
    written: await folderDigests(dir),
    client: { runtime: kept.client.runtime, css: kept.client.css, inputs: kept.client.inputs, files: [...kept.client.files.keys()], urls: [...kept.client.urls], deps: [...kept.client.deps] },
    server: { renderer: kept.server.renderer, inputs: kept.server.inputs, urls: [...kept.server.urls] },
  };
  await store.putJson(SHARED_KIND, kept.key.slice(0, 32), stored);
  await store.retain(SHARED_KIND, [kept.key.slice(0, 32)]);
}

/** The digest of each file under `dir`, by its path there with forward slashes. */
async function folderDigests(dir: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        digests[path.relative(dir, file).split(path.sep).join('/')] = createHash('sha256').update(await readFile(file)).digest('hex');
      }),
  );
  return digests;
}

/** The Node renderer of the shared bundle the store keeps (the last build's: it keeps one), if any. */
async function keptRendererOf(store: Store): Promise<string | undefined> {
  const names = (await readdir(path.join(store.dir, SHARED_KIND)).catch(() => [] as string[])).filter((name) => /^[0-9a-f]{32}$/.test(name));
  const stored = names.length === 1 ? await store.getJson<StoredShared>(SHARED_KIND, names[0]!).catch(() => undefined) : undefined;
  const renderer = stored?.server?.renderer;
  return typeof renderer === 'string' ? renderer : undefined;
}

/** Loads `renderer` on one thread, as a render of no page does. Loaded for nothing when this build makes another bundle. */
function warmRenderer(pool: WorkerPool, renderer: string, site: SiteData): void {
  const task: RenderTask = { renderer, site, pages: [] };
  warmWorkers(pool, task, 'render', 1);
}

async function readStoredShared(store: Store, dir: string, key: string): Promise<KeptShared | undefined> {
  const stored = await store.getJson<StoredShared>(SHARED_KIND, key.slice(0, 32));
  if (!stored || stored.key !== key || !stored.written) return undefined;
  // Node imports the renderer from the folder and emit publishes the client files: each must be
  // what was written, or the bundle is made again.
  const found = await folderDigests(dir).catch(() => undefined);
  if (!found) return undefined;
  for (const [name, digest] of Object.entries(stored.written)) {
    if (found[name] === digest) continue;
    if (found[name] !== undefined) noteDamaged(path.join(dir, ...name.split('/')));
    return undefined;
  }
  try {
    const files = new Map<string, Uint8Array>();
    await Promise.all(stored.client.files.map(async (name) => files.set(name, await readFile(path.join(dir, 'client', name)))));
    return {
      key,
      digests: stored.digests,
      client: { ...stored.client, files, urls: new Map(stored.client.urls), deps: new Map(stored.client.deps) },
      server: { ...stored.server, urls: new Map(stored.server.urls) },
    };
  } catch {
    return undefined;
  }
}


