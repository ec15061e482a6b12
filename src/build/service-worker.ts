/**
 * The service worker stage: `sw.js` and the offline page, added to the build's files before emit.
 *
 * The worker's source is ours (src/runtime/sw/service-worker.ts), bundled with esbuild like the rest
 * of the client: it has to decide things workbox's generated workers cannot (skip precaching on 2G or
 * with data saving, keep a page only when it boots this build's runtime, drop the previous build's
 * caches, show the offline page only for pages never visited). Its precache list is written in where
 * it says `self.__WB_MANIFEST`, as workbox-build's injectManifest writes it (see precacheManifest).
 *
 * The list was once written by workbox-build itself, in a thread of its own, from a staging folder of
 * the precached files. A page's body edit changes the route manifest, which is precached, so nearly
 * every edit waited for that thread to load (0.2 to 0.4 s at 1000 pages) for a list of a dozen
 * files. The list is now made here from the bytes the build holds; test/unit/service-worker-manifest
 * holds it to workbox-build's, byte for byte.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { keptBundle } from '../exec/kept-bundle';
import { digestKey, type Store } from '../exec/store';
import { contentDigest } from './emit-record';
import type { Body } from './emit';
import type { DocumentAssets } from '../render/document';
import type { ServiceWorkerBuild } from '../runtime/sw/protocol';

export const SERVICE_WORKER_FILE = 'sw.js';
export const OFFLINE_PAGE_FILE = '_docsite/offline.html';
const NOT_FOUND_FILE = '404.html';
const ROUTE_MANIFEST_FILE = '_docsite/routes.json';
const FONT = /\.(woff2?|ttf|otf)$/i;
/** A file esbuild names after its content (`runtime-CIVRVZBT.js`): its URL is its revision. */
const HASHED_NAME = /-[A-Z0-9]{8}\.\w+$/;

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
}

export interface ServiceWorkerSummary {
  enabled: boolean;
  precacheFiles: number;
  precacheBytes: number;
}

/** The worker's code before this build's values are written in, and where sw.js is kept. */
export interface PreparedServiceWorker {
  code: Promise<string>;
  cache?: { store: Store; fingerprint: string };
}

/** The global the worker's source reads this build's values from (src/runtime/sw/service-worker.ts). */
const BUILD_GLOBAL = '__DOCSITE_SW__';

/** Names the way injectManifest spells the list, part of the key: a sw.js kept from another spelling is not taken. */
const MANIFEST_SPELLING = 'workbox-7-inject-manifest';

/** Store kind of the sw.js made, with its precache's count and size, by the digest of what it was made from. */
const KEPT_KIND = 'service-worker-file';

interface KeptWorker {
  sw: string;
  count: number;
  size: number;
}

/**
 * Starts bundling the worker (kept in the store while its sources stay the same; the build's values
 * are written in later, so the bundle is the same from build to build). A build calls this first
 * thing, so it happens while its workers compile and the main thread waits.
 */
export function prepareServiceWorker(options: { enabled: boolean; workerEntry: string; cache?: { store: Store; fingerprint: string } }): PreparedServiceWorker | undefined {
  if (!options.enabled) return undefined;
  const code = keptBundle({ entry: options.workerEntry, kind: 'service-worker', define: { 'process.env.NODE_ENV': '"production"' }, ...(options.cache ? { cache: options.cache } : {}) });
  // Awaited by the stage; until then a failure is not an unhandled rejection.
  code.catch(() => undefined);
  return { code, ...(options.cache ? { cache: options.cache } : {}) };
}

export async function createServiceWorkerFiles(options: ServiceWorkerOptions): Promise<{ files: Map<string, string>; summary: ServiceWorkerSummary }> {
  if (!options.enabled) {
    return { files: new Map([[SERVICE_WORKER_FILE, UNREGISTER_WORKER]]), summary: { enabled: false, precacheFiles: 0, precacheBytes: 0 } };
  }
  const { baseUrl } = options;
  const { worker: prepared } = options;
  if (!prepared) throw new Error('docsite: the service worker is on, but its source was not prepared');
  const offline = offlinePage(await readBody(options.files.get(NOT_FOUND_FILE)), options.title, options.pages[0]?.css ?? []);
  // Each precached file's bytes, read once for the build's id, the key and the list.
  const precached = new Map<string, string | Uint8Array>(await Promise.all([...precacheList(options)].map(async (file) => [file, await readBody(options.files.get(file))] as const)));
  precached.set(OFFLINE_PAGE_FILE, offline);
  const fonts = new Map(await Promise.all(options.statics.files.filter((file) => FONT.test(file)).map(async (file) => [file, await readFile(path.join(options.statics.dir, file))] as const)));

  const runtime = options.pages[0]?.runtime ?? `${baseUrl}assets/runtime.js`;
  const worker: ServiceWorkerBuild = { id: buildId(precached), runtime, offline: `${baseUrl}${OFFLINE_PAGE_FILE}`, manifest: `${baseUrl}${ROUTE_MANIFEST_FILE}` };
  // The bundle reads the global once; minifying leaves a global's name as it is.
  const bundled = await prepared.code;
  const [before, ...after] = bundled.split(BUILD_GLOBAL);
  if (after.length !== 1) throw new Error(`docsite: the service worker's bundle names ${BUILD_GLOBAL} ${after.length} times, not once`);
  const source = `${before}(${JSON.stringify(worker)})${after[0]}`;

  const { cache } = prepared;
  const digests = (files: Map<string, string | Uint8Array>) => [...files].flatMap(([file, bytes]) => [file, contentDigest(bytes)]);
  const key = cache && digestKey(cache.fingerprint, MANIFEST_SPELLING, baseUrl, source, String(precached.size), ...digests(precached), ...digests(fonts));
  let made = cache && key ? await cache.store.getJson<KeptWorker>(KEPT_KIND, key) : undefined;
  if (!isKeptWorker(made)) {
    made = injectManifest({ source, files: precacheFiles(precached, fonts), baseUrl });
    if (cache && key) {
      await cache.store.putJson(KEPT_KIND, key, made);
      await cache.store.retain(KEPT_KIND, [key]);
    }
  }
  return {
    files: new Map([
      [SERVICE_WORKER_FILE, made.sw],
      [OFFLINE_PAGE_FILE, offline],
    ]),
    summary: { enabled: true, precacheFiles: made.count, precacheBytes: made.size },
  };
}

