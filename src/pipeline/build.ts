/** `docsite build`: the site graph brought up to date once, then the rest of the stage list: every page rendered, indexed, precached, checked and emitted. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiCounts } from '../api';
import { postBuildWithCopies } from './emit/post-build-copies';
import { loadConfig, type LoadConfigOptions, type ResolvedConfig } from '../config/load';
import { DocsiteError, throwIfAny } from '../core/errors';
import { piecesBody, type Body, type LazyBody } from '../infra/body';
import { acquireCacheLock } from '../infra/cache-lock';
import { damageMark, damagedSince } from '../infra/damage';
import { docsiteLocations, type DocsiteLocations } from '../infra/locations';
import { createWorkerPool, docsiteFingerprint, type WorkerPool } from '../infra/pool';
import type { Reporter, StageProgress } from '../infra/reporter';
import { createStore, type Store } from '../infra/store';
import type { SearchFilesSummary } from '../search/search-files';
import { checkLinks } from './checks/checks';
import { compressAhead, emit } from './emit/emit';
import { staticOutputs, staticSize } from './emit/static-targets';
import { localeFolders } from '../content/locales';
import { checkOutputDir } from './emit/output-dir';
import { createSiteGraph } from './graph';
import { prerender, type RenderCache, type RenderedPage } from './render/prerender';
import { createRenderCache } from './render/render-cache';
import { searchIndexStage } from './search/stage';
import { createServiceWorkerFiles, prepareServiceWorker, type PreparedServiceWorker, type ServiceWorkerSummary } from './service-worker/service-worker';
import type { PageNode, SiteState } from './site-state';

export interface BuildOptions extends LoadConfigOptions {
  reporter: Reporter;
  /** Replace a non-empty output folder that docsite did not write. */
  force?: boolean;
  /** Told once when another build of the site holds its cache, with that build's process id: this one waits for it. */
  onWait?: (pid: number | undefined) => void;
}

export interface BuildSummary {
  outDir: string;
  pages: number;
  compiled: number;
  cached: number;
  /** Pages rendered by this build, and pages whose rendering an earlier build left in the cache. */
  rendered: number;
  renderReused: number;
  files: number;
  bytes: number;
  /** Precompressed `.br` and `.gz` copies written beside the text files, not counted in `files`. */
  compressed: number;
  warnings: DocsiteError[];
  linksChecked: number;
  /** True when no input changed and the previous output was reused. */
  reused: boolean;
  /** The API reference's size, when the site has one. */
  api?: ApiCounts;
  /** The search records and the embedded index the build wrote; absent for a site without search, which gets no search files. */
  search?: SearchFilesSummary;
  /** The service worker's precache (what a first visit downloads ahead), or that the worker is off. */
  serviceWorker: ServiceWorkerSummary;
  /** A Docusaurus site's plugins: the lifecycles docsite skipped and the plugins it left out. */
  plugins?: string[];
}

/** Runs after the first that found a damaged cache file only once it relied on it: each run finds the ones it read, gone for the next. */
const MAX_RUNS = 3;

/**
 * One build of the site at a time: the cache is the site's, so a second build waits for the first.
 * A cache file found damaged is a miss, with a warning; one found damaged only after the build relied
 * on it fails that run, and the build runs again without it.
 */
export async function buildSite(options: BuildOptions): Promise<BuildSummary> {
  const first = await options.reporter.stage('config', () => loadConfig(options));
  let waited = false;
  const release = await acquireCacheLock(first.cacheDir, {
    onWait(pid) {
      waited = true;
      options.onWait?.(pid);
    },
  });
  try {
    const mark = damageMark();
    for (let run = 1; ; run++) {
      const runMark = damageMark();
      try {
        // The config again when another build held the cache: the site may have changed meanwhile.
        const loaded = waited || run > 1 ? await loadConfig(options) : first;
        const summary = await buildOnce(options, loaded);
        summary.warnings.push(...damagedSince(mark).map((file) => damageWarning(file, loaded)));
        return summary;
      } catch (error) {
        if (run < MAX_RUNS && damagedSince(runMark).length > 0) continue;
        throw error;
      }
    }
  } finally {
    await release();
  }
}

function damageWarning(file: string, config: ResolvedConfig): DocsiteError {
  const relative = path.relative(config.siteDir, file);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
  return new DocsiteError({ code: 'CACHE_DAMAGED', message: `cache entry ${shown.split(path.sep).join('/')} was damaged; it was made again`, hint: '' });
}

