// The items of one sidebar list level, telling each category which siblings it auto-collapses.
import type { SidebarItemView } from '../src/shared/types';
import SidebarCategory from './SidebarCategory';
import SidebarLink from './SidebarLink';

type Category = Extract<SidebarItemView, { type: 'category' }>;

/** What every item of one sidebar needs from the Sidebar that owns it. */
export interface SidebarState {
  route: string;
  /** URL of the full sidebar file, for categories whose items are not loaded yet. */
  src: string;
  isOpen(item: Category): boolean;
  setOpen(key: string, open: boolean, siblings: readonly string[]): void;
}

export interface SidebarItemsProps {
  items: SidebarItemView[];
  level: number;
  state: SidebarState;
}

export default function SidebarItems({ items, level, state }: SidebarItemsProps) {
  const siblings = items.flatMap((item) => (item.type === 'category' && item.collapsible ? [item.key] : []));
  return (
    <>
      {items.map((item, index) => {
        if (item.type === 'link') return <SidebarLink key={`link-${index}-${item.href}`} item={item} level={level} route={state.route} />;
        if (item.type === 'category') return <SidebarCategory key={`cat-${item.key}`} item={item} level={level} siblings={siblings} state={state} />;
        return null;
      })}
    </>
  );
}
