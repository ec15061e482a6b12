/**
 * `sitemap.xml` and `robots.txt`: what a search engine is told about the site. A site that ships its
 * own robots.txt under content/static keeps it.
 */
import { absoluteUrl, escapeHtml } from '../../render/document';
import type { SiteData } from '../../shared/types';
import type { RouteEntry } from './types';

export const SITEMAP_FILE = 'sitemap.xml';
export const ROBOTS_FILE = 'robots.txt';

/**
 * Every page a visitor can reach from the site: not the status pages, not unlisted pages, not pages
 * kept out of search engines such as unreleased docs, not redirects.
 */
export function sitemapXml(site: SiteData, routes: readonly RouteEntry[]): string {
  const urls = routes
    .filter((entry) => entry.page.kind !== 'notFound' && !entry.page.unlisted && !entry.page.noIndex)
    .map((entry) => `<url><loc>${escapeHtml(absoluteUrl(site, entry.route))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** Lets every crawler in and says where the sitemap is. */
export function robotsTxt(site: SiteData): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(site, `${site.baseUrl}${SITEMAP_FILE}`)}\n`;
}
