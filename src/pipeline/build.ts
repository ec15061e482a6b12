/** `docsite build`: the site graph brought up to date once, every page rendered, links checked, and the output emitted. */
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadConfig, type LoadConfigOptions, type ResolvedConfig } from '../config/load';
import { DocsiteError, throwIfAny } from '../core/errors';
import { checkLinks } from './checks/checks';
import { compressAhead, emit } from './emit/emit';
import { checkOutputDir } from './emit/output-dir';
import type { ApiCounts } from '../api';
import { docsiteLocations } from '../infra/locations';
import { compilerFingerprint, createWorkerPool, docsiteFingerprint } from '../infra/pool';
import { hasCompiledSite, warmCompilers } from './compile/compile';
import { prerender } from './render/prerender';
import { createSiteGraph } from './graph';
import { createRenderCache } from './render/render-cache';
import { createStore } from '../infra/store';
import { acquireCacheLock } from '../infra/cache-lock';
import { damageMark, damagedSince } from '../infra/damage';
import type { Reporter } from '../infra/reporter';
import { loadSiteModel } from './scan/site-model';
import type { SearchFilesSummary } from '../search/search-files';
import { searchIndexStage } from './search/stage';
import { createServiceWorkerFiles, prepareServiceWorker, type PreparedServiceWorker, type ServiceWorkerSummary } from './service-worker/service-worker';
import { piecesBody, type Body, type LazyBody } from '../infra/body';

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
  /** The search records and the embedded index the build wrote. */
  search: SearchFilesSummary;
  /** The service worker's precache (what a first visit downloads ahead), or that the worker is off. */
  serviceWorker: ServiceWorkerSummary;
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
  const { reporter } = options;
  // A thread starts when a task needs one: a build that changes nothing starts none.
  const pool = createWorkerPool({ onDemand: true });
  try {
    const outDir = await checkOutputDir({
      siteDir: loaded.siteDir,
      outDir: loaded.outDir,
      contentDir: loaded.contentDir,
      cacheDir: loaded.cacheDir,
      configFile: loaded.configFile,
      sourceFiles: loaded.site.customCss.map((file) => path.resolve(loaded.siteDir, file)),
      docsiteRoot: docsiteLocations().root,
      force: options.force,
    });
    const config = { ...loaded, outDir };
    // Without the results of an earlier build every page compiles: the threads load the compiler
    // during the scan. With them, a build compiles the few pages changed since, if any: one thread
    // loads the compiler during the scan, so an edit's page does not wait for it after (a build that
    // changed nothing spent a core the scan leaves idle), and more start if more pages need them.
    warmCompilers(pool, config, undefined, hasCompiledSite(config, compilerFingerprint()) ? 1 : undefined);
    return await runStages(config, reporter, pool);
  } finally {
    await pool.destroy();
  }
}

async function runStages(config: ResolvedConfig, reporter: Reporter, pool: ReturnType<typeof createWorkerPool>): Promise<BuildSummary> {
  const fingerprint = docsiteFingerprint();
  const locations = docsiteLocations();
  // Made while the workers compile and the main thread mostly waits: the stage only writes the build's values in.
  const serviceWorkerReady = prepareServiceWorker({
    enabled: config.site.serviceWorker,
    workerEntry: path.join(locations.root, 'src', 'runtime', 'sw', 'service-worker.ts'),
    cache: { store: createStore(config.cacheDir), fingerprint },
  });
  try {
    return await stagesAfterPrepare({ config, reporter, pool, fingerprint, serviceWorkerReady });
  } finally {
    // workbox-build's thread, when the build started it and then did not need it.
    await serviceWorkerReady?.dispose();
  }
}