async function buildOnce(options: BuildOptions, loaded: ResolvedConfig): Promise<BuildSummary> {
  // A thread starts when a task needs one: a build that changes nothing starts none.
  const pool = createWorkerPool({ onDemand: true });
  const locations = docsiteLocations();
  try {
    const outDir = await checkOutputDir({
      siteDir: loaded.siteDir,
      outDir: loaded.outDir,
      contentDir: loaded.contentDir,
      contentPaths: [...loaded.layout.contentFolders, ...loaded.layout.contentFiles],
      cacheDir: loaded.cacheDir,
      configFile: loaded.configFile,
      sourceFiles: loaded.site.customCss.map((file) => path.resolve(loaded.siteDir, file)),
      docsiteRoot: locations.root,
      force: options.force,
    });
    const config = { ...loaded, outDir };
    const fingerprint = docsiteFingerprint();
    const store = createStore(config.cacheDir);
    // Made while the workers compile and the main thread mostly waits: the stage only writes the build's values in.
    const serviceWorkerReady = prepareServiceWorker({
      enabled: config.site.serviceWorker,
      workerEntry: path.join(locations.root, 'src', 'runtime', 'sw', 'service-worker.ts'),
      cache: { store, fingerprint },
    });
    try {
      const graph = createSiteGraph({ siteDir: config.siteDir, mode: 'build', pool, reporter: options.reporter, resolved: config, fingerprint });
      // The kept pages' pack is read and its header decoded while the main thread waits for the pages to compile.
      const renderCache = createRenderCache(store);
      renderCache.prefetch?.();
      const state = await graph.update().finally(() => graph.dispose());
      const summary = await afterGraph({
        config,
        reporter: options.reporter,
        pool,
        store,
        fingerprint,
        locations,
        state,
        renderCache,
        serviceWorker: serviceWorkerReady,
      });
      return { ...summary, plugins: await postBuildWithCopies(config, state.table.routes) };
    } finally {
      // workbox-build's thread, when the build started it and then did not need it.
      await serviceWorkerReady?.dispose();
    }
  } finally {
    await pool.destroy();
  }
}

/** What the stages after the site graph share: the graph's state and the build's own settings. */
interface BuildRun {
  config: ResolvedConfig;
  reporter: Reporter;
  pool: WorkerPool;
  store: Store;
  fingerprint: string;
  locations: DocsiteLocations;
  state: SiteState;
  renderCache: RenderCache;
  serviceWorker: PreparedServiceWorker | undefined;
}

/** A page of the route table with what the render stage made of it. */
interface RenderedNode {
  node: PageNode;
  page: RenderedPage;
}

