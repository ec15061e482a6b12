/**
 * The site's service worker (bundled by the build, its precache list injected by workbox-build's
 * injectManifest). It precaches what every page boots with, keeps visited pages and the chunks they
 * loaded in caches named after this build, serves a small offline page for pages never visited, and
 * waits for the reader's consent before an update takes over, so an open tab never mixes two builds.
 */
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CACHE_PAGE, SKIP_WAITING, type CachePageMessage, type ServiceWorkerBuild } from './protocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };
/** Set by the build: this build's id, its runtime entry and its offline page. */
declare const __DOCSITE_SW__: ServiceWorkerBuild;

const build = __DOCSITE_SW__;
const PREFIX = 'docsite-';
const pagesCache = `${PREFIX}${build.id}-pages`;
const assetsCache = `${PREFIX}${build.id}-assets`;
const filesCache = `${PREFIX}${build.id}-files`;
const scope = new URL(self.registration.scope);

const precache = new PrecacheController({ cacheName: `${PREFIX}precache` });
precache.addToCacheList(self.__WB_MANIFEST);

/** No prefetching on 2G or with data saving on, as for links; precaching is prefetching the site's code. */
function connectionIsConstrained(): boolean {
  const connection = (self.navigator as WorkerNavigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !!connection && (!!connection.saveData || (connection.effectiveType ?? '').includes('2g'));
}

self.addEventListener('install', (event) => {
  if (connectionIsConstrained()) return;
  event.waitUntil(precache.install(event));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await precache.activate(event);
      // The previous build's pages and chunks go with it: a page from one build never runs with another's code.
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && !name.startsWith(`${PREFIX}${build.id}-`) && name !== `${PREFIX}precache`)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

/** Keeps a page only when it was made by this build (it boots this build's runtime), so a cached page and the precached code always agree. */
const thisBuildOnly: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return null;
    const html = await response.clone().text();
    return html.includes(build.runtime) ? response : null;
  },
};

const inScope = (url: URL) => url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
const isPage = (request: Request, url: URL) => inScope(url) && (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html'));

const pages = new StaleWhileRevalidate({ cacheName: pagesCache, plugins: [thisBuildOnly, new ExpirationPlugin({ maxEntries: 200 })] });
// Every file under assets/ carries its content hash in its name: a cached copy is never stale, so no request revalidates it.
const assets = new CacheFirst({ cacheName: assetsCache, plugins: [new ExpirationPlugin({ maxEntries: 400 })] });
// Everything else of the site a page loads: sidebars, the search index, the site's static images.
const files = new StaleWhileRevalidate({ cacheName: filesCache, plugins: [new ExpirationPlugin({ maxEntries: 100 })] });

function strategyFor(request: Request, url: URL): Strategy | undefined {
  if (request.method !== 'GET' || !inScope(url) || url.pathname === `${scope.pathname}sw.js`) return undefined;
  if (isPage(request, url)) return pages;
  if (url.pathname.startsWith(`${scope.pathname}assets/`)) return assets;
  return files;
}

// The route manifest names the route chunks of one build. A page of another build (fetched while this
// worker still serves the old one) asks with its own runtime's path and gets the server's manifest.
registerRoute(({ url }) => url.pathname === build.manifest && url.searchParams.get('runtime') !== build.runtime, new NetworkOnly());
registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^runtime$/] }));
registerRoute(
  ({ request, url }) => strategyFor(request, url) !== undefined,
  ({ request, url, event }) => strategyFor(request, url)!.handle({ request, event }),
);

// A page never visited, and no network: the offline page, in the site's chrome.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const offline = await precache.matchPrecache(build.offline);
    if (offline) return offline;
  }
  return Response.error();
});

/**
 * The first page a visitor opens loads before the worker controls it: the page sends its own URL and
 * the code it loaded, and they are cached as if they had come through the worker. The reply comes
 * once they are written.
 */
self.addEventListener('message', (event) => {
  const message = event.data as Partial<CachePageMessage> | null;
  if (message?.type !== CACHE_PAGE || typeof message.page !== 'string' || !Array.isArray(message.files)) return;
  const requests = [
    new Request(new URL(message.page, scope).href, { headers: { accept: 'text/html' } }),
    ...message.files.map((file) => new Request(new URL(file, scope).href)),
  ];
  const done = Promise.all(
    requests.map(async (request) => {
      const url = new URL(request.url);
      const strategy = precache.getCacheKeyForURL(url.href) ? undefined : strategyFor(request, url);
      // A file already kept is not fetched again (a page's HTML is: that is how a visited page stays fresh).
      if (!strategy || (strategy !== pages && (await caches.match(request)))) return;
      const [response, written] = strategy.handleAll({ request, event });
      await response.catch(() => undefined);
      await written.catch(() => undefined);
    }),
  );
  event.waitUntil(done);
  void done.then(() => event.ports[0]?.postMessage(true));
});
