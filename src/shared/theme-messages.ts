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
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.post.readMoreLabel': 'Read more about {title}',
  'theme.blog.paginator.navAriaLabel': 'Blog list page navigation',
  'theme.blog.paginator.newerEntries': 'Newer entries',
  'theme.blog.paginator.olderEntries': 'Older entries',
  'theme.blog.post.paginator.navAriaLabel': 'Blog post page navigation',
  'theme.blog.post.paginator.newerPost': 'Newer post',
  'theme.blog.post.paginator.olderPost': 'Older post',
  'theme.blog.post.plurals': 'One post|{count} posts',
  'theme.blog.post.readingTime.plurals': 'One min read|{readingTime} min read',
  'theme.blog.sidebar.navAriaLabel': 'Blog recent posts',
  'theme.blog.tagTitle': '{nPosts} tagged with "{tagName}"',
  'theme.blog.archive.title': 'Archive',
  'theme.blog.archive.description': 'Archive',
  'theme.blog.authorsList.pageTitle': 'Authors',
  'theme.docs.tagDocListPageTitle.nDocsTagged': 'One doc tagged|{count} docs tagged',
  'theme.docs.tagDocListPageTitle': '{nDocsTagged} with "{tagName}"',
  'theme.tags.tagsListLabel': 'Tags:',
  'theme.tags.tagsPageLink': 'View all tags',
  'theme.tags.tagsPageTitle': 'Tags',
} as const;

export type ThemeMessageId = keyof typeof THEME_MESSAGES;

/** The order Intl's plural categories are written in a `One post|{count} posts` message. */
const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * The form of a message with plural forms apart (`|`) that fits `count` in `locale`: the forms follow
 * the locale's plural categories in their usual order (English: one, other; French: one, many, other),
 * and a category past the last form written takes the last one.
 */
export function pluralForm(message: string, count: number, locale: string): string {
  const forms = message.split('|');
  if (forms.length === 1) return forms[0]!;
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(locale);
  } catch {
    rules = new Intl.PluralRules('en');
  }
  const categories = PLURAL_ORDER.filter((category) => rules.resolvedOptions().pluralCategories.includes(category as Intl.LDMLPluralRule));
  const at = Math.min(Math.max(0, categories.indexOf(rules.select(count))), forms.length - 1);
  return forms[at] ?? forms[forms.length - 1]!;
}
