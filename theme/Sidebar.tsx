// The docs sidebar navigation: which categories are open, reset from page data on every route change.
// Its markup carries Docusaurus's class names beside docsite's own (theme-doc-sidebar-*, menu__list-item,
// menu__list-item-collapsible, menu__link--sublist...), so a site's CSS written for Docusaurus's sidebar applies.
import { useCallback, useContext, useMemo, useState } from 'react';
import type { SidebarItemView, SidebarView } from '../src/shared/types';
import SidebarItems, { type SidebarState } from './SidebarItems';
import { cx } from './utils';
import { themeText } from './theme-text';
import { SiteContext } from './site-context';

export interface SidebarProps {
  sidebar: SidebarView;
  route: string;
  className?: string;
}

interface OpenState {
  route: string;
  sidebarId: string;
  /** Categories the visitor opened or closed on this route; others follow the page data. */
  open: Record<string, boolean>;
}

type Category = Extract<SidebarItemView, { type: 'category' }>;

export default function Sidebar({ sidebar, route, className }: SidebarProps) {
  const [state, setState] = useState<OpenState>({ route, sidebarId: sidebar.id, open: {} });
  let open = state.open;
  if (state.route !== route || state.sidebarId !== sidebar.id) {
    // A new page brings its own collapsed flags (its active path expanded): start from those.
    open = {};
    setState({ route, sidebarId: sidebar.id, open });
  }

  const autoCollapse = useContext(SiteContext)?.docsSidebar?.autoCollapseCategories !== false;
  const setOpen = useCallback(
    (key: string, value: boolean, siblings: readonly string[]) => {
      setState((prev) => {
        const next = { ...prev.open, [key]: value };
        // Auto-collapse: opening a category closes the open categories beside it.
        if (value && autoCollapse) for (const sibling of siblings) if (sibling !== key) next[sibling] = false;
        return { ...prev, open: next };
      });
    },
    [autoCollapse],
  );

  const shared = useMemo<SidebarState>(
    () => ({
      route,
      src: sidebar.src,
      isOpen: (item: Category) => !item.collapsible || (open[item.key] ?? !item.collapsed),
      setOpen,
    }),
    [route, sidebar.src, open, setOpen],
  );

  return (
    <nav aria-label={themeText('theme.docs.sidebar.navAriaLabel')} className={cx('sidebar', className)}>
      <ul className="theme-doc-sidebar-menu menu__list">
        <SidebarItems items={sidebar.items} level={1} state={shared} />
      </ul>
    </nav>
  );
}
