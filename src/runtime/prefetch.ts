/** Prefetches a route's chunk when a link is hovered or touched, except on 2G, with data saving, or when already done. */
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec 2.6: no prefetching on 2G (`2g`, `slow-2g`) or with data saving on. */
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
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor?.href) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || anchor.target === '_blank') return;
    void prefetch(url.pathname);
  };

  return {
    listen() {
      document.addEventListener('mouseover', onIntent, { passive: true });
      document.addEventListener('touchstart', onIntent, { passive: true });
      document.addEventListener('focusin', onIntent);
    },
  };
}