/** The precached files by their path in the output: a generated file wins over a static font at the same path, as in emit. */
function precacheFiles(precached: Map<string, string | Uint8Array>, fonts: Map<string, Uint8Array>): Map<string, string | Uint8Array> {
  const files = new Map(precached);
  for (const [file, bytes] of fonts) if (!files.has(file)) files.set(file, bytes);
  return files;
}

/** Where workbox-build writes the precache list into a worker's source (its default `injectionPoint`). */
const INJECTION_POINT = /self\.__WB_MANIFEST/g;
/** A file larger than this is left out of the list, as workbox-build does with `maximumFileSizeToCacheInBytes`. */
const PRECACHE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The precache list of `files` written into `source`, as workbox-build's injectManifest writes it
 * when given the files in a folder with `globPatterns: ['**\/*']`, `modifyURLPrefix: { '': baseUrl }`,
 * `dontCacheBustURLsMatching: HASHED_NAME` and a transform sorting by URL: each file's URL under the
 * base URL with the md5 of its bytes as its revision (none for a name that holds its content's hash),
 * sorted by URL, in place of the injection point. A file under a folder or name beginning with a dot
 * is left out, as workbox's glob leaves it.
 */
export function injectManifest({ source, files, baseUrl }: { source: string; files: ReadonlyMap<string, string | Uint8Array>; baseUrl: string }): KeptWorker {
  const entries: { revision: string | null; url: string }[] = [];
  let size = 0;
  for (const [file, bytes] of files) {
    if (file.split('/').some((part) => part.startsWith('.'))) continue;
    const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
    if (length > PRECACHE_MAX_BYTES) continue;
    const url = `${baseUrl}${file}`;
    entries.push({ revision: HASHED_NAME.test(url) ? null : createHash('md5').update(bytes).digest('hex'), url });
    size += length;
  }
  entries.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const points = source.match(INJECTION_POINT)?.length ?? 0;
  if (points !== 1) throw new Error(`docsite: the service worker's source names self.__WB_MANIFEST ${points} times, not once`);
  // A string replacement, as workbox-build makes it ("$&" and the like in a URL would be read the same way).
  return { sw: source.replace(INJECTION_POINT, JSON.stringify(entries)), count: entries.length, size };
}

function isKeptWorker(kept: KeptWorker | undefined): kept is KeptWorker {
  return Boolean(kept && typeof kept.sw === 'string' && typeof kept.count === 'number' && typeof kept.size === 'number');
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

async function readBody(body: Body | undefined): Promise<string | Uint8Array> {
  if (body === undefined) return '';
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  return body.read();
}

/**
 * The offline page: the site's 404 page (its navbar, footer and styles) with an offline message in
 * its main element and no scripts, so it shows as it is without loading code it may not have.
 */
export function offlinePage(notFound: string | Uint8Array, title: string, css: string[]): string {
  const html = typeof notFound === 'string' ? notFound : new TextDecoder().decode(notFound);
  const message = '<h1>You are offline</h1><p>This page has not been read on this device yet, so it is not saved for offline reading. Pages you have read before still open.</p>';
  const main = /(<main\b[^>]*>)[\s\S]*?(<\/main>)/;
  if (!main.test(html)) {
    const links = css.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
    return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline | ${escape(title)}</title>${links}</head><body><main class="not-found"><div class="not-found__inner markdown">${message}</div></main></body></html>\n`;
  }
  return html
    .replace(main, (_, open: string, close: string) => `${open.replace(/class="[^"]*"/, 'class="not-found"')}<div class="not-found__inner markdown">${message}</div>${close}`)
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
