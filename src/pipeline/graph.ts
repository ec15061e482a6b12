/**
 * The site graph: the stage list (stages.ts) run as one graph, which `docsite build` and `docsite
 * serve` both drive. Every stage keys what it makes by the digest of its inputs and keeps it in the
 * graph's store (graph-store.ts), so `update(changed)` redoes only what the change reaches.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type ResolvedConfig } from '../config/load';
import { createContentReader } from '../content/site-files';
import { isInsideFolder } from '../core/paths';
import { docsiteLocations } from '../infra/locations';
import { compilerFingerprint, docsiteFingerprint } from '../infra/pool';
import { NO_PROGRESS } from '../infra/reporter';
import { createStore } from '../infra/store';
import { bundlePages } from './bundle/chunks';
import { createKeptBundler, oneShotBundler, startBundler } from './bundle/bundler';
import { COMPILE_BATCH, compilerOptions, hasCompiledSite, warmCompilers } from './compile/compile';
import { createFirstPages } from './first-pages';
import { GraphStore } from './graph-store';
import { productOf, stageSignals, workDirOf, type GraphContext, type Pass, type Scope, type StageRun } from './pass';
import { linkedModuleMap } from './render/throw-site';
import { siteData } from './routes/routes';
import { blogsOf } from '../blog/instances';
import { loadSiteModel, rescanBodies, type SiteModel } from './scan/site-model';
import type { SiteGraph, SiteGraphOptions, SiteState, StageRunner } from './site-state';
import { apiReferenceStage, startApiReference } from './api-reference/stage';
import { bundlePagesStage } from './bundle/pages-stage';
import { bundleSharedStage, startThemeBundle, warmKeptRenderer } from './bundle/shared-stage';
import { compileStage } from './compile/stage';
import { linkStage } from './link/stage';
import { routesStage } from './routes/stage';
import { GRAPH_STAGES, type StageName } from './stages';

export type { GraphFile, PageNode, SiteGraph, SiteGraphOptions, SiteState, StageRunner } from './site-state';
export { likelyDocFiles } from './first-pages';

/** How the site graph runs each of its stages after the scan; config and scan decide what a pass is, and the graph runs them itself. */
const GRAPH_RUNS: Partial<Record<StageName, StageRun>> = {
  compile: compileStage,
  'api reference': apiReferenceStage,
  routes: routesStage,
  'bundle pages': bundlePagesStage,
  'bundle shared': bundleSharedStage,
  link: linkStage,
};

/** Stages whose inputs are ready as a pass starts (config and installed packages): they start then, and run beside the stages before them. */
const GRAPH_STARTS: ((pass: Pass) => void)[] = [startApiReference];

