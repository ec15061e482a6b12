/**
 * A doc's place in its sidebar: which sidebar it shows, its breadcrumbs and its previous and next
 * pages. Each page's view of its sidebar is made when first read and kept for the next table.
 */
import type { DocFrontMatter } from '../../content/frontmatter';
import { breadcrumbs, lazySidebar, namedSidebarSlice, readingOrder, readingPosition, sidebarContains } from '../../core/navigation';
import type { SidebarNode } from '../../core/sidebars';
import type { NavLink, PageData, SidebarItemView, SidebarView } from '../../shared/types';
import type { RouteContext } from './context';
import { docsSettingsOf, type DocsInstances, type ResolvedInstance } from './docs-instances';
import type { RouteTableMemo } from './types';

export type Navigation = Pick<PageData, 'sidebar' | 'prev' | 'next'> & { breadcrumbs: NavLink[] };

export interface Navigator {
  /** The navigation of the page at `route` in the docs instance `key` (the default one unless named). */
  navigationFor(route: string, frontMatter: DocFrontMatter, key?: string): Navigation;
  /** The sidebar views this table made or reused, for the memo to keep. */
  sidebarViews: Map<string, SidebarItemView[]>;
}

export function createNavigator(ctx: RouteContext, docs: DocsInstances, memo: RouteTableMemo | undefined): Navigator {
  const sidebarViews = new Map<string, SidebarItemView[]>();
  /** The page's sidebar, its view made when read: the last table's view when the sidebar is the same. */
  const sidebarFor = (own: ResolvedInstance, name: string, items: SidebarNode[], route: string): SidebarView => {
    const digest = own.sidebarDigests.get(name)!;
    const key = `${digest}\0${route}`;
    const kept = memo?.sidebarViews.get(key);
    if (kept) sidebarViews.set(key, kept);
    // An extra docs set's sidebar is named with its set, so a name the main docs use too stays apart (navbar-docs.ts names it so).
    return lazySidebar(own.instance.pluginId ? `${own.instance.pluginId}/${name}` : name, own.sidebarUrls.get(name)!, key, () => {
      const view = kept ?? namedSidebarSlice(items, route, digest);
      sidebarViews.set(key, view);
      return view;
    });
  };
  const navigationFor = (route: string, frontMatter: DocFrontMatter, key = docs.defaultKey): Navigation => {
    const own = docs.byKey.get(key);
    if (!own) return { breadcrumbs: [] };
    const name =
      frontMatter.displayed_sidebar === null
        ? undefined
        : (frontMatter.displayed_sidebar ?? [...own.sidebars.keys()].find((sidebar) => sidebarContains(own.sidebars.get(sidebar)!, route)));
    const items = name ? own.sidebars.get(name) : undefined;
    if (!name || !items) return { breadcrumbs: [] };
    const order = readingOrder(items);
    const at = readingPosition(items, route);
    // A front matter's pagination_prev/next names a doc by id; null hides the link.
    const pick = (id: string | null | undefined, fallback: NavLink | undefined): NavLink | undefined => {
      if (id === null) return undefined;
      if (id === undefined) return fallback;
      const target = own.docById.get(id);
      return target ? { label: target.frontMatter.pagination_label ?? ctx.docTitle(target), href: target.route } : fallback;
    };
    return {
      sidebar: sidebarFor(own, name, items, route),
      breadcrumbs: docsSettingsOf(ctx, own.instance.pluginId).breadcrumbs ? breadcrumbs(items, route) : [],
      prev: pick(frontMatter.pagination_prev, at > 0 ? order[at - 1] : undefined),
      next: pick(frontMatter.pagination_next, at >= 0 && at < order.length - 1 ? order[at + 1] : undefined),
    };
  };
  return { navigationFor, sidebarViews };
}
