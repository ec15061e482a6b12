/**
 * The service worker stage: `sw.js` and the offline page, added to the build's files before emit.
 * The worker's source is ours (src/runtime/sw/service-worker.ts), bundled with esbuild; workbox-build
 * writes the precache list into it, and the result is kept in the store for the next build.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { keptBundle } from '../../infra/kept-bundle';
import { type Store } from '../../infra/store';
import type { DocumentAssets } from '../../render/document';
import type { ServiceWorkerBuild } from '../../runtime/sw/protocol';
import { contentDigest, digestKey } from '../../infra/digest';
import { readBody, type Body } from '../../infra/body';

export const SERVICE_WORKER_FILE = 'sw.js';
export const OFFLINE_PAGE_FILE = '_docsite/offline.html';
const NOT_FOUND_FILE = '404.html';
const ROUTE_MANIFEST_FILE = '_docsite/routes.json';
const FONT = /\.(woff2?|ttf|otf)$/i;
/** A file esbuild names after its content (`runtime-CIVRVZBT.js`): its URL is its revision. */
const HASHED_NAME = /-[A-Z0-9]{8}\.\w+$/;
/**
 * Where the kept sw.js takes this build's id and the route manifest's revision. Both change with every
 * page edit, so workbox-build writes a worker with a slot for each and sw.js is kept by a digest of
 * everything else: a page edit fills the slots of the kept one, and only a change to what pages boot
 * with (the runtime, the stylesheets, a font, the offline page) runs workbox-build again.
 */
const BUILD_ID_SLOT = '__DOCSITE_BUILD_ID__';
const ROUTES_REVISION_SLOT = '__DOCSITE_ROUTES_REVISION__';

export interface ServiceWorkerOptions {
  /** `false`: ship a worker that unregisters itself and deletes the site's caches. */
  enabled: boolean;
  baseUrl: string;
  title: string;
  /** Every output so far, by path relative to the output root. */
  files: ReadonlyMap<string, Body>;
  /** The assets of each page: what every page boots with is precached. */
  pages: DocumentAssets[];
  /** content/static: its fonts are precached. */
  statics: { dir: string; files: string[] };
  /** The worker's source bundled, with `__DOCSITE_SW__` left for this build's values (see prepareServiceWorker); none when it is off. */
  worker: PreparedServiceWorker | undefined;
  /** A folder of docsite's own where workbox-build reads and writes (never the output folder). */
  workDir: string;
}

export interface ServiceWorkerSummary {
  enabled: boolean;
  precacheFiles: number;
  precacheBytes: number;
}

/** What workbox-build's injectManifest is told, less what a thread cannot be sent (its manifest transform, which the thread adds). */
interface InjectOptions {
  swSrc: string;
  swDest: string;
  globDirectory: string;
  globPatterns: string[];
  modifyURLPrefix: Record<string, string>;
  dontCacheBustURLsMatching: RegExp;
  maximumFileSizeToCacheInBytes: number;
  additionalManifestEntries: { url: string; revision: string }[];
}

/**
 * workbox-build in a thread, as loading its modules and compiling its options' schemas would hold up
 * the main thread: loading as soon as it is made, running injectManifest once when asked.
 */
interface Workbox {
  injectManifest(options: InjectOptions): Promise<{ count: number; size: number }>;
  dispose(): Promise<void>;
}

/** The worker's code before this build's values are written in, workbox-build when the stage needs it, and where sw.js is kept. */
export interface PreparedServiceWorker {
  code: Promise<string>;
  /** workbox-build's thread, started the first time it is asked for (or ahead, see prepareServiceWorker). */
  workbox(): Workbox;
  cache?: { store: Store; fingerprint: string };
  /** Stops workbox-build's thread, if it was started and is still there (the build took sw.js from the store, or failed). */
  dispose(): Promise<void>;
}

/** The global the worker's source reads this build's values from (src/runtime/sw/service-worker.ts). */
const BUILD_GLOBAL = '__DOCSITE_SW__';

/** Store kind of the sw.js workbox-build wrote, with its precache's count and size, by the digest of what it was made from. */
const KEPT_KIND = 'service-worker-file';

interface KeptWorker {
  sw: string;
  count: number;
  size: number;
}