export function createSiteGraph(options: SiteGraphOptions): SiteGraph {
  const dev = options.mode === 'serve';
  const stage: StageRunner['stage'] = (name, run) => (options.reporter ? options.reporter.stage(name, run) : run(NO_PROGRESS));
  const memory = new GraphStore(dev);
  const graph: GraphContext = {
    options,
    dev,
    pool: options.pool,
    locations: docsiteLocations(),
    fingerprint: options.fingerprint ?? docsiteFingerprint(),
    workerFingerprint: compilerFingerprint(),
    bundler: dev ? createKeptBundler() : oneShotBundler,
    memory,
    ...(options.onRenderer ? { onRenderer: options.onRenderer } : {}),
  };
  let siteDir = path.resolve(options.siteDir);
  let scratch: string | undefined;

  /** Runs the stages after the scan, in the list's order, over one scope. Undefined when a few pages were asked for that the site does not have. */
  const runPass = async (config: ResolvedConfig, model: SiteModel, changed: Set<string> | undefined, scope: Scope): Promise<SiteState | undefined> => {
    const signals = stageSignals();
    const pass: Pass = { graph, config, model, scope, changed, store: createStore(config.cacheDir), errors: [], products: {}, ended: signals.ended };
    // A build's esbuild starts while the threads compile (the dev server's started with its theme bundle).
    if (!dev) startBundler();
    warmKeptRenderer(pass, siteData(config));
    for (const start of GRAPH_STARTS) start(pass);
    for (const name of GRAPH_STAGES) {
      const run = GRAPH_RUNS[name];
      if (!run) continue;
      // The dev server's first pages are made beside an update: only the update's stages are reported.
      const outcome = scope.only ? await run(pass, NO_PROGRESS) : await stage(name, (progress) => run(pass, progress));
      if (outcome === false) return undefined;
      signals.end(name);
    }
    const state = productOf(pass, 'site');
    state.pageMap = (route, serverModule) => pageMap(pass, route, serverModule);
    return state;
  };

  /** The config stage, run on every update: the last config while no file it was made from changed, loaded otherwise. */
  const configure = async (changed: Set<string> | undefined): Promise<ResolvedConfig> => {
    const last = memory.lastScan;
    const kept = dev && changed && last && memory.configHolds(last.config, changed, options.config) ? last.config : undefined;
    const config = options.resolved ?? (await stage('config', async () => kept ?? loadConfig(options)));
    siteDir = config.siteDir;
    options.onConfig?.(config);
    // The threads build their compilers while the scan runs. A build starts one here: a small site's
    // pages, or those changed since an earlier build, fit one thread's task (see warmForSite).
    if (dev && !memory.checkedOnce) warmCompilers(graph.pool, config);
    if (!dev) warmCompilers(graph.pool, config, undefined, 1);
    const workDir = workDirOf(graph, config);
    if (dev && scratch !== workDir) {
      // A dev server's folder from an earlier run (or one that was killed) goes before this one writes its own.
      await rm(workDir, { recursive: true, force: true });
      scratch = workDir;
    }
    return config;
  };

  /** The site model: the last scan again when `changed` holds only bodies of its pages and theme files, which the scan does not read. */
  const scan = async (config: ResolvedConfig, changed: Set<string> | undefined): Promise<SiteModel> =>
    stage('scan', async () => {
      const last = memory.lastScan;
      if (dev && changed && last?.config === config) {
        const themeDirs = [path.join(config.siteDir, 'src', 'theme'), graph.locations.themeDir];
        const content = [...changed].filter((file) => !themeDirs.some((dir) => isInsideFolder(dir, file)));
        const again = content.length === 0 ? last.model : await rescanBodies(last.model, content, options.files ?? (await createContentReader(config.siteDir)));
        if (again) return again;
      }
      return loadSiteModel(config, { includeDrafts: dev, fingerprint: graph.fingerprint, files: options.files });
    });

  const first = createFirstPages(graph, runPass, (config) => startThemeBundle(graph, config, siteData(config)));

  const updateWith = async (changed: Set<string> | undefined): Promise<SiteState> => {
    // The config once the dev server's scratch folder is ready: the first pages' bundles start from it while the site is scanned.
    const configuring = configure(changed);
    const scanning = configuring.then(async (config) => {
      const model = await scan(config, changed);
      if (!dev) warmForSite(graph, config, model);
      memory.externalFiles = model.externalFiles;
      memory.rememberConfig(config);
      if (dev) memory.lastScan = { config, model };
      return { config, model };
    });
    first.started(configuring, scanning);
    const { config, model } = await scanning;
    const state = (await runPass(config, model, changed, { kept: memory.site, modulesDir: 'server' }))!;
    first.finished();
    return state;
  };

  return {
    // A page body edit recompiles and rebundles that page; a title edit changes the route table, and
    // with it the page data of the pages that show it; a theme or stylesheet edit rebuilds the shared bundle.
    async update(changedFiles) {
      memory.invalidate(changedFiles);
      const state = await updateWith(memory.pending);
      memory.settle();
      return state;
    },
    invalidate: (files) => memory.invalidate(files),
    firstPages: first.pages,
    practise: first.practise,
    watchedPaths: () => [
      ...(memory.contentPaths ?? [path.join(siteDir, 'content')]),
      path.join(siteDir, 'src', 'theme'),
      options.config ? path.resolve(siteDir, options.config) : path.join(siteDir, 'site.config.ts'),
      // The modules the config imports: an edit to one is an edit to the config.
      ...memory.configInputs,
      graph.locations.themeDir,
      ...memory.externalFiles,
      ...memory.apiFiles(),
    ],
    async dispose() {
      await graph.bundler.dispose();
      if (dev && scratch) await rm(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * A build's other compile threads, started once the scan has found more pages than one thread's
 * task holds and the store keeps no results of an earlier build: every page then compiles, spread
 * over all the threads. A smaller site compiles on the one thread started ahead, as a second would
 * keep a core busy loading the compiler, shiki and react-dom/server and save nothing.
 */
function warmForSite(graph: GraphContext, config: ResolvedConfig, model: SiteModel): void {
  const pages = model.docs.length + model.pages.length + blogsOf(model).reduce((sum, blog) => sum + blog.posts.length, 0);
  const others = graph.pool.options.maxThreads - 1;
  if (others < 1 || pages <= COMPILE_BATCH || hasCompiledSite(config, graph.workerFingerprint)) return;
  warmCompilers(graph.pool, config, undefined, others);
}

/** The source map of an MDX page's Node module: the page compiled again with a map of its code, and its chunk bundled again with a map of the bundle. */
async function pageMap(pass: Pass, route: string, serverModule: string): ReturnType<NonNullable<SiteState['pageMap']>> {
  const { config } = pass;
  const { routes, input } = productOf(pass, 'routes');
  const index = routes.findIndex((entry) => entry.route === route);
  const entry = routes[index];
  if (!entry?.source || entry.module.type !== 'mdx' || config.site.markdown.preprocessor) return undefined;
  const file = path.join(config.siteDir, entry.source);
  const source = await readFile(file, 'utf8');
  // Loaded here: a build's main thread never compiles, so it does not load the compiler.
  const { createMdxCompiler } = await import('../mdx');
  const compiled = await createMdxCompiler(compilerOptions(config)).compile({ source, file, sourceMap: true });
  const chunk = (await bundlePages(input, [index], oneShotBundler, new Map(), true)).get(index);
  if (!compiled.map || !chunk?.map) return undefined;
  return linkedModuleMap({
    linked: await readFile(serverModule, 'utf8'),
    unlinked: chunk.code,
    map: chunk.map,
    content: { name: `content/${entry.route}`, map: compiled.map, file, code: compiled.code, source },
  });
}
