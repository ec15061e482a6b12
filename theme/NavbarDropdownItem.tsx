// The navbar's self-filling dropdowns: the docs versions (the same page in another version when it
// has one, else that version's first doc) and the locales (the same page in another locale).
import type { PageData, SiteData } from '../src/shared/types';
import NavbarDropdown, { type DropdownLink } from './NavbarDropdown';
import { versionOfPage } from './preferred-version';

export interface NavbarDropdownItemProps {
  kind: 'docsVersions' | 'locales';
  site: SiteData;
  page: PageData;
  preferredVersion: string | undefined;
  savePreferredVersion(name: string): void;
  variant: 'bar' | 'menu';
}

export default function NavbarDropdownItem({ kind, site, page, preferredVersion, savePreferredVersion, variant }: NavbarDropdownItemProps) {
  if (kind === 'docsVersions') {
    const versions = site.docsVersions;
    if (!versions || versions.length === 0) return null;
    const shown = versionOfPage(versions, page.docsVersion, preferredVersion);
    const links: DropdownLink[] = versions.map((version) => ({
      label: version.label,
      href: page.versionLinks?.[version.name] ?? version.href,
      active: version.name === shown?.name,
      onSelect: () => savePreferredVersion(version.name),
    }));
    return (
      <NavbarDropdown
        label={shown?.label ?? versions[0]!.label}
        ariaLabel="Docs version"
        links={links}
        variant={variant}
        className="navbar-dropdown--versions"
      />
    );
  }
  const configs = site.locale.configs;
  if (!configs || site.locale.locales.length < 2) return null;
  const current = page.locale ?? site.locale.defaultLocale;
  const links: DropdownLink[] = site.locale.locales.map((locale) => ({
    label: configs[locale]?.label ?? locale,
    href: page.localeLinks?.[locale] ?? configs[locale]?.href ?? site.baseUrl,
    active: locale === current,
    lang: configs[locale]?.htmlLang ?? locale,
  }));
  return (
    <NavbarDropdown label={configs[current]?.label ?? current} ariaLabel="Language" links={links} variant={variant} className="navbar-dropdown--locales" />
  );
}