/** Render, search index, service worker, check links and emit: the stages of the list a build runs after the site graph. */
async function afterGraph(run: BuildRun): Promise<BuildSummary> {
  const { config, reporter, state } = run;
  const { table, model } = state;
  const statics = { dir: config.layout.staticDir, files: model.staticFiles, siteDir: config.siteDir, locales: localeFolders(config.site) };
  const warnings = [...state.warnings];
  // A new shared bundle changes what every page boots with, which the service worker precaches:
  // workbox-build will be needed, and loads in its thread while the pages render. A page edit only
  // fills the kept sw.js's slots, and so does a build that changed nothing.
  if (state.bundled.shared) run.serviceWorker?.workbox();
  const rendered = await reporter.stage('render', (progress) => renderPages(run, progress));
  const pages = [...state.pages.values()].map((node, i): RenderedNode => ({ node, page: rendered.pages[i]! }));
  const files = new Map<string, Body>(state.files);
  const digests = new Map(state.digests);
  for (const { node, page } of pages) {
    files.set(node.entry.outFile, page.html);
    if (page.digest) digests.set(node.entry.outFile, page.digest);
  }
  // The service worker precaches none of the search files: it is made while they are, workbox-build in its thread.
  const serviceWorkerFiles = createServiceWorkerFiles({
    enabled: config.site.serviceWorker,
    baseUrl: table.site.baseUrl,
    title: table.site.title,
    files: new Map(files),
    pages: pages.map(({ node }) => node.assets),
    statics,
    worker: run.serviceWorker,
    workDir: config.cacheDir,
  });
  serviceWorkerFiles.catch(() => undefined);
  const search = config.site.search === false ? undefined : await reporter.stage('search index', () => searchFiles(run, pages, files, digests));
  // The .br and .gz copies emit will write are compressed while the stages below run, on the core they leave idle.
  const ahead = await compressAhead({ outDir: config.outDir, cacheDir: config.cacheDir, files, digests });
  try {
    // The summary's figure is the size of the index files' .gz copies: compressed once, for both. Awaited at the end.
    const searchSummary = search?.summary((file) => ahead.copy(`${file}.gz`));
    searchSummary?.catch(() => undefined);
    const serviceWorker = await reporter.stage('service worker', () => serviceWorkerFiles);
    for (const [file, body] of serviceWorker.files) files.set(file, body);
    const checks = await reporter.stage('check links', () => checkPageLinks(config, pages, [...staticOutputs(statics), ...files.keys()]));
    throwIfAny(checks.errors);
    warnings.push(...checks.warnings);
    const written = await reporter.stage('emit', (progress) =>
      emit({ outDir: config.outDir, files, digests, statics, cacheDir: config.cacheDir, precompress: true, ahead, progress }),
    );
    const staticOut = await staticSize(statics);
    const { api } = state;
    return {
      outDir: config.outDir,
      pages: table.routes.length,
      compiled: state.compiled.compiled,
      cached: state.compiled.cached,
      rendered: rendered.rendered,
      renderReused: rendered.reused,
      files: written.files + staticOut.files,
      bytes: written.bytes + staticOut.bytes,
      compressed: written.compressed,
      warnings,
      linksChecked: checks.checked,
      // Every page came compiled, bundled and rendered from the store: the build only put files in place.
      reused: state.compiled.compiled === 0 && state.bundled.built === 0 && !state.bundled.shared && rendered.rendered === 0,
      ...(searchSummary ? { search: await searchSummary } : {}),
      serviceWorker: serviceWorker.summary,
      ...(api ? { api: { modules: api.modules, classes: api.classes, interfaces: api.interfaces, ranTypeDoc: api.ranTypeDoc } } : {}),
    };
  } finally {
    // Nothing compressed ahead outlives the build, done or failed.
    ahead.dispose();
  }
}

/** The render stage: every page of the route table in the worker pool, or from the store where an earlier build rendered it. */
async function renderPages(run: BuildRun, progress: StageProgress) {
  const { state, config } = run;
  const rendered = await prerender({
    jobs: [...state.pages.values()],
    renderer: state.renderer,
    site: state.table.site,
    pool: run.pool,
    cache: run.renderCache,
    siteDir: config.siteDir,
    progress,
    ...(state.pageMap ? { pageMap: (node) => state.pageMap!(node.entry.route, node.serverModule) } : {}),
  });
  throwIfAny(rendered.errors);
  return rendered;
}

/** The search index stage, its files added to the output: records.json in pieces, a shard as a body read only if emit must write it. */
async function searchFiles(run: BuildRun, pages: RenderedNode[], files: Map<string, Body>, digests: Map<string, string>) {
  const site = run.state.table.site;
  const search = await searchIndexStage({
    // Each page's URL picks its shard of the index (the URL its records carry).
    pages: pages.map(({ node, page }) => ({ ...page, url: new URL(node.entry.route, site.url).href })),
    site,
    locations: run.locations,
    cache: { store: run.store, fingerprint: run.fingerprint },
  });
  for (const [file, body] of search.files) {
    const digest = search.digests.get(file);
    const whole = typeof body === 'string' || Buffer.isBuffer(body);
    if (digest && whole) digests.set(file, digest);
    files.set(file, whole ? body : Array.isArray(body) ? piecesBody(body as readonly Uint8Array[], digest) : (body as LazyBody));
  }
  return search;
}

/** The check links stage over every page and every file the output will hold (by its URL). */
async function checkPageLinks(config: ResolvedConfig, pages: RenderedNode[], outputFiles: string[]) {
  // The config's text, so that a broken link written there is reported at its line.
  const configSource = config.configFile ? await readFile(config.configFile, 'utf8').catch(() => undefined) : undefined;
  return checkLinks({
    routes: pages.map(({ node }) => node.entry),
    pages: pages.map(({ page }) => page),
    files: new Set(outputFiles.map((file) => `${config.site.baseUrl}${file}`)),
    onBrokenLinks: config.site.onBrokenLinks,
    onBrokenAnchors: config.site.onBrokenAnchors,
    ...(config.configFile && configSource !== undefined ? { config: { file: path.relative(config.siteDir, config.configFile), source: configSource } } : {}),
  });
}
