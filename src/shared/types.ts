/**
 * Data shapes shared by the Node build and the browser: what a page carries into the theme.
 * Everything here is plain JSON so it can be embedded in a route chunk and hydrated unchanged.
 */
import type { BlogPageData, BlogTagView } from './blog-views';

/** One entry of the right-hand table of contents. `value` is plain text. */
export interface TocItem {
  id: string;
  value: string;
  level: number;
}

export interface NavLink {
  label: string;
  href: string;
}

/** An entry of a navbar menu of the site's own: a link (its label, or HTML of the site's own in `html`), or HTML written as it is (`value`). */
export type MenuEntry = (NavLink & { html?: string; className?: string }) | { value: string; className?: string };

/**
 * A sidebar item as a page sees it. Categories that are collapsed on this page may come without
 * `items` (`items === undefined`): the client loads them from the sidebar file on expand, so a page's
 * HTML and JS do not grow with the size of the site.
 */
export type SidebarItemView =
  | {
      type: 'link';
      label: string;
      href: string;
      /** True for the page being shown. */
      active?: boolean;
      external?: boolean;
      className?: string;
    }
  | {
      type: 'category';
      label: string;
      /** Stable key of the category inside its sidebar, used to load its children lazily. */
      key: string;
      /** Page the category label links to, if any. */
      href?: string;
      collapsible: boolean;
      collapsed: boolean;
      /** True when the active page is inside this category (or is its link). */
      active?: boolean;
      items?: SidebarItemView[];
      className?: string;
    };

export interface SidebarView {
  /** Sidebar name from sidebars.ts (`docs`, `api`, ...). */
  id: string;
  items: SidebarItemView[];
  /** URL of the JSON file holding every item of this sidebar (for lazy expansion). */
  src: string;
}

export type PageKind = 'doc' | 'page' | 'blog' | 'notFound';

/** What one route needs to render: produced at build time, embedded in the route chunk. */
export interface PageData {
  /** Route path, e.g. `/docs/intro` or `/docs/react/`. */
  route: string;
  kind: PageKind;
  /** The page heading (H1) text. */
  title: string;
  /** The document `<title>`, e.g. `Introduction | Lexical`. */
  headTitle: string;
  description?: string;
  keywords?: string[];
  hideTitle: boolean;
  /** Whether the content already starts with its own H1 (then the layout does not add one). */
  contentHasTitle: boolean;
  toc: TocItem[];
  sidebar?: SidebarView;
  breadcrumbs: NavLink[];
  prev?: NavLink;
  next?: NavLink;
  /** Source file relative to the site folder, for edit links and error messages. */
  source?: string;
  /** Where the doc's source can be edited ("Edit this page"). */
  editUrl?: string;
  /** When the page's file last changed and by whom ("Last updated on <date> by <author>"): from git or its front matter. */
  lastUpdate?: { at?: number; formattedAt?: string; by?: string };
  unlisted?: boolean;
  /** A doc's tags (front matter `tags`), shown at its foot as links to their pages. */
  tags?: BlogTagView[];
  /** A docs version's tags list or a tag's page: a listing, kept out of search records as the blog's lists are. */
  docsTagsListing?: true;
  /** The HTTP status a status page is sent with (the 404 page's is 404; the bad-path page's 400). */
  status?: 400;
  /** Wider layout without the docs sidebar (used by plain pages). */
  wide?: boolean;
  /** Blog pages: the blog sidebar and, on a post, the post's metadata. */
  blog?: BlogPageData;
  /** The page's social card image (frontmatter `image`): a site path or an absolute URL. */
  image?: string;
  /** Feeds to announce with `<link rel="alternate">` in the head. */
  feeds?: { type: 'application/rss+xml' | 'application/atom+xml'; href: string; title: string }[];
  /** A doc of a docs set other than the main docs: the set's id (Docusaurus's docs plugin id). */
  docsPluginId?: string;
  /** A doc of a docs set with versions: the name of its version (`current`, `1.0`...). */
  docsVersion?: string;
  /** The same doc in the other versions that have it, by version name (the dropdown's links). */
  versionLinks?: Record<string, string>;
  /** A page shown in a locale other than the default one. */
  locale?: string;
  /** The same page in each locale that has it, by locale (the locale dropdown's links and hreflang). */
  localeLinks?: Record<string, string>;
  /** Kept out of search engines and the sitemap (the unreleased docs under /docs/next). */
  noIndex?: boolean;
}

