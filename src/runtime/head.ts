/** Keeps the document head in step with the page after a client-side navigation. */
import type { PageData, SiteData } from '../shared/types';

function setMeta(selector: string, attribute: 'content' | 'href', value: string | undefined) {
  const element = document.head.querySelector(selector);
  if (element && value !== undefined) element.setAttribute(attribute, value);
}

export function applyHead(site: SiteData, page: PageData): void {
  document.title = page.headTitle;
  const url = `${site.url}${page.route}`;
  const description = page.description ?? site.tagline;
  setMeta('meta[name="description"]', 'content', description);
  setMeta('meta[property="og:description"]', 'content', description);
  setMeta('meta[name="twitter:description"]', 'content', description);
  setMeta('meta[property="og:title"]', 'content', page.headTitle);
  setMeta('meta[name="twitter:title"]', 'content', page.headTitle);
  setMeta('meta[property="og:url"]', 'content', url);
  setMeta('link[rel="canonical"]', 'href', url);
  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.setAttribute('href', url);
}
