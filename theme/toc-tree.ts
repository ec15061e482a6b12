// Turns the flat, level-tagged table of contents into a tree for nested lists.
import type { TocItem } from '../src/shared/types';

export interface TocNode {
  item: TocItem;
  children: TocNode[];
}

export function nestToc(toc: readonly TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const open: TocNode[] = [];
  for (const item of toc) {
    const node: TocNode = { item, children: [] };
    while (open.length > 0 && open[open.length - 1]!.item.level >= item.level) open.pop();
    (open.length > 0 ? open[open.length - 1]!.children : roots).push(node);
    open.push(node);
  }
  return roots;
}
