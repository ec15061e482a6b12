/**
 * The parts of Docusaurus's @docusaurus/theme-common that sites use: useColorMode (the mode the page
 * shows, and a setter that stores the visitor's choice as the navbar toggle does), ThemeClassNames
 * (the stable class names sites style), useThemeConfig (the theme settings as the site data has
 * them), usePrismTheme (docsite highlights with shiki at build time, so the theme is empty), and the
 * components PageMetadata and ThemedComponent (theme-common-components.tsx).
 */
import { useSyncExternalStore } from 'react';
import type { SiteData } from '../../src/shared/types';
import { saveChoice, type ColorMode } from '../color-mode';
import { footerConfigOf } from '../Footer/config';
import { useSiteData } from '../site-context';

function subscribeToMode(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function shownMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

export interface ColorModeState {
  colorMode: ColorMode;
  setColorMode(mode: ColorMode | null): void;
  /** Deprecated names Docusaurus still offers. */
  isDarkTheme: boolean;
  setLightTheme(): void;
  setDarkTheme(): void;
}

export function useColorMode(): ColorModeState {
  const site = useSiteData();
  const builtMode = site.colorMode?.defaultMode ?? 'light';
  // The build renders the site's default mode; the browser follows the mode shown on <html>.
  const colorMode = useSyncExternalStore(subscribeToMode, shownMode, () => builtMode);
  // null goes back to the default: the system's preference when the site follows it.
  const setColorMode = (mode: ColorMode | null) => saveChoice(mode ?? (site.colorMode?.respectPrefersColorScheme ? 'system' : builtMode));
  return {
    colorMode,
    setColorMode,
    isDarkTheme: colorMode === 'dark',
    setLightTheme: () => setColorMode('light'),
    setDarkTheme: () => setColorMode('dark'),
  };
}

/** The class names of the classic theme that sites write CSS against. */
export const ThemeClassNames = {
  page: {
    blogListPage: 'blog-list-page',
    blogPostPage: 'blog-post-page',
    blogTagsListPage: 'blog-tags-list-page',
    blogTagPostListPage: 'blog-tags-post-list-page',
    docsDocPage: 'docs-doc-page',
    docsTagsListPage: 'docs-tags-list-page',
    docsTagDocListPage: 'docs-tags-doc-list-page',
    mdxPage: 'mdx-page',
  },
  wrapper: {
    main: 'main-wrapper',
    blogPages: 'blog-wrapper',
    docsPages: 'docs-wrapper',
    mdxPages: 'mdx-wrapper',
  },
  common: {
    editThisPage: 'theme-edit-this-page',
    lastUpdated: 'theme-last-updated',
    backToTopButton: 'theme-back-to-top-button',
    codeBlock: 'theme-code-block',
    admonition: 'theme-admonition',
    unlistedBanner: 'theme-unlisted-banner',
    admonitionType: (type: string) => `theme-admonition-${type}`,
  },
  layout: {},
  docs: {
    docVersionBanner: 'theme-doc-version-banner',
    docVersionBadge: 'theme-doc-version-badge',
    docBreadcrumbs: 'theme-doc-breadcrumbs',
    docMarkdown: 'theme-doc-markdown',
    docTocMobile: 'theme-doc-toc-mobile',
    docTocDesktop: 'theme-doc-toc-desktop',
    docFooter: 'theme-doc-footer',
    docFooterTagsRow: 'theme-doc-footer-tags-row',
    docFooterEditMetaRow: 'theme-doc-footer-edit-meta-row',
    docSidebarContainer: 'theme-doc-sidebar-container',
    docSidebarMenu: 'theme-doc-sidebar-menu',
    docSidebarItemCategory: 'theme-doc-sidebar-item-category',
    docSidebarItemLink: 'theme-doc-sidebar-item-link',
    docSidebarItemCategoryLevel: (level: number) => `theme-doc-sidebar-item-category-level-${level}`,
    docSidebarItemLinkLevel: (level: number) => `theme-doc-sidebar-item-link-level-${level}`,
  },
  blog: {
    blogFooterTagsRow: 'theme-blog-footer-tags-row',
    blogFooterEditMetaRow: 'theme-blog-footer-edit-meta-row',
  },
} as const;

/** The theme settings a component may read, made from the site data (what docsite keeps of themeConfig). */
export function themeConfigOf(site: SiteData) {
  return {
    // Keys other themes and plugins read; docsite's own below win.
    ...(site.themeConfigExtra as Record<string, unknown> | undefined),
    colorMode: {
      defaultMode: site.colorMode?.defaultMode ?? 'light',
      disableSwitch: site.colorMode?.disableSwitch ?? false,
      respectPrefersColorScheme: site.colorMode?.respectPrefersColorScheme ?? false,
    },
    navbar: {
      title: site.title,
      logo: site.logo,
      hideOnScroll: site.navbarHideOnScroll ?? false,
      items: site.navbar.map((item) => ({ label: item.label, href: item.href, position: item.position })),
    },
    footer: footerConfigOf(site.footer),
    announcementBar: site.announcementBar,
    image: site.image,
    docs: { sidebar: { hideable: false, autoCollapseCategories: false }, versionPersistence: 'localStorage' as const },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    prism: { additionalLanguages: [] as string[], magicComments: [] as unknown[] },
    metadata: [] as Record<string, string>[],
  };
}

export type ThemeConfig = ReturnType<typeof themeConfigOf>;

export function useThemeConfig(): ThemeConfig {
  return themeConfigOf(useSiteData());
}

export interface PrismTheme {
  plain: Record<string, string>;
  styles: { types: string[]; style: Record<string, string> }[];
}

const EMPTY_PRISM: PrismTheme = { plain: {}, styles: [] };

export function usePrismTheme(): PrismTheme {
  return EMPTY_PRISM;
}

/** Whether footer links are columns under titles rather than one row of links. */
export { isMultiColumn as isMultiColumnFooterLinks } from '../Footer/config';
export { PageMetadata, ThemedComponent } from './theme-common-components';
