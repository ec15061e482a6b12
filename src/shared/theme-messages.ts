/**
 * The theme's own words, each under the id Docusaurus gives the same words in its theme, with
 * docsite's English text. A page in another locale shows that locale's message for the id: the
 * site's i18n/<locale>/code.json first, then @docusaurus/theme-translations (read at build time).
 */
export const THEME_MESSAGES = {
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.NavBar.navAriaLabel': 'Main',
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.common.editThisPage': 'Edit this page',
  'theme.lastUpdated.lastUpdatedAtBy': 'Last updated{atDate}{byUser}',
  'theme.lastUpdated.atDate': ' on {date}',
  'theme.lastUpdated.byUser': ' by {user}',
  'theme.NotFound.title': 'Page Not Found',
  'theme.NotFound.p1': 'We could not find what you were looking for.',
  'theme.NotFound.p2': 'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
  'theme.SearchBar.label': 'Search',
  'theme.CodeBlock.copy': 'Copy',
  'theme.CodeBlock.copied': 'Copied',
  'theme.CodeBlock.copyButtonAriaLabel': 'Copy code to clipboard',
  'theme.docs.breadcrumbs.navAriaLabel': 'Breadcrumbs',
  'theme.docs.breadcrumbs.home': 'Home page',
  'theme.docs.sidebar.navAriaLabel': 'Docs sidebar',
  'theme.docs.sidebar.collapseButtonTitle': 'Collapse sidebar',
  'theme.docs.sidebar.expandButtonTitle': 'Expand sidebar',
  'theme.common.headingLinkTitle': 'Direct link to {heading}',
  'theme.navbar.mobileLanguageDropdown.label': 'Languages',
  'theme.navbar.mobileVersionsDropdown.label': 'Versions',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Close the announcement',
  'theme.contentVisibility.unlistedBanner.title': 'Unlisted page',
  'theme.contentVisibility.unlistedBanner.message':
    'This page is unlisted. Search engines will not index it, and only visitors with a direct link can reach it.',
  'theme.admonition.note': 'Note',
  'theme.admonition.tip': 'Tip',
  'theme.admonition.info': 'Info',
  'theme.admonition.warning': 'Warning',
  'theme.admonition.danger': 'Danger',
  'theme.admonition.caution': 'Caution',
} as const;

export type ThemeMessageId = keyof typeof THEME_MESSAGES;
