// Docusaurus's useBaseUrl: a site path with the base URL in front (`/img/a.png` -> `/docs-site/img/a.png`).
import { useSiteData } from '../site-context';

export interface BaseUrlOptions {
  /** Gives `https://example.com/base/path` instead of `/base/path`. */
  absolute?: boolean;
  /** Adds the base URL even when the path already starts with it. */
  forcePrependBaseUrl?: boolean;
}

/** What Docusaurus's `withBaseUrl` does: external URLs, anchors and `data:` pass through untouched. */
export function addBaseUrl(site: { url: string; baseUrl: string; staticBaseUrl?: string }, url: string, options: BaseUrlOptions = {}): string {
  if (url === '' || url.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')) return url;
  // On a page of another locale, a page's path leads into the locale; a file's to the one copy of the static files.
  const baseUrl = site.staticBaseUrl && isFilePath(url) ? site.staticBaseUrl : site.baseUrl;
  const origin = options.absolute ? site.url.replace(/\/+$/, '') : '';
  if (!options.forcePrependBaseUrl && url.startsWith(baseUrl)) return origin + url;
  if (url === '/') return origin + baseUrl;
  return origin + baseUrl + url.replace(/^\//, '');
}

/** A path whose last segment has an extension (`/img/a.png`, `/files/b.pdf?x`): a file, not a page. */
function isFilePath(url: string): boolean {
  return /\.[a-z0-9]+$/i.test(url.split(/[?#]/)[0]!);
}

export function useBaseUrlUtils(): { withBaseUrl(url: string, options?: BaseUrlOptions): string } {
  const site = useSiteData();
  return { withBaseUrl: (url, options) => addBaseUrl(site, url, options) };
}

export default function useBaseUrl(url: string, options: BaseUrlOptions = {}): string {
  return addBaseUrl(useSiteData(), url, options);
}
