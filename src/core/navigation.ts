/** Per-page navigation derived from a sidebar: the visible slice, breadcrumbs and prev/next links. */
import type { NavLink, SidebarItemView } from '../shared/types';
import type { SidebarNode } from './sidebars';

/** Where a route sits in a sidebar: the chain of categories above it. */
function ancestorsOf(items: SidebarNode[], route: string, trail: SidebarNode[] = []): SidebarNode[] | undefined {
  for (const item of items) {
    if (item.href === route) return [...trail, item];
    if (item.type === 'category') {
      const found = ancestorsOf(item.items, route, [...trail, item]);
      if (found) return found;
    }
  }
  return undefined;
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
        return { type: 'link', label: node.label, href: node.href, active: node.href === route || undefined, external: node.external, className: node.className };
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

/** The whole sidebar in view form, written to a JSON file for lazy expansion. */
export function sidebarFull(items: SidebarNode[]): SidebarItemView[] {
  return items.map((node) =>
    node.type === 'link'
      ? { type: 'link', label: node.label, href: node.href, external: node.external, className: node.className }
      : { type: 'category', label: node.label, key: node.key, href: node.href, collapsible: node.collapsible, collapsed: node.collapsed, items: sidebarFull(node.items), className: node.className },
  );
}

export function breadcrumbs(items: SidebarNode[], route: string): NavLink[] {
  const chain = ancestorsOf(items, route) ?? [];
  return chain.map((node) => ({ label: node.label, href: node.href ?? '' }));
}

/** Every page of a sidebar in reading order: category pages before their items. */
export function readingOrder(items: SidebarNode[]): NavLink[] {
  const out: NavLink[] = [];
  const walk = (nodes: SidebarNode[]) => {
    for (const node of nodes) {
      if (node.href && !(node.type === 'link' && node.external)) out.push({ label: node.label, href: node.href });
      if (node.type === 'category') walk(node.items);
    }
  };
  walk(items);
  return out;
}
