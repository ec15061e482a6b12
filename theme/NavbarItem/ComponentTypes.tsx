// The navbar's item types under Docusaurus's names, each a component that takes an item's keys as a
// Docusaurus config writes them (and `mobile` in the phone menu) and draws it with the theme's own
// parts. A site's src/theme/NavbarItem/ComponentTypes spreads this map and adds its `custom-*` types.
import type { ComponentType, ReactNode } from 'react';
import { docsVersionsOf } from '../../src/shared/docs-versions';
import { docRef } from '../../src/shared/navbar-doc-ref';
import type { NavbarItem } from '../../src/shared/types';
import { addBaseUrl } from '../docusaurus/useBaseUrl';
import NavbarDropdown from '../NavbarDropdown';
import NavbarDropdownItem from '../NavbarDropdownItem';
import NavbarItemLink, { activeNavbarIndex } from '../NavbarItemLink';
import { usePreferredVersion, versionOfPage } from '../preferred-version';
import SearchBar from '../search/SearchBar';
import { usePageData, useSiteData } from '../site-context';

/** What every item type is given: Docusaurus's `mobile` in the phone menu, and the item's own keys. */
export interface NavbarItemProps {
  mobile?: boolean;
  position?: 'left' | 'right';
  className?: string;
  [key: string]: unknown;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);

/** In the phone menu an item is an entry of the menu's list, as Docusaurus draws it. */
function inMenu(mobile: boolean | undefined, node: ReactNode): ReactNode {
  return mobile ? <li className="menu__list-item">{node}</li> : node;
}

/** A link of the site (`to`, given the base URL) or elsewhere (`href`). */
function useHref(props: Record<string, unknown>): string {
  const site = useSiteData();
  return str(props.href) ?? addBaseUrl(site, str(props.to) ?? '/');
}

/** A resolved item drawn as a link, active as the navbar marks its own. */
function LinkItem({ item, mobile }: { item: NavbarItem; mobile?: boolean | undefined }) {
  const page = usePageData();
  const active = page ? activeNavbarIndex([item], page.route, page.sidebar?.id) === 0 : false;
  return inMenu(mobile, <NavbarItemLink item={item} active={active} variant={mobile ? 'menu' : 'bar'} />);
}

function DefaultNavbarItem(props: NavbarItemProps) {
  const href = useHref(props);
  const site = useSiteData();
  const activeBasePath = str(props.activeBasePath);
  const item: NavbarItem = {
    label: str(props.label) ?? '',
    href,
    position: props.position ?? 'left',
    ...(props.href !== undefined ? { external: true } : {}),
    ...(str(props.html) !== undefined ? { html: str(props.html)! } : {}),
    ...(str(props['aria-label']) ? { ariaLabel: str(props['aria-label'])! } : {}),
    ...(str(props.target) ? { target: str(props.target)! } : {}),
    ...(props.className ? { className: props.className } : {}),
    ...(activeBasePath ? { activeBasePath: addBaseUrl(site, activeBasePath.startsWith('/') ? activeBasePath : `/${activeBasePath}`) } : {}),
    ...(str(props.activeBaseRegex) ? { activeBaseRegex: str(props.activeBaseRegex)! } : {}),
  };
  return <LinkItem item={item} mobile={props.mobile} />;
}

function HtmlNavbarItem(props: NavbarItemProps) {
  const item: NavbarItem = {
    label: '',
    href: '',
    position: props.position ?? 'left',
    html: str(props.value) ?? '',
    ...(props.className ? { className: props.className } : {}),
  };
  return inMenu(props.mobile, <NavbarItemLink item={item} active={false} variant={props.mobile ? 'menu' : 'bar'} />);
}

function SearchNavbarItem({ mobile, className }: NavbarItemProps) {
  const site = useSiteData();
  // The phone menu has no search box: it stays in the bar, as under Docusaurus.
  if (mobile || !site.search) return null;
  return (
    <div className={className ? `navbar__search ${className}` : 'navbar__search'}>
      <SearchBar search={site.search} siteUrl={site.url} />
    </div>
  );
}

