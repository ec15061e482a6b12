/**
 * What the pages of each locale show of the site in place of the default locale's: the navbar and
 * footer with the labels of i18n/<locale>/docusaurus-theme-classic/navbar.json and footer.json and
 * their `to` links into the locale (`/fr/docs/`), and the code.json messages <Translate> shows. As
 * Docusaurus builds each locale with its own base URL, a link written with `href` stays as it is.
 */
import type { Messages } from '../../content/translations';
import type { LocalizedSite, NavbarItem, NavLink, SiteData } from '../../shared/types';
import { localeBaseUrl } from '../../content/locales';
import type { RouteContext } from './context';
import { siteData } from './site-data';

/** Fills in `site.localized` for each locale that has translations or a URL of its own. */
export function addLocalizedSites(ctx: RouteContext): void {
  const { config, model, site } = ctx;
  const localized: Record<string, LocalizedSite> = {};
  for (const locale of config.site.i18n.locales) {
    const translations = model.translations.get(locale);
    const base = localeBaseUrl(config.site, locale);
    const own = base === site.baseUrl ? site : siteData({ ...config, site: { ...config.site, baseUrl: base } });
    const hasMessages =
      translations && Object.keys(translations.code).length + Object.keys(translations.navbar).length + Object.keys(translations.footer).length > 0;
    if (own === site && !hasMessages) continue;
    const navbarMessages = translations?.navbar ?? {};
    const footerMessages = translations?.footer ?? {};
    // The doc and docSidebar items were settled for the default locale: the same docs lie under the locale's URL.
    const navbar = own.navbar.map((item, index) =>
      item.href === '' && !item.dropdown && !item.html ? intoLocale(site.navbar[index]!, site.baseUrl, base) : item,
    );
    const title = navbarMessages['title'];
    localized[locale] = {
      baseUrl: base,
      navbar: navbar.map((item) => navbarItem(item, navbarMessages)),
      ...(title !== undefined ? { navbarTitle: title } : site.navbarTitle !== undefined ? { navbarTitle: site.navbarTitle } : {}),
      ...(site.logo ? { logo: { ...site.logo, alt: navbarMessages['logo.alt'] ?? site.logo.alt } } : {}),
      footer: footer(own.footer, site.footer, footerMessages),
      codeTranslations: translations?.code ?? {},
    };
  }
  if (Object.keys(localized).length > 0) site.localized = localized;
}

/** A navbar item of the default locale moved under the locale's base URL. */
function intoLocale(item: NavbarItem, baseUrl: string, base: string): NavbarItem {
  const move = (href: string) => (href.startsWith(baseUrl) ? `${base}${href.slice(baseUrl.length)}` : href);
  return { ...item, href: move(item.href), ...(item.activeBasePath ? { activeBasePath: move(item.activeBasePath) } : {}) };
}

/** An item's label, and its menu's, as navbar.json has them (`item.label.<label>`). */
function navbarItem(item: NavbarItem, messages: Messages): NavbarItem {
  const link = (entry: NavLink): NavLink => ({ ...entry, label: messages[`item.label.${entry.label}`] ?? entry.label });
  return {
    ...item,
    label: messages[`item.label.${item.label}`] ?? item.label,
    ...(item.links ? { links: item.links.map((entry) => ('value' in entry ? entry : { ...entry, ...link(entry) })) } : {}),
    ...(item.dropdownItemsBefore ? { dropdownItemsBefore: item.dropdownItemsBefore.map(link) } : {}),
    ...(item.dropdownItemsAfter ? { dropdownItemsAfter: item.dropdownItemsAfter.map(link) } : {}),
  };
}

/** The footer with footer.json's column titles, link labels, copyright and logo text; its logo stays the site's. */
function footer(own: SiteData['footer'], site: SiteData['footer'], messages: Messages): SiteData['footer'] {
  return {
    ...own,
    columns: own.columns.map((column) => ({
      ...(column.title !== undefined ? { title: messages[`link.title.${column.title}`] ?? column.title } : {}),
      items: column.items.map((item) => ('html' in item ? item : { ...item, label: messages[`link.item.label.${item.label}`] ?? item.label })),
    })),
    copyright: messages['copyright'] ?? own.copyright,
    ...(own.copyrightHtml !== undefined ? { copyrightHtml: messages['copyright'] ?? own.copyrightHtml } : {}),
    ...(site.logo ? { logo: { ...site.logo, alt: messages['logo.alt'] ?? site.logo.alt } } : {}),
  };
}
