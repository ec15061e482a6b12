// The sticky top bar: brand, left and right items, the extras slot, and the mobile drawer toggle.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { contextualFilters } from '../src/shared/docs-versions';
import type { NavbarItem, PageData, SiteData } from '../src/shared/types';
import NavbarDropdownItem from './NavbarDropdownItem';
import { usePreferredVersion, versionOfPage } from './preferred-version';
import { MenuIcon } from './icons';
import MobileDrawer from './MobileDrawer';
import NavbarBrand from './NavbarBrand';
import NavbarItemLink, { activeNavbarIndex } from './NavbarItemLink';
import ColorModeToggle from './ColorModeToggle';
import { useColorMode } from './docusaurus/theme-common';
import SearchBar from './search/SearchBar';
import { useHideOnScroll } from './use-hide-on-scroll';

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
  const searchVersion = site.docsVersions ? versionOfPage(site.docsVersions, page.docsVersion, preferredVersion)?.name : undefined;
  const search = useMemo(
    () =>
      site.search?.facetFilters
        ? {
            ...site.search,
            facetFilters: contextualFilters(site.search.facetFilters, {
              ...(searchVersion ? { version: searchVersion } : {}),
              ...(page.locale ? { language: page.locale } : {}),
            }),
          }
        : site.search,
    [site.search, searchVersion, page.locale],
  );

  const items = site.navbar;
  const activeIndex = activeNavbarIndex(items, page.route, page.sidebar?.id);
  const dropdown = (item: NavbarItem, variant: 'bar' | 'menu') => (
    <NavbarDropdownItem item={item} site={site} page={page} preferredVersion={preferredVersion} savePreferredVersion={savePreferredVersion} variant={variant} />
  );
  const side = (position: 'left' | 'right') =>
    items.map((item, index) =>
      item.position !== position ? null : item.dropdown ? (
        <div key={`${index}-${item.dropdown}`} className="navbar__item">
          {dropdown(item, 'bar')}
        </div>
      ) : (
        <NavbarItemLink key={`${index}-${item.href}`} item={item} active={index === activeIndex} variant="bar" />
      ),
    );

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
        <nav aria-label="Main" className="navbar">
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
              <div className="navbar__items">{side('left')}</div>
            </div>
            <div className="navbar__side navbar__side--right">
              <div className="navbar__items navbar__items--right">{side('right')}</div>
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
                {search ? <SearchBar search={search} siteUrl={site.url} /> : null}
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
