// The sticky top bar: brand, left and right items, the extras slot, and the mobile drawer toggle.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { contextualFilters } from '../src/shared/docs-versions';
import type { NavbarItem as NavbarItemData, PageData, SiteData } from '../src/shared/types';
import NavbarDropdownItem from './NavbarDropdownItem';
import { usePreferredVersion, versionOfPage } from './preferred-version';
import { MenuIcon } from './icons';
import MobileDrawer from './MobileDrawer';
import NavbarBrand from './NavbarBrand';
import NavbarItem from './NavbarItem';
import NavbarItemLink, { activeNavbarIndex } from './NavbarItemLink';
import ColorModeToggle from './ColorModeToggle';
import { useColorMode } from './docusaurus/theme-common';
import SearchBar from './search/SearchBar';
import { useHideOnScroll } from './use-hide-on-scroll';
import { cx } from './utils';
import { themeText } from './theme-text';

export interface NavbarProps {
  site: SiteData;
  page: PageData;
}

export default function Navbar({ site, page }: NavbarProps) {
  // The drawer is open only for the route it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  // Given to the toggle as Docusaurus gives it, for a site's own ColorModeToggle.
  const colorMode = useColorMode();
  const open = openOn === page.route;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const refocusToggle = useRef(false);
  const drawerId = useId();

  const close = useCallback((returnFocus: boolean) => {
    refocusToggle.current = returnFocus;
    setOpenOn(null);
  }, []);

  // Runs after the drawer's cleanup has lifted `inert` from the header.
  useEffect(() => {
    if (open || !refocusToggle.current) return;
    refocusToggle.current = false;
    toggleRef.current?.focus();
  }, [open]);

  const headerRef = useRef<HTMLElement>(null);
  const headerHeight = useCallback(() => headerRef.current?.offsetHeight ?? 0, []);
  const scrolledAway = useHideOnScroll(site.navbarHideOnScroll ?? false, headerHeight);
  // Focus inside the bar (a keyboard reader tabbing to it) brings it back.
  const [focusWithin, setFocusWithin] = useState(false);
  const hidden = scrolledAway && !open && !focusWithin;

  const [preferredVersion, savePreferredVersion] = usePreferredVersion(site.docsVersions);
  // Contextual search looks in the version and the language being read (outside the docs: the preferred version).
  const searchVersion = site.docsVersions
    ? versionOfPage(site.docsVersions, page.docsPluginId ? undefined : page.docsVersion, preferredVersion)?.name
    : undefined;
  // On a doc of another versioned docs set, that set is searched in the version being read.
  const searchSet = page.docsPluginId && page.docsVersion ? { id: page.docsPluginId, version: page.docsVersion } : undefined;
  const search = useMemo(
    () =>
      site.search?.facetFilters
        ? {
            ...site.search,
            facetFilters: contextualFilters(site.search.facetFilters, {
              ...(searchVersion ? { version: searchVersion } : {}),
              ...(page.locale ? { language: page.locale } : {}),
              ...(searchSet ? { set: searchSet } : {}),
            }),
          }
        : site.search,
    [site.search, searchVersion, page.locale, searchSet?.id, searchSet?.version],
  );

  const items = site.navbar;
  const activeIndex = activeNavbarIndex(items, page.route, page.sidebar?.id);
  const dropdown = (item: NavbarItemData, variant: 'bar' | 'menu') => (
    <NavbarDropdownItem item={item} site={site} page={page} preferredVersion={preferredVersion} savePreferredVersion={savePreferredVersion} variant={variant} />
  );
  const searchBar = search ? <SearchBar search={search} siteUrl={site.url} /> : null;
  // A declared search item puts the box among the items, in its order; without one it is among the extras.
  const searchDeclared = items.some((item) => item.search);
  /**
   * A side's items in order. The search box stands between them outside `navbar__items`, so it stays
   * in the bar on narrow screens where the items move into the drawer.
   */
  const side = (position: 'left' | 'right') => {
    const itemsClass = position === 'right' ? 'navbar__items navbar__items--right' : 'navbar__items';
    const groups: ReactNode[] = [];
    let run: ReactNode[] = [];
    const flush = (always: boolean) => {
      if (run.length > 0 || always)
        groups.push(
          <div key={`items-${groups.length}`} className={itemsClass}>
            {run}
          </div>,
        );
      run = [];
    };
    items.forEach((item, index) => {
      if (item.position !== position) return;
      if (item.search) {
        flush(false);
        if (searchBar)
          groups.push(
            <div key={`search-${index}`} className={cx('navbar__search', item.className)}>
              {searchBar}
            </div>,
          );
      } else if (item.component) {
        run.push(<NavbarItem key={`${index}-${item.component.type}`} type={item.component.type} {...item.component.props} position={item.position} />);
      } else if (item.dropdown) {
        run.push(
          <div key={`${index}-${item.dropdown}`} className="navbar__item">
            {dropdown(item, 'bar')}
          </div>,
        );
      } else run.push(<NavbarItemLink key={`${index}-${item.href}`} item={item} active={index === activeIndex} variant="bar" />);
    });
    flush(groups.length === 0);
    return groups;
  };

  return (
    <>
      <header
        ref={headerRef}
        className={hidden ? 'navbar-header navbar-header--hidden' : 'navbar-header'}
        onFocus={() => setFocusWithin(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
        }}
      >
        <nav aria-label={themeText('theme.NavBar.navAriaLabel')} className="navbar">
          <div className="navbar__inner">
            <div className="navbar__side navbar__side--left">
              <button
                type="button"
                ref={toggleRef}
                className="navbar__toggle"
                aria-label="Toggle navigation bar"
                aria-expanded={open}
                aria-haspopup="dialog"
                aria-controls={open ? drawerId : undefined}
                onClick={() => (open ? close(false) : setOpenOn(page.route))}
              >
                <MenuIcon />
              </button>
              <NavbarBrand site={site} />
              {side('left')}
            </div>
            <div className="navbar__side navbar__side--right">
              {side('right')}
              {/* Slot for the search button and the colour-mode toggle. */}
              <div className="navbar__extras">
                {site.colorMode?.disableSwitch ? null : (
                  <ColorModeToggle
                    defaultMode={site.colorMode?.defaultMode ?? 'light'}
                    system={site.colorMode?.respectPrefersColorScheme ?? false}
                    value={colorMode.colorMode}
                    onChange={colorMode.setColorMode}
                  />
                )}
                {searchDeclared ? null : searchBar}
              </div>
            </div>
          </div>
        </nav>
      </header>
      {open ? (
        <MobileDrawer
          id={drawerId}
          site={site}
          page={page}
          items={items}
          activeIndex={activeIndex}
          onClose={close}
          renderDropdown={(item) => dropdown(item, 'menu')}
        />
      ) : null}
    </>
  );
}
