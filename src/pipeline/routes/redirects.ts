/** Redirect pages from `redirects` in the config: static HTML that forwards with or without JavaScript. */
import type { ParsedSiteConfig } from '../../config/schema';
import { DocsiteError } from '../../core/errors';
import { routeKey, routeToFile, withBase } from '../../core/paths';
import { escapeHtml } from '../../render/document';

export interface RedirectPage {
  /** The path as served, base URL included. */
  route: string;
  outFile: string;
  target: string;
  html: string;
}

export function redirectPages(site: ParsedSiteConfig, takenRoutes: string[], configName: string): { pages: RedirectPage[]; errors: DocsiteError[] } {
  const taken = new Set(takenRoutes.map(routeKey));
  const pages: RedirectPage[] = [];
  const errors: DocsiteError[] = [];
  for (const { from, to } of site.redirects) {
    const route = withBase(site.baseUrl, from);
    const target = to.startsWith('/') ? withBase(site.baseUrl, to) : to;
    if (taken.has(routeKey(route))) {
      errors.push(
        new DocsiteError({
          code: 'REDIRECT_SHADOWS_PAGE',
          message: `The redirect from ${from} would replace the page at that path.`,
          hint: `Remove the redirect from redirects in ${configName}, or move the page.`,
          loc: { file: configName },
        }),
      );
      continue;
    }
    taken.add(routeKey(route));
    pages.push({ route, outFile: routeToFile(route), target, html: redirectHtml(target) });
  }
  return { pages, errors };
}

function redirectHtml(target: string): string {
  const href = escapeHtml(target);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Redirecting to ${href}</title>`,
    `<meta http-equiv="refresh" content="0; url=${href}">`,
    `<link rel="canonical" href="${href}">`,
    `<script>location.replace(${JSON.stringify(target).replace(/</g, '\\u003c')});</script>`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${href}">${href}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