/**
 * Starts what the stage needs that does not depend on the build: the worker bundled (kept in the
 * store while its sources stay the same; the build's values are written in later, so the bundle is
 * the same from build to build), and, when the store keeps no sw.js yet (a first build, which will
 * need it), workbox-build loaded. A build calls this first thing, so both happen while its workers
 * compile and the main thread waits. A later build loads workbox-build only if its sw.js changes.
 */
export function prepareServiceWorker(options: {
  enabled: boolean;
  workerEntry: string;
  cache?: { store: Store; fingerprint: string };
}): PreparedServiceWorker | undefined {
  if (!options.enabled) return undefined;
  const code = keptBundle({
    entry: options.workerEntry,
    kind: 'service-worker',
    define: { 'process.env.NODE_ENV': '"production"' },
    ...(options.cache ? { cache: options.cache } : {}),
  });
  let started: Workbox | undefined;
  const workbox = () => (started ??= startWorkbox());
  if (!options.cache || !existsSync(path.join(options.cache.store.dir, KEPT_KIND))) workbox();
  // Awaited by the stage; until then a failure is not an unhandled rejection.
  code.catch(() => undefined);
  return { code, workbox, dispose: async () => started?.dispose(), ...(options.cache ? { cache: options.cache } : {}) };
}

/**
 * The thread's code. It loads the one workbox-build module this needs (the package's index loads its
 * rollup bundler as well, slow to load and unused here), then waits for the options. The manifest is
 * sorted, so the same site gives the same sw.js byte for byte, whatever order the folder lists in.
 */
const WORKBOX_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { injectManifest } = require(workerData.module);
const byUrl = (a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);
parentPort.once('message', (options) => {
  injectManifest({ ...options, manifestTransforms: [async (entries) => ({ manifest: [...entries].sort(byUrl), warnings: [] })] }).then(
    (result) => parentPort.postMessage({ count: result.count, size: result.size }),
    (error) => parentPort.postMessage({ error: error instanceof Error ? error.stack || error.message : String(error) }),
  );
});
// injectManifest first checks its options against a JSON schema, which ajv compiles on first use
// (about 0.1 s) and keeps. The thread is started before the build needs it, so it checks a set of
// options now, while it waits: the build's call finds the schema compiled. A failure here costs nothing.
try {
  require(workerData.validate).validateInjectManifestOptions({ swSrc: 'sw.js', swDest: 'out/sw.js', globDirectory: 'out' });
} catch {}
`;

function startWorkbox(): Workbox {
  const require = createRequire(import.meta.url);
  const module = require.resolve('workbox-build/build/inject-manifest.js');
  const validate = require.resolve('workbox-build/build/lib/validate-options.js');
  const thread = new Worker(WORKBOX_THREAD, { eval: true, workerData: { module, validate } });
  // Loading ahead must not hold the process open: a build that fails before the stage just exits.
  thread.unref();
  const exited = new Promise<never>((_, reject) => {
    thread.once('error', reject);
    thread.once('exit', (code) => reject(new Error(`docsite: workbox-build's thread stopped (exit code ${code}) before writing sw.js`)));
  });
  exited.catch(() => undefined);
  return {
    async injectManifest(options) {
      thread.ref();
      const answer = new Promise<{ count: number; size: number } | { error: string }>((resolve) => thread.once('message', resolve));
      thread.postMessage(options);
      const result = await Promise.race([answer, exited]);
      await thread.terminate();
      if ('error' in result) throw new Error(`docsite: workbox-build failed to write sw.js: ${result.error}`);
      return result;
    },
    async dispose() {
      await thread.terminate();
    },
  };
}

