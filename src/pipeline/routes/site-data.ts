/**
 * The site's data every page carries: title, navbar, footer, locale and search settings, read from
 * the config. The route table adds the versions and locales it finds (see versions-locales.ts).
 */
import type { ResolvedConfig } from '../../config/load';
import { applyTrailingSlash, withBase, type SlashPolicy } from '../../core/paths';
import { localeDefaults } from '../../content/locales';
import { docsTag } from '../../shared/docs-versions';
import { pluginDocsTag } from '../../shared/plugin-docs-tag';
import { SEARCH_INDEX_FILE, SEARCH_MODAL_CSS_FILE, SEARCH_WORKER_FILE } from '../../shared/search/types';
import type { NavbarItem, NavLink, SearchSiteData, SiteData } from '../../shared/types';
import { CURRENT_VERSION } from '../../core/versions';

/** A `to` of the config: a path in the site, with the base URL and ended as the site's `trailingSlash` says. */
function sitePath(site: SlashPolicy, to: string): string {
  return applyTrailingSlash(withBase(site.baseUrl, to), site);
}

/** A link of the config (a route in the site or an external URL) as pages carry it. */
function navLink(site: SlashPolicy, link: { label: string; to?: string | undefined; href?: string | undefined }): NavLink {
  return { label: link.label, href: link.href ?? sitePath(site, link.to!) };
}

/** The site's data from its config alone, before the route table knows its versions and locales. */
export function siteData(config: ResolvedConfig): SiteData {
  const s = config.site;
  const locale = s.i18n.defaultLocale;
  const localeConfig = s.i18n.localeConfigs[locale];
  return {
    title: s.title,
    tagline: s.tagline,
    url: s.url.replace(/\/+$/, ''),
    baseUrl: s.baseUrl,
    ...(s.trailingSlash !== undefined ? { trailingSlash: s.trailingSlash } : {}),
    favicon: s.favicon ? `${s.baseUrl}${s.favicon.replace(/^\//, '')}` : '',
    ...(s.image ? { image: withBase(s.baseUrl, s.image) } : {}),
    ...(s.logo
      ? { logo: { alt: s.logo.alt, src: withBase(s.baseUrl, s.logo.src), ...(s.logo.srcDark ? { srcDark: withBase(s.baseUrl, s.logo.srcDark) } : {}) } }
      : {}),
    ...(s.navbar.hideOnScroll ? { navbarHideOnScroll: true } : {}),
    ...(s.navbar.title !== undefined && s.navbar.title !== s.title ? { navbarTitle: s.navbar.title } : {}),
    navbar: s.navbar.items.map((item) => navbarItemData(s, item)),
    footer: {
      ...(s.footer.style === 'dark' ? { style: 'dark' as const } : {}),
      columns: s.footer.columns.map((column) => ({
        ...(column.title !== undefined ? { title: column.title } : {}),
        ...(column.className ? { className: column.className } : {}),
        items: column.items.map((item) => {
          const own = { ...(item.className ? { className: item.className } : {}) };
          if ('html' in item) return { html: item.html, ...own };
          const attributes = item.attributes && Object.keys(item.attributes).length > 0 ? { attributes: item.attributes } : {};
          return { label: item.label, href: item.href ?? sitePath(s, item.to!), ...own, ...attributes };
        }),
      })),
      copyright: s.footer.copyright,
      ...(s.footer.copyrightHtml !== undefined ? { copyrightHtml: s.footer.copyrightHtml } : {}),
      ...(s.footer.logo
        ? {
            logo: {
              ...s.footer.logo,
              src: withBase(s.baseUrl, s.footer.logo.src),
              ...(s.footer.logo.href ? { href: withBase(s.baseUrl, s.footer.logo.href) } : {}),
            },
          }
        : {}),
    },
    locale: {
      defaultLocale: locale,
      locales: s.i18n.locales,
      direction: localeConfig?.direction ?? localeDefaults(locale).direction,
      htmlLang: localeConfig?.htmlLang ?? locale,
    },
    manifest: `${s.baseUrl}_docsite/routes.json`,
    ...(config.site.search ? { search: searchData(config, config.site.search) } : {}),
    ...(s.serviceWorker ? { serviceWorker: `${s.baseUrl}sw.js` } : {}),
    colorMode: s.colorMode,
    ...(s.announcementBar ? { announcementBar: s.announcementBar } : {}),
    ...(s.docsSidebar.hideable && s.docsSidebar.autoCollapseCategories ? {} : { docsSidebar: s.docsSidebar }),
    ...(s.gtag ? { gtag: s.gtag } : {}),
    ...(Object.keys(s.customFields).length > 0 ? { customFields: s.customFields } : {}),
    ...(Object.keys(s.themeConfigExtra).length > 0 ? { themeConfigExtra: s.themeConfigExtra } : {}),
    // Only a site with several docs sets lists them (the main docs are `default`), so other sites' data stays as it was.
    ...(s.extraDocs.length > 0
      ? {
          docsInstances: [
            { id: 'default', routeBasePath: s.docs.routeBasePath },
            ...s.extraDocs.map((set) => ({ id: set.id, routeBasePath: set.routeBasePath ?? set.id })),
          ].map(({ id, routeBasePath }) => ({ id, path: `${s.baseUrl}${routeBasePath}`.replace(/(.)\/$/, '$1') })),
        }
      : {}),
    ...(config.plugins && Object.keys(config.plugins.globalData).length > 0 ? { globalData: config.plugins.globalData } : {}),
    ...(s.htmlTags.head.length + s.htmlTags.preBody.length + s.htmlTags.postBody.length > 0 ? { htmlTags: s.htmlTags } : {}),
  };
}

