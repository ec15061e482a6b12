/** The table of what each option of a Docusaurus `themeConfig` becomes in docsite: navbar, footer, prism themes, algolia and the rest. */
import { accepted, nested, routeBase, to, unsupported, type MapContext, type Rule, type Table } from './rules';

/**
 * prism-react-renderer's themes, known by their background colour, and the Shiki theme that looks
 * like each. A theme not in the list leaves docsite's default code theme.
 */
const PRISM_TO_SHIKI: Record<string, string> = {
  '#f6f8fa': 'github-light',
  '#282a36': 'dracula',
  '#1e1e1e': 'dark-plus',
  '#011627': 'night-owl',
  '#292d3e': 'material-theme-palenight',
  '#272822': 'monokai',
};

function codeTheme(mode: 'light' | 'dark'): Rule {
  return {
    docsite: `codeThemes.${mode}, by the prism theme's colours (github, dracula, vsDark, nightOwl, palenight, okaidia); another keeps the default`,
    apply: (value, ctx) => {
      const background = (value as { plain?: { backgroundColor?: unknown } } | undefined)?.plain?.backgroundColor;
      const shiki = typeof background === 'string' ? PRISM_TO_SHIKI[background.toLowerCase()] : undefined;
      if (shiki) to(`codeThemes.${mode}`).apply(shiki, ctx, '');
    },
  };
}

/** Docusaurus navbar items docsite draws: links (`to` or `href`), links to a doc or a sidebar, the versions and locales dropdowns, and the search box it always has. */
const NAVBAR_ITEMS: Rule = {
  docsite: 'navbar.items: links, doc, docSidebar, docsVersionDropdown, localeDropdown; search is always there; other types are unsupported',
  apply: (value, ctx, at) => {
    if (!Array.isArray(value)) return;
    const items: unknown[] = [];
    value.forEach((item: Record<string, unknown>, index) => {
      const where = `${at}[${index}]`;
      const type = item?.type ?? 'default';
      if (type === 'search') return;
      if (type === 'docsVersionDropdown' || type === 'localeDropdown') {
        items.push(pick(item, ['type', 'position', 'dropdownItemsBefore', 'dropdownItemsAfter'], where, ctx));
      } else if (type === 'doc') {
        items.push(pick(item, ['type', 'docId', 'label', 'position', 'docsPluginId'], where, ctx));
      } else if (type === 'docSidebar') {
        items.push(pick(item, ['type', 'sidebarId', 'label', 'position', 'docsPluginId'], where, ctx));
      } else if (type === 'default' && (item.to !== undefined || item.href !== undefined)) {
        items.push(pick(item, ['label', 'to', 'href', 'position', 'activeBasePath', 'ariaLabel'], where, ctx, ['type']));
      } else {
        ctx.unsupported.push({
          path: where,
          reason: `navbar items of type ${String(type)} are not supported yet`,
          quoted: typeof item?.type === 'string' ? item.type : undefined,
        });
      }
    });
    to('navbar.items').apply(items, ctx, at);
  },
};

/** The keys of `item` docsite takes; any other (className, target...) is named as unsupported. */
function pick(item: Record<string, unknown>, keys: string[], at: string, ctx: MapContext, ignored: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (keys.includes(key)) out[key] = value;
    else if (!ignored.includes(key) && value !== undefined) ctx.unsupported.push({ path: `${at}.${key}`, reason: 'not an option docsite knows for this item' });
  }
  return out;
}

const FOOTER_LINKS: Rule = {
  docsite: 'footer.columns (columns of `to`/`href` links); flat links and HTML items are unsupported',
  apply: (value, ctx, at) => {
    if (!Array.isArray(value)) return;
    const columns = value.flatMap((column: Record<string, unknown>, index) => {
      const where = `${at}[${index}]`;
      if (!Array.isArray(column?.items)) {
        ctx.unsupported.push({ path: where, reason: 'footer links outside columns are not supported yet' });
        return [];
      }
      const items = column.items.flatMap((item: Record<string, unknown>, itemIndex: number) => {
        if (item?.html !== undefined) {
          ctx.unsupported.push({ path: `${where}.items[${itemIndex}].html`, reason: 'HTML footer items are not supported yet' });
          return [];
        }
        return [pick(item, ['label', 'to', 'href'], `${where}.items[${itemIndex}]`, ctx)];
      });
      return [{ ...pick(column, ['title'], where, ctx, ['items']), items }];
    });
    to('footer.columns').apply(columns, ctx, at);
  },
};

export const THEME_CONFIG: Table = {
  navbar: nested({
    title: {
      docsite: 'the site title, which docsite shows in the navbar; another title is unsupported',
      apply: (value, ctx, at) => {
        if (value !== undefined && value !== ctx.out.title)
          ctx.unsupported.push({ path: at, reason: 'docsite shows the site title in the navbar; a different navbar title is not supported yet' });
      },
    },
    logo: nested({
      alt: to('logo.alt'),
      src: to('logo.src'),
      srcDark: to('logo.srcDark'),
      href: unsupported('the logo links to the home page', (value) => value === undefined || value === '/'),
      width: unsupported('logo sizes are not supported yet'),
      height: unsupported('logo sizes are not supported yet'),
      target: unsupported('the logo links to the home page'),
      className: unsupported('logo classes are not supported yet'),
      style: unsupported('logo styles are not supported yet'),
    }),
    items: NAVBAR_ITEMS,
    hideOnScroll: to('navbar.hideOnScroll'),
    style: accepted('docsite has one navbar style'),
  }),
  footer: nested({
    style: accepted('docsite has one footer style'),
    links: FOOTER_LINKS,
    copyright: to('footer.copyright'),
    logo: to('footer.logo'),
  }),
  prism: nested({
    theme: codeTheme('light'),
    darkTheme: codeTheme('dark'),
    additionalLanguages: accepted('docsite highlights with Shiki, which has these languages built in'),
    magicComments: unsupported('custom magic comments are not supported yet'),
    defaultLanguage: unsupported('a default code language is not supported yet'),
  }),
  algolia: nested({
    appId: to('search.algolia.appId'),
    apiKey: to('search.algolia.apiKey'),
    indexName: to('search.algolia.indexName'),
    contextualSearch: to('search.algolia.contextualSearch'),
    searchParameters: to('search.algolia.searchParameters'),
    insights: to('search.algolia.insights'),
    searchPagePath: to('search.searchPagePath', (value) => (value === false ? false : routeBase(value))),
    externalUrlRegex: unsupported('external search results are not supported yet'),
    replaceSearchResultPathname: unsupported('rewriting search result paths is not supported yet'),
  }),
  colorMode: to('colorMode'),
  announcementBar: to('announcementBar'),
  image: to('image'),
  metadata: unsupported('extra meta tags are not supported yet'),
  tableOfContents: nested({
    minHeadingLevel: to('docs.tocMinHeadingLevel'),
    maxHeadingLevel: to('docs.tocMaxHeadingLevel'),
  }),
  docs: nested({
    sidebar: nested({
      hideable: unsupported('a hideable docs sidebar is not supported yet'),
      autoCollapseCategories: unsupported('collapsing sibling categories is not supported yet'),
    }),
    versionPersistence: unsupported('docsite keeps the chosen version in localStorage', (value) => value === undefined || value === 'localStorage'),
  }),
  blog: nested({ sidebar: nested({ groupByYear: unsupported('grouping the blog sidebar by year is not supported yet') }) }),
  mermaid: unsupported('mermaid theme options are not supported yet'),
};