export async function createServiceWorkerFiles(options: ServiceWorkerOptions): Promise<{ files: Map<string, string>; summary: ServiceWorkerSummary }> {
  if (!options.enabled) {
    return { files: new Map([[SERVICE_WORKER_FILE, UNREGISTER_WORKER]]), summary: { enabled: false, precacheFiles: 0, precacheBytes: 0 } };
  }
  const { baseUrl } = options;
  const { worker: prepared } = options;
  if (!prepared) throw new Error('docsite: the service worker is on, but its source was not prepared');
  const offline = offlinePage((await readBody(options.files.get(NOT_FOUND_FILE))) ?? '', options.title, options.pages[0]?.css ?? []);
  // Each precached file's bytes, read once for the build's id, the key and the staging folder.
  const precached = new Map<string, string | Uint8Array>(
    await Promise.all([...precacheList(options)].map(async (file) => [file, (await readBody(options.files.get(file))) ?? ''] as const)),
  );
  precached.set(OFFLINE_PAGE_FILE, offline);
  const fonts = new Map(
    await Promise.all(
      options.statics.files.filter((file) => FONT.test(file)).map(async (file) => [file, await readFile(path.join(options.statics.dir, file))] as const),
    ),
  );

  const runtime = options.pages[0]?.runtime ?? `${baseUrl}assets/runtime.js`;
  const worker: ServiceWorkerBuild = { id: BUILD_ID_SLOT, runtime, offline: `${baseUrl}${OFFLINE_PAGE_FILE}`, manifest: `${baseUrl}${ROUTE_MANIFEST_FILE}` };
  // The bundle reads the global once; minifying leaves a global's name as it is.
  const bundled = await prepared.code;
  const [before, ...after] = bundled.split(BUILD_GLOBAL);
  if (after.length !== 1) throw new Error(`docsite: the service worker's bundle names ${BUILD_GLOBAL} ${after.length} times, not once`);
  const source = `${before}(${JSON.stringify(worker)})${after[0]}`;

  // The route manifest is precached under a revision of ours, written in with the build's id.
  const routes = precached.get(ROUTE_MANIFEST_FILE);
  const staged = new Map(precached);
  staged.delete(ROUTE_MANIFEST_FILE);
  const { cache } = prepared;
  const digests = (files: Map<string, string | Uint8Array>) => [...files].flatMap(([file, bytes]) => [file, contentDigest(bytes)]);
  const key =
    cache &&
    digestKey(cache.fingerprint, workboxVersion(), baseUrl, source, String(routes !== undefined), String(staged.size), ...digests(staged), ...digests(fonts));
  let made = cache && key ? await cache.store.getJson<KeptWorker>(KEPT_KIND, key) : undefined;
  if (!isKeptWorker(made)) {
    const extra = routes === undefined ? [] : [{ url: `${baseUrl}${ROUTE_MANIFEST_FILE}`, revision: ROUTES_REVISION_SLOT }];
    made = await injectWithWorkbox({ source, precached: staged, fonts, extra, baseUrl, workDir: options.workDir, workbox: prepared.workbox() });
    if (cache && key) {
      await cache.store.putJson(KEPT_KIND, key, made);
      await cache.store.retain(KEPT_KIND, [key]);
    }
  }
  let sw = fillSlot(made.sw, BUILD_ID_SLOT, buildId(precached));
  if (routes !== undefined) sw = fillSlot(sw, ROUTES_REVISION_SLOT, contentDigest(routes));
  return {
    files: new Map([
      [SERVICE_WORKER_FILE, sw],
      [OFFLINE_PAGE_FILE, offline],
    ]),
    summary: { enabled: true, precacheFiles: made.count, precacheBytes: made.size + (routes === undefined ? 0 : Buffer.byteLength(routes)) },
  };
}

/** `text` with its one `slot` replaced by `value`; a worker with the slot missing or twice is a bug, not a build to ship. */
function fillSlot(text: string, slot: string, value: string): string {
  const parts = text.split(slot);
  if (parts.length !== 2) throw new Error(`docsite: sw.js holds ${parts.length - 1} places for ${slot}, not one`);
  return `${parts[0]}${value}${parts[1]}`;
}

/**
 * workbox-build run on a staging folder of the precached files: it lists, sizes and revisions files on
 * disk. Its injectManifest, not generateSW: the worker decides things generateSW's options cannot say
 * (skip precaching on 2G or with data saving, keep a page only when it boots this build's runtime,
 * drop the previous build's caches, show the offline page only for pages never visited).
 */
