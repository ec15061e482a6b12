/** Link and anchor checks over the rendered pages: every page checked, one report, positions where the content has them. */
import { DocsiteError, fileByLevel, locateQuoted } from '../../core/errors';
import { routeKey } from '../../core/paths';
import { routeCandidates } from '../../shared/route-candidates';
import type { ReportLevel } from '../../config/schema';
import type { RenderedPage } from '../render/prerender';
import type { RouteEntry } from '../routes/routes';

export interface CheckInput {
  routes: RouteEntry[];
  pages: (RenderedPage | undefined)[];
  /** Paths of other files the site serves (static files, feeds), e.g. `/img/logo.svg`. */
  files: Set<string>;
  onBrokenLinks: ReportLevel;
  onBrokenAnchors: ReportLevel;
  /** The site config's file (relative to the site folder) and text: links the pages do not write may be written there. */
  config?: { file: string; source: string };
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
  const reportedInConfig = new Set<string>();
  /** Where the config writes a link, when it writes it as it is. */
  const configPlace = (href: string) => {
    if (!input.config) return undefined;
    const at = locateQuoted(input.config.file, input.config.source, href);
    return at.line === undefined ? undefined : at;
  };

  const findRoute = (pathname: string): number | undefined => {
    for (const candidate of routeCandidates(pathname)) {
      const found = byKey.get(routeKey(candidate));
      if (found !== undefined) return found;
    }
    return undefined;
  };

  /** Where a link goes: resolved once per href (once per page for a relative one), and whether its anchor is there. */
  interface Resolved {
    pathname: string;
    hash: string;
    target: number | undefined;
    /** The page whose links last reached this href: a page checks each href once. */
    seenOn: number;
    anchorFound?: boolean;
  }
  // Most links are the same paths from the site's root on every page (the sidebar's, the navbar's,
  // the footer's): each is resolved, and its anchor looked for, once. A relative link is resolved
  // once per page it is on, in that page's own map (a key joining route and href cost more than the rest).
  const rootLinks = new Map<string, Resolved>();
  const resolve = (href: string, route: string, own: Map<string, Resolved>): Resolved => {
    const known = href.startsWith('/') ? rootLinks : own;
    let found = known.get(href);
    if (!found) {
      // An anchor on the page itself (the table of contents' links, the headings'): the page's own path.
      if (PLAIN_FRAGMENT.test(href)) {
        const { pathname, target } = resolve('', route, own);
        found = { pathname, hash: href.slice(1), target, seenOn: -1 };
      } else {
        const url = new URL(href, `http://docsite.invalid${route}`);
        const pathname = decoded(url.pathname);
        found = { pathname, hash: url.hash ? decoded(url.hash.slice(1)) : '', target: findRoute(pathname), seenOn: -1 };
      }
      known.set(href, found);
    }
    return found;
  };
  const anchorFound = (found: Resolved): boolean => {
    if (found.anchorFound === undefined) {
      let ids = idsOf.get(found.target!);
      if (!ids) {
        ids = new Set(input.pages[found.target!]?.ids ?? []);
        idsOf.set(found.target!, ids);
      }
      found.anchorFound = ids.has(found.hash);
    }
    return found.anchorFound;
  };

  input.routes.forEach((entry, index) => {
    const page = input.pages[index];
    if (!page || entry.page.kind === 'notFound') return;
    const own = new Map<string, Resolved>();
    for (const href of page.links) {
      // Most links are paths from the root (`/x`, not `//host`), which need no look for a scheme.
      const rootPath = href.startsWith('/') && !href.startsWith('//');
      if (!rootPath && (!href || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//'))) continue;
      const found = resolve(href, entry.route, own);
      if (found.seenOn === index) continue;
      found.seenOn = index;
      checked++;
      const { pathname, hash, target } = found;
      if (target === undefined) {
        if (input.files.has(pathname)) continue;
        const where = entry.contentLinks.get(href);
        const inConfig = where ? undefined : configPlace(href);
        if (inConfig) {
          // A navbar or footer link is on every page: it is reported once, at the config's line.
          if (!reportedInConfig.has(href)) {
            reportedInConfig.add(href);
            push(input.onBrokenLinks, new DocsiteError({
              code: 'BROKEN_LINK',
              message: `Broken link in ${inConfig.file}: "${href}" (shown on ${entry.route} and other pages) does not match any page.`,
              hint: 'Fix the link in the config (navbar, footer), or add the page it points to.',
              loc: inConfig,
            }));
          }
          continue;
        }
        push(input.onBrokenLinks, new DocsiteError({
          code: 'BROKEN_LINK',
          message: `Broken link on ${entry.route}: "${href}" does not match any page.`,
          hint: where
            ? 'Fix the link in the content, or add the page it points to.'
            : entry.source
              ? 'The link is on this page, written in a component or in the theme; fix it there.'
              : 'The link comes from the theme or site.config.ts (navbar, footer or a component); fix it there.',
          loc: locationOf(entry, where) ?? (entry.source ? { file: entry.source } : undefined),
        }));
        continue;
      }
      if (!hash || anchorFound(found)) continue;
      push(input.onBrokenAnchors, new DocsiteError({
        code: 'BROKEN_ANCHOR',
        message: `Broken anchor on ${entry.route}: "${href}" points at #${hash}, which ${input.routes[target]!.route} does not have.`,
        hint: 'Heading anchors are the heading text in lower case with dashes (or a {#custom-id}); check the target heading.',
        loc: locationOf(entry, entry.contentLinks.get(href)),
      }));
    }
  });
  return { errors, warnings, checked };

  function push(level: ReportLevel, error: DocsiteError) {
    fileByLevel(level, error, errors, warnings);
  }
}

/**
 * `#name` with nothing a URL would change or decode: the anchor is the text after `#` as it is (a
 * URL drops tabs and line breaks, and decodes `%` escapes).
 */
const PLAIN_FRAGMENT = /^#[^%\t\n\r]*$/;

/** Where the content has a link, when it has it. */
function locationOf(entry: RouteEntry, where: { line: number; column: number } | undefined) {
  return entry.source && where ? { file: entry.source, line: where.line, column: where.column } : undefined;
}

/** A URL part decoded; left as it is when it holds a `%` that begins no escape. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
