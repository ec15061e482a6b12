/**
 * Client router: internal links load the target route's chunk while the current page stays shown,
 * switch on success and reload the whole page on failure; scroll goes to the hash or the top (not on
 * a query-only change), and back and forward, between pages or a page's hashes, return to where each
 * entry was; a progress bar shows for slow navigations only, so quick ones do not flash.
 */
import type { RouteModule } from '../shared/types';
import { routeCandidates } from '../shared/route-candidates';
import { createProgressBar } from './progress';
import { createPrefetcher } from './prefetch';

export interface RouterOptions {
  manifestUrl: string;
  initialRoute: string;
  render(mod: RouteModule): void;
  /** Whether a page can be shown in place of the current one; one that cannot is loaded as a whole page. */
  inPlace?(mod: RouteModule): boolean;
}

interface HistoryState {
  docsite: true;
  scrollX: number;
  scrollY: number;
}

const PROGRESS_DELAY_MS = 200;

/** Where a navigation leaves the page: a restored position, the hash's element, the top, or (a new query on the same page) where it was. */
function scrollAfter(target: URL, previous: URL, restore?: HistoryState): void {
  if (restore) {
    window.scrollTo(restore.scrollX, restore.scrollY);
    return;
  }
  if (target.hash) {
    const id = decodeURIComponent(target.hash.slice(1));
    const element = document.getElementById(id) ?? document.getElementsByName(id)[0];
    if (element) {
      element.scrollIntoView();
      return;
    }
  }
  if (target.pathname === previous.pathname && target.search !== previous.search) return;
  window.scrollTo(0, 0);
}

export function createRouter(options: RouterOptions) {
  let manifest: Promise<Record<string, string>> | undefined;
  let current = new URL(window.location.href);
  let navigationId = 0;
  const progress = createProgressBar(PROGRESS_DELAY_MS);

  const loadManifest = () => {
    manifest ??= fetch(options.manifestUrl, { cache: 'no-cache' }).then((res) => {
      if (!res.ok) throw new Error(`route manifest: HTTP ${res.status}`);
      return res.json() as Promise<Record<string, string>>;
    });
    manifest.catch(() => (manifest = undefined));
    return manifest;
  };

  /** The chunk for a path: exact match first, then without a trailing `index.html` or `.html`, then with/without a trailing slash. */
  const chunkFor = async (pathname: string): Promise<string | undefined> => {
    const routes = await loadManifest();
    const candidates = routeCandidates(pathname);
    for (const candidate of [...candidates]) if (candidate !== '/') candidates.push(candidate.endsWith('/') ? candidate.slice(0, -1) : `${candidate}/`);
    for (const candidate of candidates) if (routes[candidate]) return routes[candidate];
    return undefined;
  };

  const prefetcher = createPrefetcher((pathname) => chunkFor(pathname));

  const saveScroll = () => {
    const state: HistoryState = { ...(history.state ?? {}), docsite: true, scrollX: window.scrollX, scrollY: window.scrollY };
    history.replaceState(state, '');
  };

  const navigate = async (target: URL, mode: 'push' | 'pop', restore?: HistoryState) => {
    const id = ++navigationId;
    // A page may have changed its own query with history.replaceState (the gallery's filters do);
    // the address bar, not our last navigation, says where a push starts from.
    const previous = mode === 'push' ? new URL(window.location.href) : current;
    if (mode === 'push') saveScroll();
    progress.start();
    try {
      const chunk = await chunkFor(target.pathname);
      if (!chunk) throw new Error(`no route matches ${target.pathname}`);
      const mod = (await import(/* @vite-ignore */ chunk)) as RouteModule;
      if (id !== navigationId) return;
      if (options.inPlace && !options.inPlace(mod)) {
        if (mode === 'push') window.location.assign(target.href);
        else window.location.reload();
        return;
      }
      if (mode === 'push') history.pushState({ docsite: true, scrollX: 0, scrollY: 0 } satisfies HistoryState, '', target.href);
      current = target;
      options.render(mod);
      scrollAfter(target, previous, restore);
      window.dispatchEvent(new CustomEvent('docsite:navigated', { detail: { pathname: target.pathname } }));
    } catch (error) {
      if (id !== navigationId) return;
      console.warn(`docsite: could not load ${target.pathname}, reloading the page`, error);
      if (mode === 'push') window.location.assign(target.href);
      else window.location.reload();
    } finally {
      if (id === navigationId) progress.done();
    }
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !anchor.hasAttribute('href')) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.dataset.noRouter !== undefined) return;
    const target = new URL(anchor.href, window.location.href);
    if (target.origin !== window.location.origin) return;
    if (target.pathname.startsWith('/_docsite/') || /\.(xml|json|txt|pdf|zip|png|jpe?g|svg|gif|webp|ico)$/i.test(target.pathname)) return;
    const here = new URL(window.location.href);
    // Same page, only the hash differs: let the browser jump (and keep history) natively, after
    // noting where this entry is scrolled to, so back returns there.
    if (target.pathname === here.pathname && target.search === here.search && target.hash) {
      saveScroll();
      current = target;
      return;
    }
    event.preventDefault();
    if (target.href === here.href) return;
    void navigate(target, 'push');
  };

  const onPopState = (event: PopStateEvent) => {
    const target = new URL(window.location.href);
    const state = event.state as HistoryState | null;
    if (target.pathname === current.pathname && target.search === current.search) {
      // Back or forward within the page (between its hashes): scroll restoration is manual, so the
      // browser leaves the view where it is; put it where the entry was, as the browser would have.
      // An entry left before its position was noted goes to its hash, or the top.
      const previous = current;
      current = target;
      scrollAfter(target, previous, state?.docsite ? state : undefined);
      return;
    }
    void navigate(target, 'pop', state?.docsite ? state : { docsite: true, scrollX: 0, scrollY: 0 });
  };

  history.scrollRestoration = 'manual';
  if (!(history.state as HistoryState | null)?.docsite) saveScroll();
  document.addEventListener('click', onClick);
  window.addEventListener('popstate', onPopState);
  // Keep the scroll position of the current entry up to date, so back/forward and reloads restore it.
  let scrollTimer: number | undefined;
  window.addEventListener(
    'scroll',
    () => {
      window.clearTimeout(scrollTimer);
      scrollTimer = window.setTimeout(saveScroll, 100);
    },
    { passive: true },
  );
  window.addEventListener('pagehide', saveScroll);
  prefetcher.listen();

  return { navigate: (href: string) => navigate(new URL(href, window.location.href), 'push') };
}
