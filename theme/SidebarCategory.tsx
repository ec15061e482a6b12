// A collapsible sidebar category: label link plus caret, or a toggle button; loads missing items on expand.
import { useEffect, useId, useState } from 'react';
import type { SidebarItemView } from '../src/shared/types';
import Collapsible from './Collapsible';
import { findCategoryItems, useSidebarCache } from './sidebar-cache';
import SidebarItems, { type SidebarState } from './SidebarItems';
import { cx } from './utils';

export interface SidebarCategoryProps {
  item: Extract<SidebarItemView, { type: 'category' }>;
  level: number;
  /** Keys of the collapsible categories in the same list, closed when this one opens. */
  siblings: readonly string[];
  state: SidebarState;
}

export default function SidebarCategory({ item, level, siblings, state }: SidebarCategoryProps) {
  const cache = useSidebarCache();
  const listId = useId();
  const [fetched, setFetched] = useState<SidebarItemView[]>();
  const [loading, setLoading] = useState(false);

  const loadedTree = item.items === undefined ? cache.peek(state.src) : undefined;
  const children = item.items ?? fetched ?? (loadedTree && findCategoryItems(loadedTree, item.key));
  const expanded = state.isOpen(item);
  const missing = children === undefined;

  // An open category without items (just expanded, or sent open by the page) fetches the sidebar file.
  const { src, setOpen } = state;
  useEffect(() => {
    if (!expanded || !missing) return;
    let current = true;
    setLoading(true);
    cache
      .load(src)
      .then((tree) => {
        const found = findCategoryItems(tree, item.key);
        if (!found) throw new Error(`Category "${item.key}" is not in ${src}`);
        if (current) setFetched(found);
      })
      .catch((error: unknown) => {
        if (!current) return;
        console.warn('docsite: could not load sidebar category', error);
        // Without its items the category is still reachable through its own page.
        if (item.href) window.location.assign(item.href);
        else setOpen(item.key, false, []);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
      setLoading(false);
    };
  }, [expanded, missing, cache, src, setOpen, item.key, item.href]);

  const active = item.active === true;
  const linkIsCurrent = item.href !== undefined && item.href === state.route;
  const toggle = () => state.setOpen(item.key, !expanded, siblings);
  const label = <span className="menu__label">{item.label}</span>;
  // Drawn by the stylesheet (a mask), not an inline SVG: a sidebar of many categories repeats it on every page.
  const caret = <span className="menu__caret-icon" aria-hidden="true" />;

  let header;
  if (!item.collapsible) {
    header = item.href ? (
      <a className={cx('menu__link', linkIsCurrent && 'menu__link--active')} href={item.href} aria-current={linkIsCurrent ? 'page' : undefined}>
        {label}
      </a>
    ) : (
      <span className="menu__link menu__link--static">{label}</span>
    );
  } else if (item.href) {
    header = (
      <>
        <a
          className={cx('menu__link', 'menu__link--category', 'menu__link--sublist', linkIsCurrent && 'menu__link--active')}
          href={item.href}
          aria-current={linkIsCurrent ? 'page' : undefined}
        >
          {label}
        </a>
        <button
          type="button"
          className="clean-btn menu__caret"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={`Toggle the ${item.label} category`}
          onClick={toggle}
        >
          {caret}
        </button>
      </>
    );
  } else {
    header = (
      <button
        type="button"
        className="menu__link menu__link--category menu__toggle menu__link--sublist menu__link--sublist-caret"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={toggle}
      >
        {label}
        {caret}
      </button>
    );
  }

  return (
    <li
      className={cx(
        'menu__item',
        'menu__item--category',
        `menu__item--level-${level}`,
        'theme-doc-sidebar-item-category',
        `theme-doc-sidebar-item-category-level-${level}`,
        'menu__list-item',
        !expanded && 'menu__item--collapsed',
        !expanded && 'menu__list-item--collapsed',
        active && 'menu__item--active',
        item.className,
      )}
      aria-busy={loading || undefined}
    >
      <div className={cx('menu__row', active && 'menu__row--active', 'menu__list-item-collapsible')}>{header}</div>
      <Collapsible open={expanded && !missing} id={listId} className="menu__list">
        {children ? <SidebarItems items={children} level={level + 1} state={state} /> : null}
      </Collapsible>
    </li>
  );
}
