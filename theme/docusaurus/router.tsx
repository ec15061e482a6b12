/**
 * Docusaurus's @docusaurus/router, as far as docsite's client router goes: useLocation (the address
 * shown, updated on client navigations), a small useHistory whose push goes through the router as a
 * link click would, and <Redirect>, which replaces the address once the page runs in the browser.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { usePageData, useSiteData } from '../site-context';
import { followLink } from '../utils';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key?: string;
}

/** Re-renders on every change of the address: back and forward, and the router's navigations. */
function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener('docsite:navigated', listener);
  window.addEventListener('hashchange', listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener('docsite:navigated', listener);
    window.removeEventListener('hashchange', listener);
  };
}

export function useLocation(): Location {
  const site = useSiteData();
  const page = usePageData();
  // The build knows the page's path only; the browser's address agrees with it once hydrated.
  const built = page ? site.baseUrl + page.route.replace(/^\//, '') : site.baseUrl;
  const href = useSyncExternalStore(
    subscribe,
    () => window.location.href,
    () => built,
  );
  return useMemo(() => {
    if (!/^[a-z]+:/i.test(href)) return { pathname: href, search: '', hash: '', state: undefined };
    const url = new URL(href);
    return { pathname: url.pathname, search: url.search, hash: url.hash, state: window.history.state };
  }, [href]);
}

export interface History {
  push(to: string): void;
  replace(to: string): void;
  goBack(): void;
  goForward(): void;
  location: Location;
}

export function useHistory(): History {
  const location = useLocation();
  return useMemo(
    () => ({
      push: followLink,
      replace: (to: string) => window.location.replace(new URL(to, window.location.href).href),
      goBack: () => window.history.back(),
      goForward: () => window.history.forward(),
      location,
    }),
    [location],
  );
}

/** Sends the reader to `to` once the page runs; the built page shows nothing in its place. */
export function Redirect({ to, push = false }: { to: string; push?: boolean }): null {
  const history = useHistory();
  useEffect(() => {
    if (push) history.push(to);
    else history.replace(to);
  }, [history, to, push]);
  return null;
}