async function stagesAfterPrepare({ config, reporter, pool, fingerprint, serviceWorkerReady }: { config: ResolvedConfig; reporter: Reporter; pool: ReturnType<typeof createWorkerPool>; fingerprint: string; serviceWorkerReady: PreparedServiceWorker | undefined }): Promise<BuildSummary> {
  const locations = docsiteLocations();
  const model = await reporter.stage('scan', () => loadSiteModel(config, { includeDrafts: false, fingerprint }));
  const statics = { dir: path.join(config.contentDir, 'static'), files: model.staticFiles, siteDir: config.siteDir };
  const graph = createSiteGraph({ siteDir: config.siteDir, mode: 'build', pool, reporter, resolved: config, scanned: model, fingerprint });
  // The kept pages' pack (30 MB at 1000 pages) is read and its header decoded while the main thread
  // waits for the pages to compile, not after, when the render stage asks for it.
  const renderCache = createRenderCache(createStore(config.cacheDir));
  renderCache.prefetch?.();
  const state = await graph.update().finally(() => graph.dispose());
  const { table } = state;
  const api = state.api;
  const warnings = [...state.warnings];
  const jobs = [...state.pages.values()];
  // A new shared bundle changes what every page boots with, which the service worker precaches:
  // workbox-build will be needed, and loads in its thread while the pages render. A page edit only
  // fills the kept sw.js's slots (see service-worker.ts), and so does a build that changed nothing.
  if (state.bundled.shared) serviceWorkerReady?.workbox();
  const rendered = await reporter.stage('render', (progress) => prerender({ jobs, renderer: state.renderer, site: table.site, pool, cache: renderCache, siteDir: config.siteDir, progress, ...(state.pageMap ? { pageMap: (job) => state.pageMap!(job.entry.route, job.serverModule) } : {}) }));
  throwIfAny(rendered.errors);

  const files = new Map<string, Body>(state.files);
  const digests = new Map(state.digests);
  jobs.forEach((job, i) => {
    const page = rendered.pages[i]!;
    files.set(job.entry.outFile, page.html);
    if (page.digest) digests.set(job.entry.outFile, page.digest);
  });
  // The service worker precaches none of the search files: it is made while they are, workbox-build in its thread.
  const serviceWorkerFiles = createServiceWorkerFiles({
    enabled: config.site.serviceWorker,
    baseUrl: table.site.baseUrl,
    title: table.site.title,
    files: new Map(files),
    pages: jobs.map((job) => job.assets),
    statics,
    worker: serviceWorkerReady,
    workDir: config.cacheDir,
  });
  serviceWorkerFiles.catch(() => undefined);

  const search = await reporter.stage('search index', () =>
    searchIndexStage({
      // Each page's URL picks its shard of the index (the URL its records carry).
      pages: rendered.pages.map((page, i) => page && { ...page, url: new URL(jobs[i]!.entry.route, table.site.url).href }),
      site: table.site,
      locations,
      cache: { store: createStore(config.cacheDir), fingerprint },
    }),
  );
  for (const [file, body] of search.files) {
    const digest = search.digests.get(file);
    if (digest && (typeof body === 'string' || Buffer.isBuffer(body))) digests.set(file, digest);
    // records.json comes in pieces; a shard of the index as a body read only if emit must write it.
    files.set(file, typeof body === 'string' || Buffer.isBuffer(body) ? body : Array.isArray(body) ? piecesBody(body as readonly Uint8Array[], digest) : (body as LazyBody));
  }
  // The .br and .gz copies emit will write are compressed while the stages below run, on the core they leave idle.
  const ahead = await compressAhead({ outDir: config.outDir, cacheDir: config.cacheDir, files, digests });
  try {
    // The summary's figure is the size of the index files' .gz copies: compressed once, for both. Awaited at the end.
    const searchSummary = search.summary((file) => ahead.copy(`${file}.gz`));
    searchSummary.catch(() => undefined);
    const serviceWorker = await reporter.stage('service worker', () => serviceWorkerFiles);
    for (const [file, body] of serviceWorker.files) files.set(file, body);

    const checks = await reporter.stage('check links', async () => {
      const served = new Set<string>([...model.staticFiles, ...files.keys()].map((file) => `${config.site.baseUrl}${file}`));
      // The config's text, so that a broken link written there is reported at its line.
      const configSource = config.configFile ? await readFile(config.configFile, 'utf8').catch(() => undefined) : undefined;
      return checkLinks({
        routes: jobs.map((job) => job.entry),
        pages: rendered.pages,
        files: served,
        onBrokenLinks: config.site.onBrokenLinks,
        onBrokenAnchors: config.site.onBrokenAnchors,
        ...(config.configFile && configSource !== undefined ? { config: { file: path.relative(config.siteDir, config.configFile), source: configSource } } : {}),
      });
    });
    throwIfAny(checks.errors);
    warnings.push(...checks.warnings);

    const written = await reporter.stage('emit', (progress) => emit({ outDir: config.outDir, files, digests, statics, cacheDir: config.cacheDir, precompress: true, ahead, progress }));
    const staticBytes = await sizeOf(model.staticFiles.map((file) => path.join(statics.dir, file)));
    const summary = {
      outDir: config.outDir,
      pages: table.routes.length,
      compiled: state.compiled.compiled,
      cached: state.compiled.cached,
      rendered: rendered.rendered,
      renderReused: rendered.reused,
      files: written.files + model.staticFiles.length,
      bytes: written.bytes + staticBytes,
      compressed: written.compressed,
      warnings,
      linksChecked: checks.checked,
      // Every page came compiled, bundled and rendered from the store: the build only put files in place.
      reused: state.compiled.compiled === 0 && state.bundled.built === 0 && !state.bundled.shared && rendered.rendered === 0,
      search: await searchSummary,
      serviceWorker: serviceWorker.summary,
      ...(api ? { api: { modules: api.modules, classes: api.classes, interfaces: api.interfaces, ranTypeDoc: api.ranTypeDoc } } : {}),
    };
    return summary;
  } finally {
    // Nothing compressed ahead outlives the build, done or failed.
    ahead.dispose();
  }
}


async function sizeOf(files: string[]): Promise<number> {
  const sizes = await Promise.all(files.map((file) => stat(file).then((s) => s.size)));
  return sizes.reduce((a, b) => a + b, 0);
}