async function injectWithWorkbox(options: {
  source: string;
  precached: Map<string, string | Uint8Array>;
  fonts: Map<string, Uint8Array>;
  extra: InjectOptions['additionalManifestEntries'];
  baseUrl: string;
  workDir: string;
  workbox: Workbox;
}): Promise<KeptWorker> {
  const stage = path.join(options.workDir, `sw-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const site = path.join(stage, 'site');
    const put = async (file: string, bytes: string | Uint8Array) => {
      await mkdir(path.dirname(path.join(site, file)), { recursive: true });
      await writeFile(path.join(site, file), bytes);
    };
    await Promise.all([...options.precached, ...options.fonts].map(([file, bytes]) => put(file, bytes)));
    const swSrc = path.join(stage, 'sw-src.js');
    const swDest = path.join(stage, SERVICE_WORKER_FILE);
    await writeFile(swSrc, options.source);
    const result = await options.workbox.injectManifest({
      swSrc,
      swDest,
      globDirectory: site,
      globPatterns: ['**/*'],
      modifyURLPrefix: { '': options.baseUrl },
      dontCacheBustURLsMatching: HASHED_NAME,
      // The budget is the build's to report, not workbox's to enforce by leaving files out silently.
      maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
      additionalManifestEntries: options.extra,
    });
    return { sw: await readFile(swDest, 'utf8'), count: result.count, size: result.size };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

function isKeptWorker(kept: KeptWorker | undefined): kept is KeptWorker {
  return Boolean(kept && typeof kept.sw === 'string' && typeof kept.count === 'number' && typeof kept.size === 'number');
}

/** workbox-build's version, part of the key: another version may write another sw.js from the same files. */
function workboxVersion(): string {
  const manifest = createRequire(import.meta.url).resolve('workbox-build/package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * What every page boots with: the runtime, the stylesheets, the chunks every page preloads and the
 * route manifest (the router must read the manifest of the build whose code runs). Route chunks and
 * the chunks only some pages need are cached when a page first needs them.
 */
function precacheList(options: ServiceWorkerOptions): Set<string> {
  const { baseUrl, pages } = options;
  const toFile = (url: string) => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url);
  const list = new Set<string>();
  if (pages.length === 0) return list;
  let common = new Set(pages[0]!.preload);
  for (const page of pages.slice(1)) common = new Set(page.preload.filter((url) => common.has(url)));
  for (const url of [pages[0]!.runtime, ...pages[0]!.css, ...common]) list.add(toFile(url));
  list.add(ROUTE_MANIFEST_FILE);
  for (const file of options.files.keys()) if (FONT.test(file)) list.add(file);
  for (const file of list) if (!options.files.has(file)) list.delete(file);
  return list;
}

/** Names this build's caches: a digest of everything precached, so any change to what pages boot with gives new names. */
function buildId(precached: Map<string, string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const [file, bytes] of [...precached].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(file).update('\0').update(bytes).update('\0');
  return hash.digest('hex').slice(0, 12);
}

/**
 * The offline page: the site's 404 page (its navbar, footer and styles) with an offline message in
 * its main element and no scripts, so it shows as it is without loading code it may not have.
 */
export function offlinePage(notFound: string | Uint8Array, title: string, css: string[]): string {
  const html = typeof notFound === 'string' ? notFound : new TextDecoder().decode(notFound);
  const message =
    '<h1>You are offline</h1><p>This page has not been read on this device yet, so it is not saved for offline reading. Pages you have read before still open.</p>';
  const main = /(<main\b[^>]*>)[\s\S]*?(<\/main>)/;
  if (!main.test(html)) {
    const links = css.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
    return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | ${escape(title)}</title>${links}</head><body><main class="not-found"><div class="not-found__inner markdown">${message}</div></main></body></html>\n`;
  }
  return html
    .replace(
      main,
      (_, open: string, close: string) =>
        `${open.replace(/class="[^"]*"/, 'class="not-found"')}<div class="not-found__inner markdown">${message}</div>${close}`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>Offline | ${escape(title)}</title>`)
    .replace(/<script type="module">[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\n?/g, '')
    .replace(/<meta name="robots"[^>]*>/, '<meta name="robots" content="noindex, nofollow">');
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The worker a site gets when its service worker is turned off, and the one `docsite serve` answers
 * with: it removes itself and the site's caches, then reloads the pages it held.
 */
export const UNREGISTER_WORKER = `// The service worker is turned off for this site: this one removes itself and what earlier ones cached.
// The caches go twice: the old worker may still answer a request of a tab it held, and reopen one, until the tab has reloaded.
function deleteCaches() {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name.indexOf('docsite-') === 0; }).map(function (name) { return caches.delete(name); }));
  });
}
self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (event) {
  event.waitUntil(
    deleteCaches()
      .then(function () { return self.registration.unregister(); })
      .then(function () { return self.clients.matchAll({ type: 'window' }); })
      .then(function (clients) { return Promise.all(clients.map(function (client) { return client.navigate(client.url).catch(function () {}); })); })
      .then(deleteCaches)
  );
});
`;