/** One docs version as the dropdown and the banners know it. */
export interface DocsVersionView {
  name: string;
  label: string;
  /** The version's first doc: where the dropdown goes when the page has no counterpart there. */
  href: string;
  /** Served at the docs root. */
  isLast: boolean;
  banner: 'none' | 'unreleased' | 'unmaintained';
  /** Its docs show a "Version: <label>" badge. */
  badge: boolean;
}

/** One locale as the locale dropdown knows it. */
export interface LocaleView {
  label: string;
  htmlLang: string;
  direction: 'ltr' | 'rtl';
  /** Its docs' first page: where the dropdown goes from a page the locale does not have. */
  href: string;
}

export interface NavbarItem {
  label: string;
  href: string;
  position: 'left' | 'right';
  external?: boolean;
  /** Route prefix that marks the item active, e.g. `/docs/` for Docs. */
  activeBasePath?: string;
  /** A regular expression the route (with the base URL) matches where the item is active. */
  activeBaseRegex?: string;
  /** The link's target (`_blank`, `_self`...), when the site sets one. */
  target?: string;
  /** A doc or docSidebar item's doc or sidebar (see navbar-doc-ref.ts), for the theme's `doc` and `docSidebar` item types. */
  docRef?: string;
  /** The item is active on every page of the docs sidebar of this name (Docusaurus's doc and docSidebar items). */
  activeSidebar?: string;
  /** ARIA label for icon-only items. */
  ariaLabel?: string;
  /** The site's own classes on the item's element. */
  className?: string;
  /** The search box's place (Docusaurus's `{ type: 'search' }` item): the box is drawn here and not after the right-hand items. */
  search?: true;
  /** HTML of the site's own: a link's content in place of its label, or (with no href) the item itself. */
  html?: string;
  /**
   * A dropdown: one the theme fills from the site's docs versions or locales (its label and href are
   * unused), or a menu of the site's own links (`links`) under the item's label.
   */
  dropdown?: 'docsVersions' | 'locales' | 'links';
  /** A version dropdown's docs set, when not the main docs (Docusaurus's `docsPluginId`). */
  docsPluginId?: string;
  /** The menu of a `links` dropdown. */
  links?: MenuEntry[];
  /** The dropdown's links of the site's own, before and after the versions or locales. */
  dropdownItemsBefore?: NavLink[];
  dropdownItemsAfter?: NavLink[];
  /**
   * An item drawn by the component `NavbarItem/ComponentTypes` maps its type to (a site's own
   * `custom-*` type, or `docsVersion`), given the item's keys from the config as props (its label and
   * href are unused).
   */
  component?: { type: string; props: Record<string, unknown> };
}

export interface FooterColumn {
  title?: string;
  className?: string;
  /** Links (with the site's classes and attributes), or HTML of the site's own written as it is. */
  items: ((NavLink & { className?: string; attributes?: Record<string, string | number | boolean> }) | { html: string; className?: string })[];
}

/** A locale's own navbar, footer and code translations (see SiteData.localized). */
export interface LocalizedSite {
  /** The locale's base URL (`/fr/`): its pages' links and `useBaseUrl` lead into the locale, as in Docusaurus. */
  baseUrl: string;
  navbar: NavbarItem[];
  navbarTitle?: string;
  logo?: SiteData['logo'];
  footer: SiteData['footer'];
  /** <Translate> and translate() messages by id (the message itself when it has no id). */
  codeTranslations: Record<string, string>;
}

