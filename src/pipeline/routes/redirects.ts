/**
 * Redirect pages from `redirects` in the config, and from a Docusaurus site's client-redirects
 * plugin once the routes are known: static HTML that forwards with or without JavaScript.
 */
import type { ParsedSiteConfig } from '../../config/schema';
import type { RouteRedirects } from '../../config/docusaurus/plugins/types';
import { DocsiteError } from '../../core/errors';
import { applyTrailingSlash, routeKey, routeToFile, unsafeRouteReason, withBase } from '../../core/paths';
import { escapeHtml } from '../../render/document';

export interface RedirectPage {
  /** The path as served, base URL included. */
  route: string;
  outFile: string;
  target: string;
  html: string;
}

interface Redirect {
  from: string;
  to: string;
  /** What made it, when not the config's `redirects`: `createRedirects of plugins[2]`. */
  madeBy?: string;
}

export function redirectPages(
  site: ParsedSiteConfig,
  takenRoutes: string[],
  configName: string,
  fromRoutes: { rules: RouteRedirects[]; routes: string[] } = { rules: [], routes: [] },
): { pages: RedirectPage[]; errors: DocsiteError[] } {
  const taken = new Set(takenRoutes.map(routeKey));
  // With `trailingSlash: false` the page `/a` is the file `a.html`, which a redirect from `/a.html` would replace.
  const takenFiles = new Set(takenRoutes.map((taken) => routeToFile(taken, site.trailingSlash)));
  const redirected = new Map<string, string>();
  const pages: RedirectPage[] = [];
  const errors: DocsiteError[] = [];
  const error = (message: string, hint: string, code: 'REDIRECT_SHADOWS_PAGE' | 'PLUGIN_FAILED' = 'REDIRECT_SHADOWS_PAGE') =>
    errors.push(new DocsiteError({ code, message, hint, loc: { file: configName } }));
  const all: Redirect[] = [...site.redirects, ...routeMadeRedirects(site.baseUrl, fromRoutes.routes, fromRoutes.rules, error)];
  for (const { from, to, madeBy } of all) {
    const route = withBase(site.baseUrl, from);
    const target = to.startsWith('/') ? applyTrailingSlash(withBase(site.baseUrl, to), site) : to;
    const earlier = redirected.get(routeKey(route));
    if (earlier !== undefined) {
      if (earlier !== target) error(`Two redirects start at ${from}: to ${earlier} and to ${target}.`, `Keep one of them in ${configName}.`);
      continue;
    }
    if (taken.has(routeKey(route)) || takenFiles.has(redirectFile(route, site.trailingSlash))) {
      error(
        `The redirect from ${from}${madeBy ? ` (made by ${madeBy})` : ''} would replace the page at that path.`,
        madeBy
          ? `Change ${madeBy} in ${configName} so that it makes no redirect from an existing page.`
          : `Remove the redirect from redirects in ${configName}, or move the page.`,
      );
      continue;
    }
    redirected.set(routeKey(route), target);
    pages.push({ route, outFile: redirectFile(route, site.trailingSlash), target, html: redirectHtml(target) });
  }
  return { pages, errors };
}

/** `/page.htm` is written as that file, as `/page.html` is, so a host serves it at its own URL. */
function redirectFile(route: string, trailingSlash: boolean | undefined): string {
  const clean = route.replace(/^\/+|\/+$/g, '');
  return clean.endsWith('.htm') ? clean : routeToFile(route, trailingSlash);
}

/**
 * The redirects Docusaurus's client-redirects plugin makes from the routes (each path without the
 * base URL, as the plugin sees them): `createRedirects` called with each, `/page.html` for each route
 * `/page` (fromExtensions), `/file` for each route `/file.zip` (toExtensions).
 */
function routeMadeRedirects(
  baseUrl: string,
  routes: string[],
  rules: RouteRedirects[],
  error: (message: string, hint: string, code: 'PLUGIN_FAILED') => void,
): Redirect[] {
  if (rules.length === 0) return [];
  const paths = routes.filter((route) => route.startsWith(baseUrl)).map((route) => `/${route.slice(baseUrl.length)}`);
  const made: Redirect[] = [];
  const hint = `Fix the createRedirects function of the client-redirects plugin (${rules.map((rule) => rule.path).join(', ')}).`;
  for (const rule of rules) {
    for (const existing of paths) {
      const last = existing.slice(existing.lastIndexOf('/') + 1);
      if (last && !last.includes('.'))
        for (const ext of rule.fromExtensions) made.push({ from: `${existing}.${ext}`, to: existing, madeBy: `fromExtensions of ${rule.path}` });
      for (const ext of rule.toExtensions)
        if (last.endsWith(`.${ext}`) && last.length > ext.length + 1)
          made.push({ from: existing.slice(0, -ext.length - 1), to: existing, madeBy: `toExtensions of ${rule.path}` });
      if (!rule.createRedirects) continue;
      let returned: unknown;
      try {
        returned = rule.createRedirects(existing);
      } catch (thrown) {
        error(`createRedirects threw for ${existing}: ${thrown instanceof Error ? thrown.message : String(thrown)}`, hint, 'PLUGIN_FAILED');
        continue;
      }
      for (const from of returned === undefined || returned === null ? [] : Array.isArray(returned) ? returned : [returned]) {
        const reason = typeof from !== 'string' || !/^\/[^?#]*$/.test(from) ? 'it is not a path starting with / (no query or hash)' : unsafeRouteReason(from);
        if (reason) error(`createRedirects returned ${JSON.stringify(from)} for ${existing}, which cannot be a redirect: ${reason}.`, hint, 'PLUGIN_FAILED');
        else if (from !== existing) made.push({ from, to: existing, madeBy: `createRedirects of ${rule.path} for ${existing}` });
      }
    }
  }
  return made;
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
