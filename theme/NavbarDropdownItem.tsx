// The navbar's self-filling dropdowns, as Docusaurus's docsVersionDropdown and localeDropdown: the
// docs versions (the same page in another version when it has one, else that version's first doc)
// and the locales (the same page in another locale), with the site's own links before and after.
// A version dropdown with a single entry is a plain link; a locale dropdown is a menu even for one.
// A version dropdown is the main docs' or, with `docsPluginId`, another docs set's: on a page of
// another set (or no doc) it shows the preferred or latest version and links to each one's first doc.
// A dropdown of the site's own links (Docusaurus's `dropdown` item) is its label over those links.
import type { NavbarItem, NavLink, PageData, SiteData } from '../src/shared/types';
import { LanguageIcon } from './icons';
import NavbarDropdown, { type DropdownEntry, type DropdownLink } from './NavbarDropdown';
import NavbarItemLink from './NavbarItemLink';
import { docsVersionsOf } from '../src/shared/docs-versions';
import { usePreferredVersion, versionOfPage } from './preferred-version';
import { cx } from './utils';
import { themeText } from './theme-text';

export interface NavbarDropdownItemProps {
  item: NavbarItem;
  site: SiteData;
  page: PageData;
  preferredVersion: string | undefined;
  savePreferredVersion(name: string): void;
  variant: 'bar' | 'menu';
}

const ownLink = (link: NavLink): DropdownLink => ({ label: link.label, href: link.href, active: false });

export default function NavbarDropdownItem({ item, site, page, preferredVersion, savePreferredVersion, variant }: NavbarDropdownItemProps) {
  // The main docs' preferred version is the navbar's (its search follows it); another docs set keeps its own.
  const setVersions = item.dropdown === 'docsVersions' && item.docsPluginId ? docsVersionsOf(site, item.docsPluginId) : undefined;
  const [setPreferred, saveSetPreferred] = usePreferredVersion(setVersions, item.docsPluginId);
  if (item.dropdown === 'links') {
    const route = page.route.replace(/\/$/, '');
    const links = (item.links ?? []).map((entry): DropdownEntry =>
      'value' in entry
        ? entry
        : {
            ...ownLink(entry),
            active: entry.href.replace(/\/$/, '') === route,
            ...(entry.html !== undefined ? { html: entry.html } : {}),
            ...(entry.className ? { className: entry.className } : {}),
          },
    );
    return <NavbarDropdown label={item.label} ariaLabel={item.label} links={links} variant={variant} className={item.className} />;
  }
  const before = (item.dropdownItemsBefore ?? []).map(ownLink);
  const after = (item.dropdownItemsAfter ?? []).map(ownLink);
  if (item.dropdown === 'docsVersions') {
    const versions = docsVersionsOf(site, item.docsPluginId);
    const preferred = item.docsPluginId ? setPreferred : preferredVersion;
    const save = item.docsPluginId ? saveSetPreferred : savePreferredVersion;
    if (!versions || versions.length === 0) return null;
    // The page's own version and counterparts count only on a page of this dropdown's docs set.
    const ownPage = page.docsPluginId === item.docsPluginId;
    const shown = versionOfPage(versions, ownPage ? page.docsVersion : undefined, preferred) ?? versions[0]!;
    const links: DropdownLink[] = [
      ...before,
      ...versions.map((version) => ({
        label: version.label,
        href: (ownPage ? page.versionLinks?.[version.name] : undefined) ?? version.href,
        active: version.name === shown.name,
        onSelect: () => save(version.name),
      })),
      ...after,
    ];
    if (links.length === 1) {
      const only: NavbarItem = { label: shown.label, href: shown.href, position: item.position, ariaLabel: `Docs version: ${shown.label}` };
      return variant === 'bar' ? (
        <NavbarItemLink item={only} active={false} variant="bar" />
      ) : (
        <li className="menu__list-item">
          <NavbarItemLink item={only} active={false} variant="menu" />
        </li>
      );
    }
    return (
      <NavbarDropdown
        label={shown.label}
        heading={variant === 'menu' ? themeText('theme.navbar.mobileVersionsDropdown.label') : undefined}
        ariaLabel="Docs version"
        links={links}
        variant={variant}
        className={cx('navbar-dropdown--versions', item.className)}
      />
    );
  }
  const configs = site.locale.configs;
  if (!configs) return null;
  const current = page.locale ?? site.locale.defaultLocale;
  const links: DropdownLink[] = [
    ...before,
    ...site.locale.locales.map((locale) => ({
      label: configs[locale]?.label ?? locale,
      href: page.localeLinks?.[locale] ?? configs[locale]?.href ?? site.baseUrl,
      active: locale === current,
      lang: configs[locale]?.htmlLang ?? locale,
    })),
    ...after,
  ];
  return (
    <NavbarDropdown
      label={configs[current]?.label ?? current}
      heading={variant === 'menu' ? themeText('theme.navbar.mobileLanguageDropdown.label') : undefined}
      icon={<LanguageIcon className="navbar-dropdown__icon" />}
      ariaLabel="Language"
      links={links}
      variant={variant}
      className={cx('navbar-dropdown--locales', item.className)}
    />
  );
}
