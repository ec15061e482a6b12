// The mobile navigation dialog: navbar items and, on docs pages, the docs sidebar.
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import type { NavbarItem as NavbarItemData, PageData, SiteData } from '../src/shared/types';
import { CloseIcon } from './icons';
import NavbarBrand from './NavbarBrand';
import NavbarItem from './NavbarItem';
import NavbarItemLink from './NavbarItemLink';
import Sidebar from './Sidebar';
import { DESKTOP_QUERY } from './utils';

export interface MobileDrawerProps {
  id: string;
  site: SiteData;
  page: PageData;
  items: readonly NavbarItemData[];
  /** Index in `items` of the active item, or -1. */
  activeIndex: number;
  /** `returnFocus`: put focus back on the toggle button (Escape, close button, backdrop). */
  onClose(returnFocus: boolean): void;
  /** Renders a version or locale dropdown item as a list (the navbar's own rendering of it). */
  renderDropdown?(item: NavbarItemData): ReactNode;
}

export default function MobileDrawer({ id, site, page, items, activeIndex, onClose, renderDropdown }: MobileDrawerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    // Modal: everything beside the drawer becomes inert, so focus and screen readers stay inside.
    const others = Array.from(root?.parentElement?.children ?? []).filter((el) => el !== root && !el.hasAttribute('inert'));
    for (const el of others) el.setAttribute('inert', '');
    const html = document.documentElement;
    const previousOverflow = html.style.overflow;
    html.style.overflow = 'hidden';
    closeRef.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose(true);
      }
    };
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const onResize = () => {
      if (desktop.matches) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    desktop.addEventListener('change', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      desktop.removeEventListener('change', onResize);
      html.style.overflow = previousOverflow;
      for (const el of others) el.removeAttribute('inert');
    };
  }, [onClose]);

  // Following any link closes the drawer; later, so the click still reaches the router first.
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (!modified && (event.target as Element).closest('a[href]')) window.setTimeout(() => onClose(false), 0);
  };

  const sidebar = page.kind === 'doc' ? page.sidebar : undefined;
  return (
    <div className="mobile-drawer" ref={rootRef}>
      <div className="mobile-drawer__backdrop" aria-hidden="true" onClick={() => onClose(true)} />
      <div id={id} role="dialog" aria-modal="true" aria-label="Site navigation" className="mobile-drawer__panel" onClick={onPanelClick}>
        <div className="mobile-drawer__header">
          <NavbarBrand site={site} />
          <button type="button" ref={closeRef} className="mobile-drawer__close" aria-label="Close navigation bar" onClick={() => onClose(true)}>
            <CloseIcon />
          </button>
        </div>
        <div className="mobile-drawer__body">
          <nav aria-label="Site pages" className="mobile-drawer__nav">
            <ul className="menu__list">
              {items.map((item, index) =>
                // The search box stays in the bar.
                item.search ? null : item.component ? (
                  // The item's component draws its own entry of the list, as Docusaurus's do with `mobile`.
                  <NavbarItem
                    key={`${item.position}-${item.component.type}-${index}`}
                    type={item.component.type}
                    {...item.component.props}
                    position={item.position}
                    mobile
                    onClick={() => onClose(false)}
                  />
                ) : item.dropdown ? (
                  <li className="menu__item" key={`${item.position}-${item.dropdown}-${index}`}>
                    <ul className="menu__list">{renderDropdown?.(item)}</ul>
                  </li>
                ) : (
                  <li className="menu__item" key={`${item.position}-${item.href}-${item.label}`}>
                    <NavbarItemLink item={item} active={index === activeIndex} variant="menu" />
                  </li>
                ),
              )}
            </ul>
          </nav>
          {sidebar ? (
            <>
              <hr className="mobile-drawer__divider" />
              <Sidebar sidebar={sidebar} route={page.route} className="mobile-drawer__sidebar" />
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
