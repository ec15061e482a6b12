/** The table of what each option of a Docusaurus `themeConfig` becomes in docsite: navbar, footer, prism themes, algolia and the rest. */
import { metaTag } from './plugins/html-tags';
import { navbarTypeProblems } from '../navbar-item-types';
import { linkAttributes } from '../schema-navbar';
import { accepted, headTagsOf, nested, routeBase, to, unsupported, type MapContext, type Rule, type Table } from './rules';

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

/**
 * Docusaurus navbar items docsite draws: links (`to` or `href`, with or without text), links to a doc,
 * a sidebar or a version, menus of links (`dropdown`, or an item with `items`), the versions and locales
 * dropdowns, the search box (always there: where a `search` item puts it, else after the right-hand
 * items), and items of the site's own `custom-*` types. Each may carry the site's `className`.
 */
const NAVBAR_ITEMS: Rule = {
  docsite:
    "navbar.items: links (text or HTML), html, doc, docSidebar, docsVersion, dropdown, docsVersionDropdown, localeDropdown, search (where the search box sits), and custom-* types drawn by the site's src/theme/NavbarItem/ComponentTypes",
  apply: (value, ctx, at) => {
    if (!Array.isArray(value)) return;
    const items: unknown[] = [];
    const problems = new Map(ctx.skipNavbarTypes ? [] : navbarTypeProblems(value, ctx.siteDir).map((problem) => [problem.index, problem]));
    value.forEach((item: Record<string, unknown>, index) => {
      const where = `${at}[${index}]`;
      const type = item?.type ?? (Array.isArray(item?.items) ? 'dropdown' : 'default');
      const problem = problems.get(index);
      if (problem) {
        ctx.unsupported.push({ path: where, reason: problem.reason, hint: problem.hint, quoted: problem.type, invalid: true });
      } else if (typeof type === 'string' && type.startsWith('custom-')) {
        // The site's component gets the item's keys as they are written.
        items.push({ ...item });
      } else if (type === 'docsVersion') {
        items.push(pick(item, ['type', 'label', 'to', 'position', 'className', 'docsPluginId'], where, ctx));
      } else if (type === 'search') {
        items.push(pick(item, ['type', 'position', 'className'], where, ctx));
      } else if (type === 'docsVersionDropdown' || type === 'localeDropdown') {
        // dropdownActiveClassDisabled: docsite's dropdown button is never marked active.
        const keys = [
          'type',
          'position',
          'dropdownItemsBefore',
          'dropdownItemsAfter',
          'className',
          ...(type === 'docsVersionDropdown' ? ['docsPluginId'] : []),
        ];
        const picked = pick(item, keys, where, ctx, ['dropdownActiveClassDisabled']);
        for (const list of ['dropdownItemsBefore', 'dropdownItemsAfter'])
          if (Array.isArray(picked[list])) picked[list] = (picked[list] as Record<string, unknown>[]).map((link) => siteLink({ ...link }));
        items.push(picked);
      } else if (type === 'doc') {
        items.push(pick(item, ['type', 'docId', 'label', 'position', 'className', 'docsPluginId'], where, ctx));
      } else if (type === 'docSidebar') {
        items.push(pick(item, ['type', 'sidebarId', 'label', 'position', 'className', 'docsPluginId'], where, ctx));
      } else if (type === 'html') {
        items.push(pick(item, ['type', 'value', 'position', 'className'], where, ctx));
      } else if (type === 'dropdown') {
        // Each entry a link (its text, or HTML of the site's own in `html`) or an `html` item written as it is.
        const links = (Array.isArray(item.items) ? item.items : []).flatMap((link: Record<string, unknown>, linkIndex: number) => {
          const at = `${where}.items[${linkIndex}]`;
          if (link?.type === 'html') return [pick(link, ['type', 'value', 'className'], at, ctx)];
          if (link?.type === undefined || link.type === 'default')
            return [siteLink(pick(link, ['label', 'html', 'to', 'href', 'className'], at, ctx, ['type']))];
          ctx.unsupported.push({
            path: `${at}.type`,
            reason: `dropdown entries of type ${String(link.type)} are not supported yet`,
            quoted: String(link.type),
          });
          return [];
        });
        items.push({ ...pick(item, ['label', 'position', 'className'], where, ctx, ['type', 'items']), type: 'dropdown', items: links });
      } else if (type === 'default' && (item.to !== undefined || item.href !== undefined)) {
        const { 'aria-label': ariaLabel, ...rest } = item;
        const keys = ['label', 'html', 'to', 'href', 'position', 'activeBasePath', 'activeBaseRegex', 'ariaLabel', 'className', 'target'];
        const link = siteLink(pick(rest, keys, where, ctx, ['type']));
        items.push(ariaLabel === undefined ? link : { ...link, ariaLabel });
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

/**
 * A link as docsite's config has it: Docusaurus takes a `to` without its leading slash (`'blog'`) as a
 * path from the site's root, and an absolute URL in `to` as an outside link.
 */
function siteLink(given: Record<string, unknown>): Record<string, unknown> {
  // A relative activeBasePath ('docs') is a path under the base URL, as Docusaurus reads it.
  const active = given.activeBasePath;
  const link = typeof active === 'string' && !active.startsWith('/') ? { ...given, activeBasePath: `/${active}` } : given;
  const target = link.to;
  if (typeof target !== 'string') return link;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    const { to: _, ...rest } = link;
    return { ...rest, href: target };
  }
  return target.startsWith('/') ? link : { ...link, to: `/${target}` };
}

/** The keys of `item` docsite takes; any other (className, target...) is named as unsupported. */
function pick(item: Record<string, unknown>, keys: string[], at: string, ctx: MapContext, ignored: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (keys.includes(key)) out[key] = value;
    else if (!ignored.includes(key) && value !== undefined) ctx.unsupported.push({ path: `${at}.${key}`, reason: 'not an option docsite knows for this item' });
  }
  return out;
}

/**
 * A footer link: its label, target and classes, and its other keys (`rel`, `data-*`...) as attributes
 * of the link, as Docusaurus's footer passes them to its `<a>`. A key that is not a plain value is named.
 */
function footerLink(item: Record<string, unknown>, at: string, ctx: MapContext): Record<string, unknown> {
  const own = ['label', 'to', 'href', 'className'];
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item ?? {})) {
    if (own.includes(key) || value === undefined) continue;
    if (key === 'prependBaseUrlToHref') {
      if (value)
        ctx.unsupported.push({ path: `${at}.${key}`, reason: 'prefixing an href with the base URL is not supported yet', hint: 'give the path as `to`' });
      continue;
    }
    if (!linkAttributes.safeParse({ [key]: '' }).success)
      ctx.unsupported.push({
        path: `${at}.${key}`,
        reason: 'cannot be an attribute of the link (React handlers, style, children and key are not attributes)',
        invalid: true,
      });
    else if (['string', 'number', 'boolean'].includes(typeof value)) attributes[key] = value;
    else ctx.unsupported.push({ path: `${at}.${key}`, reason: "a footer link's other keys become attributes of the link: give a string, number or boolean" });
  }
  const link = siteLink(pick(item, own, at, ctx, Object.keys(item ?? {})));
  return Object.keys(attributes).length > 0 ? { ...link, attributes } : link;
}

/**
 * Docusaurus's footer links: columns under a title, or one row of links (the simple footer, drawn as
 * one column without a title). An item is a link (`to` or `href`) or HTML of the site's own.
 */
const FOOTER_LINKS: Rule = {
  docsite: 'footer.columns: columns of links and HTML items; a flat list of links is one column without a title',
  apply: (value, ctx, at) => {
    if (!Array.isArray(value)) return;
    const footerItem = (item: Record<string, unknown>, where: string) =>
      item?.html !== undefined ? pick(item, ['html', 'className'], where, ctx) : footerLink(item, where, ctx);
    const flat = value.every((entry: Record<string, unknown>) => !Array.isArray(entry?.items));
    const columns = flat
      ? value.length > 0
        ? [{ items: value.map((item: Record<string, unknown>, index) => footerItem(item, `${at}[${index}]`)) }]
        : []
      : value.flatMap((column: Record<string, unknown>, index) => {
          const where = `${at}[${index}]`;
          if (!Array.isArray(column?.items)) {
            ctx.unsupported.push({ path: where, reason: 'a footer mixes columns with links outside columns' });
            return [];
          }
          const items = column.items.map((item: Record<string, unknown>, itemIndex: number) => footerItem(item, `${where}.items[${itemIndex}]`));
          const { title, className } = pick(column, ['title', 'className'], where, ctx, ['items']);
          return [{ ...(typeof title === 'string' ? { title } : {}), ...(className !== undefined ? { className } : {}), items }];
        });
    to('footer.columns').apply(columns, ctx, at);
  },
};

export const THEME_CONFIG: Table = {
  navbar: nested({
    title: to('navbar.title'),
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
    style: to('footer.style'),
    links: FOOTER_LINKS,
    // HTML under Docusaurus: the footer writes it as it is; the feeds take it as their copyright text.
    copyright: {
      docsite: 'footer.copyrightHtml, and footer.copyright for the feeds',
      apply: (value, ctx, at) => {
        to('footer.copyright').apply(value, ctx, at);
        to('footer.copyrightHtml').apply(value, ctx, at);
      },
    },
    logo: to('footer.logo'),
  }),
  prism: nested({
    theme: codeTheme('light'),
    darkTheme: codeTheme('dark'),
    additionalLanguages: accepted('docsite highlights with Shiki, which has these languages built in'),
    magicComments: to('markdown.magicComments'),
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
  metadata: headTagsOf(metaTag, 'htmlTags.head: a <meta> per entry, on every page', 'a list of <meta> attributes'),
  tableOfContents: nested({
    minHeadingLevel: to('docs.tocMinHeadingLevel'),
    maxHeadingLevel: to('docs.tocMaxHeadingLevel'),
  }),
  docs: nested({
    sidebar: nested({
      hideable: to('docsSidebar.hideable'),
      autoCollapseCategories: to('docsSidebar.autoCollapseCategories'),
    }),
    versionPersistence: unsupported('docsite keeps the chosen version in localStorage', (value) => value === undefined || value === 'localStorage'),
  }),
  blog: nested({ sidebar: nested({ groupByYear: unsupported('grouping the blog sidebar by year is not supported yet') }) }),
  mermaid: unsupported('mermaid theme options are not supported yet'),
};

/**
 * The themeConfig: the keys docsite knows by THEME_CONFIG; another key (read by another theme or
 * plugin, as the classic theme lets it through) goes to `useThemeConfig()` as it is, when it is JSON.
 */
export const THEME_CONFIG_RULE: Rule = {
  docsite: 'see THEME_CONFIG; other keys are given to useThemeConfig() as they are',
  apply: (value, ctx, at) => {
    if (value === undefined) return;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return nested(THEME_CONFIG).apply(value, ctx, at);
    const known: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(THEME_CONFIG, key) || item === undefined) known[key] = item;
      else if (isJson(item)) to(`themeConfigExtra.${key}`).apply(item, ctx, `${at}.${key}`);
      else ctx.unsupported.push({ path: `${at}.${key}`, reason: 'a themeConfig key of another theme or plugin must be JSON here (it travels to the browser)' });
    }
    nested(THEME_CONFIG).apply(known, ctx, at);
  },
};

function isJson(value: unknown): boolean {
  if (value === null || ['string', 'boolean'].includes(typeof value)) return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value as object).every(isJson);
  return false;
}
