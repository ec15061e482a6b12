// Docusaurus's useBaseUrl: a site path with the base URL in front (`/img/a.png` -> `/docs-site/img/a.png`).
import { useSiteData } from '../site-context';

export interface BaseUrlOptions {
  /** Gives `https://example.com/base/path` instead of `/base/path`. */
  absolute?: boolean;
  /** Adds the base URL even when the path already starts with it. */
  forcePrependBaseUrl?: boolean;
}

/** What Docusaurus's `withBaseUrl` does: external URLs, anchors and `data:` pass through untouched. */
export function addBaseUrl(site: { url: string; baseUrl: string }, url: string, options: BaseUrlOptions = {}): string {
  if (url === '' || url.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  // On a page of another locale the base URL is the locale's: a page's path and a file's lead into it,
  // where the locale's copy of the static files is.
  const { baseUrl } = site;
  const origin = options.absolute ? site.url.replace(/\/+$/, '') : '';
  if (!options.forcePrependBaseUrl && url.startsWith(baseUrl)) return origin + url;
  if (url === '/') return origin + baseUrl;
  return origin + baseUrl + url.replace(/^\//, '');
}

export function useBaseUrlUtils(): { withBaseUrl(url: string, options?: BaseUrlOptions): string } {
  const site = useSiteData();
  return { withBaseUrl: (url, options) => addBaseUrl(site, url, options) };
}

export default function useBaseUrl(url: string, options: BaseUrlOptions = {}): string {
  return addBaseUrl(useSiteData(), url, options);
}