/** How the theme searches: Algolia's index when the config names one, else the site's own local index. */
function searchData(config: ResolvedConfig, search: Exclude<ResolvedConfig['site']['search'], false>): SearchSiteData {
  const { baseUrl } = config.site;
  const { algolia } = search;
  return {
    provider: algolia ? 'algolia' : 'local',
    indexName: algolia ? algolia.indexName : `local:${baseUrl}`,
    placeholder: search.placeholder,
    ...(search.searchPagePath ? { searchPage: applyTrailingSlash(`${baseUrl}${search.searchPagePath}`, config.site) } : {}),
    ...(search.missingResultsUrl ? { missingResultsUrl: search.missingResultsUrl } : {}),
    // The site has one docs version and one language: every page searches the same ones.
    ...((algolia?.contextualSearch ?? search.contextualSearch)
      ? {
          facetFilters: [
            `language:${config.site.i18n.defaultLocale}`,
            [
              'docusaurus_tag:default',
              `docusaurus_tag:${docsTag(CURRENT_VERSION)}`,
              // Each extra docs set is searched too, as Docusaurus's contextual search takes every docs plugin's tag.
              ...config.site.extraDocs.map((set) => `docusaurus_tag:${pluginDocsTag(set.id, CURRENT_VERSION)}`),
            ],
          ],
        }
      : {}),
    css: `${baseUrl}${SEARCH_MODAL_CSS_FILE}`,
    ...(algolia
      ? {
          algolia: {
            appId: algolia.appId,
            apiKey: algolia.apiKey,
            searchParameters: algolia.searchParameters,
            insights: algolia.insights,
            ...(algolia.hosts ? { hosts: algolia.hosts } : {}),
          },
        }
      : { local: { index: `${baseUrl}${SEARCH_INDEX_FILE}`, worker: `${baseUrl}${SEARCH_WORKER_FILE}` } }),
  };
}

/** A navbar item of the config as the theme draws it: links with the base URL, dropdowns and docs items to be filled later. */
function navbarItemData(s: ResolvedConfig['site'], item: ResolvedConfig['site']['navbar']['items'][number]): NavbarItem {
  // The site's component takes the item's keys as Docusaurus gives them, className among them.
  if ('component' in item) return { label: '', href: '', position: item.position, component: item.component };
  const className = item.className ? { className: item.className } : {};
  if ('type' in item && (item.type === 'doc' || item.type === 'docSidebar'))
    // Filled by the route table, which knows the docs and sidebars (see navbar-docs.ts).
    return { label: item.label ?? '', href: '', position: item.position, ...className };
  if ('type' in item && item.type === 'search') return { label: '', href: '', position: item.position, search: true, ...className };
  if ('type' in item && item.type === 'html') return { label: '', href: '', position: item.position, html: item.value, ...className };
  if ('type' in item && item.type === 'dropdown')
    return {
      label: item.label,
      href: '',
      position: item.position,
      dropdown: 'links',
      links: item.items.map((entry) =>
        'type' in entry
          ? { value: entry.value, ...(entry.className ? { className: entry.className } : {}) }
          : {
              ...navLink(s, { ...entry, label: entry.label ?? '' }),
              ...(entry.html !== undefined ? { html: entry.html } : {}),
              ...(entry.className ? { className: entry.className } : {}),
            },
      ),
      ...className,
    };
  if ('type' in item)
    return {
      // Filled by the theme from the versions and locales the route table settles.
      label: '',
      href: '',
      position: item.position,
      dropdown: item.type === 'docsVersionDropdown' ? 'docsVersions' : 'locales',
      ...(item.type === 'docsVersionDropdown' && item.docsPluginId && item.docsPluginId !== 'default' ? { docsPluginId: item.docsPluginId } : {}),
      ...(item.dropdownItemsBefore.length > 0 ? { dropdownItemsBefore: item.dropdownItemsBefore.map((link) => navLink(s, link)) } : {}),
      ...(item.dropdownItemsAfter.length > 0 ? { dropdownItemsAfter: item.dropdownItemsAfter.map((link) => navLink(s, link)) } : {}),
      ...className,
    };
  return {
    label: item.label ?? '',
    href: item.href ?? sitePath(s, item.to!),
    position: item.position,
    ...(item.href ? { external: true } : {}),
    ...(item.activeBasePath
      ? { activeBasePath: withBase(s.baseUrl, item.activeBasePath) }
      : item.to && !item.activeBaseRegex
        ? { activeBasePath: withBase(s.baseUrl, item.to) }
        : {}),
    ...(item.ariaLabel ? { ariaLabel: item.ariaLabel } : {}),
    ...(item.activeBaseRegex ? { activeBaseRegex: item.activeBaseRegex } : {}),
    ...(item.target ? { target: item.target } : {}),
    ...(item.html !== undefined ? { html: item.html } : {}),
    ...className,
  };
}
