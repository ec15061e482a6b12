/**
 * Link and anchor checks over the rendered pages: every page checked, one report, positions where
 * the content (or, for a navbar or footer link, the config) has them.
 */
import { DocsiteError, fileByLevel, locateQuoted } from '../../core/errors';
import type { ReportLevel } from '../../config/schema';
import type { RenderedPage } from '../render/prerender';
import type { RouteEntry } from '../routes/routes';
import { LinkTargets, type LinkTarget } from './link-targets';

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
  const targets = new LinkTargets(input.routes, input.pages);
  const report = new LinkReport(input);
  let checked = 0;
  input.routes.forEach((entry, index) => {
    const page = input.pages[index];
    if (!page || entry.page.kind === 'notFound') return;
    const own = new Map<string, LinkTarget>();
    for (const href of page.links) {
      if (!isSiteLink(href)) continue;
      const found = targets.resolve(href, entry.route, own);
      if (found.seenOn === index) continue;
      found.seenOn = index;
      checked++;
      const { pathname, hash, target } = found;
      if (target === undefined) {
        if (!input.files.has(pathname)) report.brokenLink(entry, href);
      } else if (hash && !targets.hasAnchor(found)) {
        report.brokenAnchor(entry, href, hash, input.routes[target]!.route);
      }
    }
  });
  return { errors: report.errors, warnings: report.warnings, checked };
}

/** Whether `href` leads within the site: not empty, no scheme (`https:`, `mailto:`), not `//host`. */
function isSiteLink(href: string): boolean {
  // Most links are paths from the root (`/x`, not `//host`), which need no look for a scheme.
  if (href.startsWith('/')) return !href.startsWith('//');
  return href !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(href);
}

/** The broken links and anchors found, filed as errors or warnings as the config asks. */
class LinkReport {
  readonly errors: DocsiteError[] = [];
  readonly warnings: DocsiteError[] = [];
  /** Links the config writes, reported once each: a navbar or footer link is on every page. */
  private readonly reportedInConfig = new Set<string>();

  constructor(private readonly input: CheckInput) {}

  /** `href` on the page of `entry` reaches no page and no file. */
  brokenLink(entry: RouteEntry, href: string): void {
    const where = entry.contentLinks.get(href);
    const inConfig = where ? undefined : this.configPlace(href);
    if (inConfig) {
      if (this.reportedInConfig.has(href)) return;
      this.reportedInConfig.add(href);
      this.push(
        this.input.onBrokenLinks,
        new DocsiteError({
          code: 'BROKEN_LINK',
          message: `Broken link in ${inConfig.file}: "${href}" (shown on ${entry.route} and other pages) does not match any page.`,
          hint: 'Fix the link in the config (navbar, footer), or add the page it points to.',
          loc: inConfig,
        }),
      );
      return;
    }
    this.push(
      this.input.onBrokenLinks,
      new DocsiteError({
        code: 'BROKEN_LINK',
        message: `Broken link on ${entry.route}: "${href}" does not match any page.`,
        hint: where
          ? 'Fix the link in the content, or add the page it points to.'
          : entry.source
            ? 'The link is on this page, written in a component or in the theme; fix it there.'
            : 'The link comes from the theme or site.config.ts (navbar, footer or a component); fix it there.',
        loc: locationOf(entry, where) ?? (entry.source ? { file: entry.source } : undefined),
      }),
    );
  }

  /** `href` on the page of `entry` reaches the page at `targetRoute`, which has no anchor `hash`. */
  brokenAnchor(entry: RouteEntry, href: string, hash: string, targetRoute: string): void {
    this.push(
      this.input.onBrokenAnchors,
      new DocsiteError({
        code: 'BROKEN_ANCHOR',
        message: `Broken anchor on ${entry.route}: "${href}" points at #${hash}, which ${targetRoute} does not have.`,
        hint: 'Heading anchors are the heading text in lower case with dashes (or a {#custom-id}); check the target heading.',
        loc: locationOf(entry, entry.contentLinks.get(href)),
      }),
    );
  }

  /** Where the config writes a link, when it writes it as it is. */
  private configPlace(href: string) {
    const { config } = this.input;
    if (!config) return undefined;
    const at = locateQuoted(config.file, config.source, href);
    return at.line === undefined ? undefined : at;
  }

  private push(level: ReportLevel, error: DocsiteError): void {
    fileByLevel(level, error, this.errors, this.warnings);
  }
}

/** Where the content has a link, when it has it. */
function locationOf(entry: RouteEntry, where: { line: number; column: number } | undefined) {
  return entry.source && where ? { file: entry.source, line: where.line, column: where.column } : undefined;
}
