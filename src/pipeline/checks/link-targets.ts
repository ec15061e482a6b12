/**
 * Where the rendered pages' links go: each href resolved to a page of the site and an anchor, and
 * whether that page has the anchor. A link written the same on many pages is resolved once.
 */
import { routeKey } from '../../core/paths';
import { routeCandidates } from '../../shared/route-candidates';
import type { RenderedPage } from '../render/prerender';
import type { RouteEntry } from '../routes/routes';

/** Where a link goes, and whether its anchor is there. */
export interface LinkTarget {
  pathname: string;
  hash: string;
  /** The index of the route the link reaches, if any. */
  target: number | undefined;
  /** The page whose links last reached this href: a page checks each href once. */
  seenOn: number;
  anchorFound?: boolean;
}

/**
 * `#name` with nothing a URL would change or decode: the anchor is the text after `#` as it is (a
 * URL drops tabs and line breaks, and decodes `%` escapes).
 */
const PLAIN_FRAGMENT = /^#[^%\t\n\r]*$/;

export class LinkTargets {
  private readonly byKey = new Map<string, number>();
  /**
   * Most links are the same paths from the site's root on every page (the sidebar's, the navbar's,
   * the footer's): each is resolved, and its anchor looked for, once. A relative link is resolved
   * once per page it is on, in that page's own map (cheaper than a key joining route and href).
   */
  private readonly rootLinks = new Map<string, LinkTarget>();
  /** The anchors of each target page, gathered the first time a link asks for one of them. */
  private readonly idsOf = new Map<number, Set<string>>();

  constructor(
    routes: readonly RouteEntry[],
    private readonly pages: readonly (RenderedPage | undefined)[],
  ) {
    routes.forEach((entry, index) => this.byKey.set(routeKey(entry.route), index));
  }

  /** Where `href`, a link on the page at `route`, goes; `own` is that page's map of its relative links. */
  resolve(href: string, route: string, own: Map<string, LinkTarget>): LinkTarget {
    const known = href.startsWith('/') ? this.rootLinks : own;
    let found = known.get(href);
    if (!found) {
      // An anchor on the page itself (the table of contents' links, the headings'): the page's own path.
      if (PLAIN_FRAGMENT.test(href)) {
        const { pathname, target } = this.resolve('', route, own);
        found = { pathname, hash: href.slice(1), target, seenOn: -1 };
      } else {
        const url = new URL(href, `http://docsite.invalid${route}`);
        const pathname = decoded(url.pathname);
        found = { pathname, hash: url.hash ? decoded(url.hash.slice(1)) : '', target: this.findRoute(pathname), seenOn: -1 };
      }
      known.set(href, found);
    }
    return found;
  }

  /** Whether the page a link reaches has the link's anchor. */
  hasAnchor(found: LinkTarget): boolean {
    if (found.anchorFound === undefined) {
      let ids = this.idsOf.get(found.target!);
      if (!ids) {
        ids = new Set(this.pages[found.target!]?.ids ?? []);
        this.idsOf.set(found.target!, ids);
      }
      found.anchorFound = ids.has(found.hash);
    }
    return found.anchorFound;
  }

  private findRoute(pathname: string): number | undefined {
    for (const candidate of routeCandidates(pathname)) {
      const found = this.byKey.get(routeKey(candidate));
      if (found !== undefined) return found;
    }
    return undefined;
  }
}

/** A URL part decoded; left as it is when it holds a `%` that begins no escape. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
