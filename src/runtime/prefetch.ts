/**
 * Prefetches a route's chunk when a link is hovered, touched or focused, and the chunks of the links in
 * view when the browser is idle; never on 2G or with data saving on, which would spend a reader's
 * scarce data ahead of need, and never twice.
 */
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** No prefetching on 2G (`2g`, `slow-2g`) or with data saving on. */
export function connectionAllowsPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

export function createPrefetcher(chunkFor: (pathname: string) => Promise<string | undefined>) {
  const done = new Set<string>();

  const prefetch = async (pathname: string) => {
    if (done.has(pathname) || !connectionAllowsPrefetch()) return;
    done.add(pathname);
    const chunk = await chunkFor(pathname).catch(() => undefined);
    if (!chunk) return;
    const link = document.createElement('link');
    const supportsModulePreload = link.relList?.supports?.('modulepreload');
    if (supportsModulePreload) {
      link.rel = 'modulepreload';
      link.href = chunk;
      document.head.appendChild(link);
    } else {
      void fetch(chunk, { credentials: 'include' }).catch(() => undefined);
    }
  };

  const onIntent = (event: Event) => {
    const url = routeLink((event.target as Element | null)?.closest?.('a'));
    if (url) void prefetch(url.pathname);
  };

  // Links scrolled into view wait for an idle moment, so prefetching never competes with the page's own work.
  let inView: IntersectionObserver | undefined;
  const watchLinksInView = () => {
    inView?.disconnect();
    if (typeof IntersectionObserver === 'undefined' || !connectionAllowsPrefetch()) return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const url = routeLink(entry.target);
        if (url && url.pathname !== window.location.pathname) whenIdle(() => void prefetch(url.pathname));
      }
    });
    for (const anchor of document.querySelectorAll('a[href]')) if (routeLink(anchor)) observer.observe(anchor);
    inView = observer;
  };

  return {
    listen() {
      document.addEventListener('mouseover', onIntent, { passive: true });
      document.addEventListener('touchstart', onIntent, { passive: true });
      document.addEventListener('focusin', onIntent);
      whenIdle(watchLinksInView);
      window.addEventListener('docsite:navigated', () => whenIdle(watchLinksInView));
    },
  };
}

/** A link to a page of this site, as the router would follow it; undefined for anything else. */
function routeLink(element: Element | null | undefined): URL | undefined {
  if (!(element instanceof HTMLAnchorElement) || !element.href || (element.target && element.target !== '_self')) return undefined;
  const url = new URL(element.href, window.location.href);
  if (
    url.origin !== window.location.origin ||
    url.pathname.startsWith('/_docsite/') ||
    /\.(xml|json|txt|pdf|zip|png|jpe?g|svg|gif|webp|ico)$/i.test(url.pathname)
  )
    return undefined;
  return url;
}

function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout: 2000 });
  else window.setTimeout(work, 200);
}