function DropdownNavbarItem(props: NavbarItemProps) {
  const site = useSiteData();
  const page = usePageData();
  const route = page?.route.replace(/\/$/, '');
  const links = list(props.items).map((link) => {
    const href = str(link.href) ?? addBaseUrl(site, str(link.to) ?? '/');
    return { label: str(link.label) ?? '', href, active: href.replace(/\/$/, '') === route };
  });
  const label = str(props.label) ?? '';
  const dropdown = <NavbarDropdown label={label} ariaLabel={label} links={links} variant={props.mobile ? 'menu' : 'bar'} className={props.className} />;
  return props.mobile ? dropdown : <div className="navbar__item">{dropdown}</div>;
}

/** The versions or locales dropdown, as the navbar draws its own. */
function FilledDropdown({ props, dropdown }: { props: NavbarItemProps; dropdown: 'docsVersions' | 'locales' }) {
  const site = useSiteData();
  const page = usePageData();
  const [preferred, savePreferred] = usePreferredVersion(site.docsVersions);
  if (!page) return null;
  const siteLinks = (key: string) =>
    list(props[key]).map((link) => ({ label: str(link.label) ?? '', href: str(link.href) ?? addBaseUrl(site, str(link.to) ?? '/') }));
  const pluginId = str(props.docsPluginId);
  const item: NavbarItem = {
    label: '',
    href: '',
    position: props.position ?? 'right',
    dropdown,
    ...(pluginId && pluginId !== 'default' ? { docsPluginId: pluginId } : {}),
    dropdownItemsBefore: siteLinks('dropdownItemsBefore'),
    dropdownItemsAfter: siteLinks('dropdownItemsAfter'),
    ...(props.className ? { className: props.className } : {}),
  };
  const variant = props.mobile ? 'menu' : 'bar';
  const drawn = <NavbarDropdownItem item={item} site={site} page={page} preferredVersion={preferred} savePreferredVersion={savePreferred} variant={variant} />;
  return props.mobile ? drawn : <div className="navbar__item">{drawn}</div>;
}

const DocsVersionDropdownNavbarItem = (props: NavbarItemProps) => <FilledDropdown props={props} dropdown="docsVersions" />;
const LocaleDropdownNavbarItem = (props: NavbarItemProps) => <FilledDropdown props={props} dropdown="locales" />;

/** A link to the version being read (or the preferred, or the latest) of a docs set: its label and first doc unless the item sets them. */
function DocsVersionNavbarItem(props: NavbarItemProps) {
  const site = useSiteData();
  const page = usePageData();
  const pluginId = str(props.docsPluginId);
  const versions = docsVersionsOf(site, pluginId);
  const [preferred] = usePreferredVersion(versions, pluginId && pluginId !== 'default' ? pluginId : undefined);
  const own = page?.docsPluginId === (pluginId === 'default' ? undefined : pluginId);
  const shown = versions && versions.length > 0 ? (versionOfPage(versions, own ? page?.docsVersion : undefined, preferred) ?? versions[0]) : undefined;
  const to = str(props.to);
  const href = to ? addBaseUrl(site, to) : shown?.href;
  if (!href) return null;
  const item: NavbarItem = {
    label: str(props.label) ?? shown?.label ?? '',
    href,
    position: props.position ?? 'left',
    ...(props.className ? { className: props.className } : {}),
  };
  return <LinkItem item={item} mobile={props.mobile} />;
}

/** A link to a doc or a sidebar's first page: the navbar's own item for it, which the build resolved; nothing when the navbar has none. */
function docLink(type: 'doc' | 'docSidebar', idKey: 'docId' | 'sidebarId') {
  return function DocNavbarItem(props: NavbarItemProps) {
    const site = useSiteData();
    const ref = docRef(type, str(props.docsPluginId), str(props[idKey]) ?? '');
    const resolved = site.navbar.find((item) => item.docRef === ref);
    if (!resolved) return null;
    const item: NavbarItem = {
      ...resolved,
      label: str(props.label) ?? resolved.label,
      ...(props.className ? { className: props.className } : {}),
    };
    return <LinkItem item={item} mobile={props.mobile} />;
  };
}

const ComponentTypes: Record<string, ComponentType<NavbarItemProps>> = {
  default: DefaultNavbarItem,
  localeDropdown: LocaleDropdownNavbarItem,
  search: SearchNavbarItem,
  dropdown: DropdownNavbarItem,
  html: HtmlNavbarItem,
  doc: docLink('doc', 'docId'),
  docSidebar: docLink('docSidebar', 'sidebarId'),
  docsVersion: DocsVersionNavbarItem,
  docsVersionDropdown: DocsVersionDropdownNavbarItem,
};

export default ComponentTypes;