/** Site-wide values the theme reads; small and independent of the number of pages. */
export interface SiteData {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  /** Docusaurus's `trailingSlash`, which ends the site paths links are written with; absent when unset. */
  trailingSlash?: boolean;
  favicon: string;
  /** The default social card's URL path, for pages without an image of their own. */
  image?: string;
  logo?: { alt: string; src: string; srcDark?: string };
  navbar: NavbarItem[];
  /** The navbar hides while the reader scrolls down. */
  navbarHideOnScroll?: boolean;
  /** The navbar's text beside the logo when it is not the site's title ('' for none). */
  navbarTitle?: string;
  footer: {
    /** `dark`: dark in both colour modes (Docusaurus's `footer--dark`); light when absent, as under Docusaurus. */
    style?: 'dark';
    columns: FooterColumn[];
    copyright: string;
    copyrightHtml?: string;
    logo?: { alt: string; src: string; href?: string; width?: number; height?: number };
  };
  locale: { defaultLocale: string; locales: string[]; direction: 'ltr' | 'rtl'; htmlLang: string; configs?: Record<string, LocaleView> };
  /**
   * What a page in a locale shows of the site in place of the fields above, by locale: the navbar
   * and footer with their labels translated (i18n/<locale>/docusaurus-theme-classic/) and their links
   * into the locale, and the messages of <Translate> (i18n/<locale>/code.json). Only locales that
   * differ from the site's own fields are listed.
   */
  localized?: Record<string, LocalizedSite>;
  /** The docs versions, newest first, on a site with more than one or a version dropdown (absent otherwise). */
  docsVersions?: DocsVersionView[];
  /** The versions of each other docs set that has more than one or a version dropdown, by its id (absent when none has). */
  pluginDocsVersions?: Record<string, DocsVersionView[]>;
  /** URL of the JSON route manifest used by the client router. */
  manifest: string;
  /** Absent on a site with no search (a Docusaurus site that configures none, `search: false`): no search box, no search page. */
  search?: SearchSiteData;
  /** URL of the service worker a production page registers; absent when the site turned it off. */
  serviceWorker?: string;
  /** Absent on sites made without it (tests build SiteData by hand): light by default, with a toggle. */
  colorMode?: ColorModeSettings;
  announcementBar?: AnnouncementBarSettings;
  /** The docs sidebar's behaviour, when it is not docsite's (a button that hides it, categories that close their siblings as they open). */
  docsSidebar?: { hideable: boolean; autoCollapseCategories: boolean };
  /** Google Analytics: built pages load the tag and report each client navigation. */
  gtag?: { trackingID: string; anonymizeIP: boolean };
  /** On a site with docs sets besides the main docs (`extraDocs`): every docs instance's id (`default` first) and where its docs start. */
  docsInstances?: { id: string; path: string }[];
  /** The site config's customFields; absent when it has none. */
  customFields?: Record<string, unknown>;
  /** themeConfig keys of the site's other themes and plugins, given to useThemeConfig() as they are; absent when none. */
  themeConfigExtra?: Record<string, unknown>;
  /** What the site's plugins shared with every page (useGlobalData), by plugin name and instance id; absent when none did. */
  globalData?: Record<string, Record<string, unknown>>;
  /** Markup written into every page's HTML (see the config's htmlTags); absent when there is none. Left out of the browser's copy. */
  htmlTags?: { head: string[]; preBody: string[]; postBody: string[] };
}

export interface AnnouncementBarSettings {
  /** Names the announcement: a visitor who closed one sees the next one with another id. */
  id: string;
  /** HTML. */
  content: string;
  backgroundColor: string;
  textColor: string;
  isCloseable: boolean;
}

export interface ColorModeSettings {
  defaultMode: 'light' | 'dark';
  disableSwitch: boolean;
  /** Follow the system's preference until the visitor picks a mode; the toggle then cycles light, dark, system. */
  respectPrefersColorScheme: boolean;
}

/** What the search button, the modal and the search page need to know. */
export interface SearchSiteData {
  /** `local`: the index the build wrote into the site, searched in a Web Worker; `algolia`: Algolia's API. */
  provider: 'local' | 'algolia';
  /** Names the stored recent and favourite searches (`__DOCSEARCH_RECENT_SEARCHES__<indexName>`). */
  indexName: string;
  placeholder: string;
  /** The search page's path with the base URL, when the site has one. */
  searchPage?: string;
  /** "Let us know." link of the no-results screen; `{query}` is replaced. */
  missingResultsUrl?: string;
  /** Docusaurus's contextual search: the language and the docs version, as `facetFilters` (absent when off). */
  facetFilters?: (string | string[])[];
  /** The modal's stylesheet, loaded with the modal. */
  css: string;
  local?: { index: string; worker: string };
  algolia?: { appId: string; apiKey: string; searchParameters: Record<string, unknown>; insights: boolean; hosts?: string[] };
}

/** What a route chunk exports: the page's content component and its data. */
export interface RouteModule {
  Content: import('react').ComponentType<{ components?: Record<string, import('react').ComponentType<any>> }>;
  page: PageData;
  /** The page's locale's own navbar, footer and messages, when it has any (see SiteData.localized). */
  locale?: LocalizedSite;
}
