/** Per-page navigation derived from a sidebar: the visible slice, breadcrumbs and prev/next links. */
import type { NavLink, SidebarItemView, SidebarView } from '../shared/types';
import type { SidebarNode } from './sidebars';

interface SidebarIndex {
  /** Route -> the chain of items from the top down to the first item (in reading order) that links to it. */
  chains: Map<string, SidebarNode[]>;
  order: NavLink[];
  /** Route -> its place in `order`. */
  positions: Map<string, number>;
}

// Every page asks the same sidebar where it sits; walking the tree once per sidebar keeps a site's
// navigation linear in its size rather than quadratic.
const indexes = new WeakMap<SidebarNode[], SidebarIndex>();

function indexOf(items: SidebarNode[]): SidebarIndex {
  let index = indexes.get(items);
  if (index) return index;
  const chains = new Map<string, SidebarNode[]>();
  const order: NavLink[] = [];
  const walk = (nodes: SidebarNode[], trail: SidebarNode[]) => {
    for (const node of nodes) {
      const chain = [...trail, node];
      if (node.href !== undefined && !chains.has(node.href)) chains.set(node.href, chain);
      if (node.href && !(node.type === 'link' && node.external)) order.push({ label: node.label, href: node.href });
      if (node.type === 'category') walk(node.items, chain);
    }
  };
  walk(items, []);
  const positions = new Map<string, number>();
  order.forEach((link, i) => {
    if (!positions.has(link.href)) positions.set(link.href, i);
  });
  index = { chains, order, positions };
  indexes.set(items, index);
  return index;
}

/** Where a route sits in a sidebar: the chain of categories above it. */
function ancestorsOf(items: SidebarNode[], route: string): SidebarNode[] | undefined {
  return indexOf(items).chains.get(route);
}

export function sidebarContains(items: SidebarNode[], route: string): boolean {
  return ancestorsOf(items, route) !== undefined;
}

/**
 * The part of a sidebar a page renders: every top-level item, and the children of the categories on
 * the path to the active page (or configured to start expanded). Other categories come without items
 * and load on demand, so a page's size does not grow with the size of the site.
 */
export function sidebarSlice(items: SidebarNode[], route: string): SidebarItemView[] {
  const path = new Set(ancestorsOf(items, route) ?? []);
  const view = (nodes: SidebarNode[]): SidebarItemView[] =>
    nodes.map((node) => {
      if (node.type === 'link') {
        return {
          type: 'link',
          label: node.label,
          href: node.href,
          active: node.href === route || undefined,
          external: node.external,
          className: node.className,
        };
      }
      const active = path.has(node);
      const open = active || !node.collapsed || !node.collapsible;
      return {
        type: 'category',
        label: node.label,
        key: node.key,
        href: node.href,
        collapsible: node.collapsible,
        collapsed: !open,
        active: active || undefined,
        items: open ? view(node.items) : undefined,
        className: node.className,
      };
    });
  return view(items);
}

/**
 * Names of sidebar views by what each is made from: `sidebarSlice` of a sidebar (named by the digest
 * of its `sidebarFull` JSON, which holds every field a slice reads) for one route. A view's name
 * stands for its JSON wherever a key must change when the view does, so keying a site's pages does
 * not write out every page's view, which grows with the pages times the sidebar.
 */
const viewNames = new WeakMap<SidebarItemView[], string>();

/** `sidebarSlice`, the view named by its sidebar's digest and the route. */
export function namedSidebarSlice(items: SidebarNode[], route: string, sidebarDigest: string): SidebarItemView[] {
  const view = sidebarSlice(items, route);
  viewNames.set(view, `${sidebarDigest}\0${route}`);
  return view;
}

/** Names of the views of sidebars made by `lazySidebar`, whose items may not be made yet. */
const lazyNames = new WeakMap<SidebarView, string>();

/**
 * A page's sidebar whose items, the view `make` returns (named `name`, as namedSidebarSlice names
 * it), are made when first read. A build after an edit bundles and renders a few pages: the other
 * pages' views are only named (see sidebarItemsName), so making them all would be work thrown away.
 * The items are an enumerable property, so the sidebar reads and serializes as a plain one.
 */
export function lazySidebar(id: string, src: string, name: string, make: () => SidebarItemView[]): SidebarView {
  let items: SidebarItemView[] | undefined;
  const sidebar = { id } as SidebarView;
  Object.defineProperty(sidebar, 'items', { enumerable: true, configurable: true, get: () => (items ??= make()) });
  sidebar.src = src;
  lazyNames.set(sidebar, name);
  return sidebar;
}

/** The name of a sidebar's view, read without making a lazy one's items; undefined for a view with none. */
export function sidebarItemsName(sidebar: SidebarView): string | undefined {
  return lazyNames.get(sidebar) ?? viewNames.get(sidebar.items);
}

/** The sidebar's fields but its items, read without making a lazy one's items. */
export function sidebarWithoutItems(sidebar: SidebarView): Omit<SidebarView, 'items'> {
  return Object.fromEntries(
    Object.keys(sidebar)
      .filter((key) => key !== 'items')
      .map((key) => [key, sidebar[key as keyof SidebarView]]),
  ) as Omit<SidebarView, 'items'>;
}

/** The whole sidebar in view form, written to a JSON file for lazy expansion. */
export function sidebarFull(items: SidebarNode[]): SidebarItemView[] {
  return items.map((node) =>
    node.type === 'link'
      ? { type: 'link', label: node.label, href: node.href, external: node.external, className: node.className }
      : {
          type: 'category',
          label: node.label,
          key: node.key,
          href: node.href,
          collapsible: node.collapsible,
          collapsed: node.collapsed,
          items: sidebarFull(node.items),
          className: node.className,
        },
  );
}

export function breadcrumbs(items: SidebarNode[], route: string): NavLink[] {
  const chain = ancestorsOf(items, route) ?? [];
  return chain.map((node) => ({ label: node.label, href: node.href ?? '' }));
}

/** Every page of a sidebar in reading order: category pages before their items. Shared: do not change it. */
export function readingOrder(items: SidebarNode[]): readonly NavLink[] {
  return indexOf(items).order;
}

/** Where a route first comes in the sidebar's reading order, or -1. */
export function readingPosition(items: SidebarNode[], route: string): number {
  return indexOf(items).positions.get(route) ?? -1;
}
