/** Link and anchor checks over the rendered pages: every page checked, one report, positions where the content has them. */
import { DocsiteError, fileByLevel } from '../core/errors';
import { routeKey } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import type { ReportLevel } from '../config/schema';
import type { RenderedPage } from './prerender';
import type { RouteEntry } from './routes';

export interface CheckInput {
  routes: RouteEntry[];
  pages: (RenderedPage | undefined)[];
  /** Paths of other files the site serves (static files, feeds), e.g. `/img/logo.svg`. */
  files: Set<string>;
  onBrokenLinks: ReportLevel;
  onBrokenAnchors: ReportLevel;
}

export interface CheckResult {
  errors: DocsiteError[];
  warnings: DocsiteError[];
  checked: number;
}

export function checkLinks(input: CheckInput): CheckResult {
  const byKey = new Map<string, number>();
  input.routes.forEach((entry, index) => byKey.set(routeKey(entry.route), index));
  const idsOf = new Map<number, Set<string>>();
  const errors: DocsiteError[] = [];
  const warnings: DocsiteError[] = [];
  let checked = 0;

  const findRoute = (pathname: string): number | undefined => {
    for (const candidate of routeCandidates(pathname)) {
      const found = byKey.get(routeKey(candidate));
      if (found !== undefined) return found;
    }
    return undefined;
  };

  // Most links are the same paths from the site's root on every page (the sidebar's, the navbar's,
  // the footer's): each is resolved once. A relative link is resolved once per page it is on.
  const resolved = new Map<string, { pathname: string; hash: string; target: number | undefined }>();
  const resolve = (href: string, route: string) => {
    const key = href.startsWith('/') ? href : `${route}\0${href}`;
    let found = resolved.get(key);
    if (!found) {
      const url = new URL(href, `http://docsite.invalid${route}`);
      let pathname: string;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = url.pathname;
      }
      found = { pathname, hash: url.hash ? decodeURIComponent(url.hash.slice(1)) : '', target: findRoute(pathname) };
      resolved.set(key, found);
    }
    return found;
  };

  input.routes.forEach((entry, index) => {
    const page = input.pages[index];
    if (!page || entry.page.kind === 'notFound') return;
    const seen = new Set<string>();
    for (const href of page.links) {
      if (seen.has(href) || !href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
      seen.add(href);
      checked++;
      const { pathname, hash, target } = resolve(href, entry.route);
      const where = entry.contentLinks.get(href);
      const loc = entry.source && where ? { file: entry.source, line: where.line, column: where.column } : undefined;
      if (target === undefined) {
        if (input.files.has(pathname)) continue;
        push(input.onBrokenLinks, new DocsiteError({
          code: 'BROKEN_LINK',
          message: `Broken link on ${entry.route}: "${href}" does not match any page.`,
          hint: where ? 'Fix the link in the content, or add the page it points to.' : 'The link comes from the theme or site.config.ts (navbar, footer or a component); fix it there.',
          loc,
        }));
        continue;
      }
      if (!hash) continue;
      let ids = idsOf.get(target);
      if (!ids) {
        ids = new Set(input.pages[target]?.ids ?? []);
        idsOf.set(target, ids);
      }
      if (!ids.has(hash)) {
        push(input.onBrokenAnchors, new DocsiteError({
          code: 'BROKEN_ANCHOR',
          message: `Broken anchor on ${entry.route}: "${href}" points at #${hash}, which ${input.routes[target]!.route} does not have.`,
          hint: 'Heading anchors are the heading text in lower case with dashes (or a {#custom-id}); check the target heading.',
          loc,
        }));
      }
    }
  });
  return { errors, warnings, checked };

  function push(level: ReportLevel, error: DocsiteError) {
    fileByLevel(level, error, errors, warnings);
  }
}
