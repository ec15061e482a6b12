/**
 * Search records from a rendered page's HTML, as the DocSearch crawler's Docusaurus template makes
 * them. Made from the HTML rather than the sources so that what search finds is what the page
 * shows, whatever component or generator made it.
 */
import { Parser } from 'htmlparser2';
import { objectIdKey, objectIdOf } from '../shared/search/object-id';
import { docsTag } from '../shared/docs-versions';
import { pluginDocsTag } from '../shared/plugin-docs-tag';
import { CURRENT_VERSION } from '../core/versions';
import type { PageData, SiteData } from '../shared/types';
import { HIERARCHY_LEVELS, type Hierarchy, type RecordType, type SearchRecord } from '../shared/search/types';

export interface PageRecordsInput {
  /** The page's HTML: the whole document, or the body alone with `lang` given. */
  html: string;
  lang?: string;
  /** The `language` facet (the locale, as Docusaurus's `docsearch:language`); `lang` when absent. */
  language?: string;
  /** Absolute URL of the page, without anchor. */
  url: string;
  /** The page's title, for a page whose article has no h1. */
  title: string;
  /** Facets: `docusaurus_tag` (`docs-default-current` on docs, `default` elsewhere) and the docs version. */
  tag: string;
  version: string[];
  /** lvl0 when the page has no active navbar item and no breadcrumbs. */
  defaultLvl0?: string;
  /** The crawler's page rank: higher ranks first among equal matches. */
  pageRank?: number;
}

/**
 * Whether a page is searched, and its facets: every page but the 404 page, unlisted pages, blog
 * lists (their posts are searched) and the search page. Docs pages carry Docusaurus's tag for the
 * default docs plugin's current version; other pages the `default` tag. The API reference ranks
 * below the guides, so a word both use finds the guide first.
 */
export function searchFacts(page: PageData, site: SiteData): Omit<PageRecordsInput, 'html'> | undefined {
  if (page.kind === 'notFound' || page.unlisted || page.docsTagsListing || (page.kind === 'blog' && !page.blog?.post)) return undefined;
  if (site.search?.searchPage && page.route === site.search.searchPage) return undefined;
  const docs = page.kind === 'doc';
  // Each docs version is its own facet, so contextual search finds the version being read.
  const version = page.docsVersion ?? CURRENT_VERSION;
  return {
    url: new URL(page.route, site.url).href,
    lang: (page.locale && site.locale.configs?.[page.locale]?.htmlLang) || site.locale.htmlLang,
    language: page.locale ?? site.locale.defaultLocale,
    title: page.title,
    tag: docs ? (page.docsPluginId ? pluginDocsTag(page.docsPluginId, version) : docsTag(version)) : 'default',
    version: docs ? [version] : [],
    defaultLvl0: page.kind === 'blog' ? 'Blog' : undefined,
    pageRank: page.sidebar?.id === 'api' ? 0 : 1,
  };
}

const HEADING = /^h([1-6])$/;
const CONTENT = new Set(['p', 'li']);
/** Elements whose text is not the page's prose: code blocks, scripts, icons, buttons. */
const SKIPPED = new Set(['pre', 'script', 'style', 'svg', 'template', 'noscript', 'button']);
/**
 * The theme's text that is not prose, left out by class: permalink signs, screen-reader-only words,
 * and the API reference's source lines, "Inherited from" lines, "—" cells and Parameters/Returns
 * subheadings, which would otherwise make most of the index (and every method a match for "returns").
 */
const SKIPPED_CLASSES = ['hash-link', 'sr-only', 'api-source', 'api-inherited', 'api-empty', 'api-subheading', 'api-table'];
/** Inline elements: their edges do not separate words (`<code>get</code>Root`); any other element's do. */
const INLINE = new Set(['a', 'abbr', 'b', 'code', 'del', 'em', 'i', 'ins', 'kbd', 'mark', 's', 'small', 'strong', 'sub', 'sup', 'u', 'var']);
/** Void elements never get a closing callback with a matching open in htmlparser2's stack. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const hasClass = (attribs: Record<string, string>, name: string) => (attribs.class ?? '').split(/\s+/).includes(name);
const skippedByClass = (attribs: Record<string, string>) => !!attribs.class && SKIPPED_CLASSES.some((name) => hasClass(attribs, name));

/**
 * lvl0 is the active navbar item and the breadcrumbs, lvl1 the article's h1, lvl2..lvl6 its h2..h6,
 * and one content record per paragraph, list item and table cell under the closest heading. Code
 * blocks are not indexed.
 */
export function pageRecords(input: PageRecordsInput): SearchRecord[] {
  let lang = '';
  let navbarActive: string | undefined;
  const crumbs: string[] = [];
  /** A row is a table row: its first cell names it (a lvl5 heading) and its last cell is its content. */
  // `order` is where the block opened: an item closes after the list nested in it, and comes before it.
  const blocks: { kind: 'heading' | 'content' | 'row'; level: number; text: string; id: string | null; heading?: string; order: number }[] = [];
  let opened = 0;
  let rowOrder = 0;

  // Open elements, each with what closing it ends.
  const stack: { name: string; ends?: 'skip' | 'article' | 'nav-label' | 'crumb' | 'breadcrumbs' | 'block' | 'cell' | 'row' }[] = [];
  /** The cells of the table row being read: as the crawler's template has it, the first is a lvl5 heading and the last is content. */
  let cells: { kind: 'heading' | 'content'; level: number; text: string; id: string | null; order: number }[] | undefined;
  let skipping = 0;
  let articles = 0;
  let articleDone = false;
  let inBreadcrumbs = false;
  let label: string | undefined;
  let crumb: { text: string; current: boolean } | undefined;
  /** Open blocks (headings, paragraphs, items, cells); text goes to the innermost. */
  const open: { kind: 'heading' | 'content'; level: number; text: string; id: string | null; order: number }[] = [];

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'html' && attribs.lang) lang = attribs.lang;
        if (VOID.has(name)) return;
        const entry: (typeof stack)[number] = { name };
        stack.push(entry);
        if (!INLINE.has(name) && open.length > 0) open[open.length - 1]!.text += ' ';
        if (skipping > 0 || SKIPPED.has(name) || skippedByClass(attribs)) {
          skipping++;
          entry.ends = 'skip';
          return;
        }
        if (name === 'a' && navbarActive === undefined && label === undefined && hasClass(attribs, 'navbar__link--active')) {
          label = '';
          entry.ends = 'nav-label';
        } else if (name === 'nav' && hasClass(attribs, 'breadcrumbs')) {
          inBreadcrumbs = true;
          entry.ends = 'breadcrumbs';
        } else if (inBreadcrumbs && name === 'li') {
          crumb = { text: '', current: false };
          entry.ends = 'crumb';
        } else if (crumb && hasClass(attribs, 'breadcrumbs__link--current')) {
          crumb.current = true;
        } else if (name === 'article' && !articleDone) {
          articles++;
          entry.ends = 'article';
        } else if (articles > 0) {
          if (name === 'tr') {
            cells = [];
            rowOrder = opened++;
          }
          const heading = HEADING.exec(name);
          if (heading || CONTENT.has(name) || name === 'td') {
            const block = {
              kind: heading ? ('heading' as const) : ('content' as const),
              level: heading ? Number(heading[1]) : 0,
              text: '',
              id: attribs.id || null,
              order: opened++,
            };
            open.push(block);
            entry.ends = name === 'td' ? 'cell' : 'block';
          }
        }
      },
      ontext(text) {
        if (skipping > 0) return;
        if (label !== undefined) label += text;
        if (crumb) crumb.text += text;
        if (open.length > 0) open[open.length - 1]!.text += text;
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        const entry = stack.pop();
        if (!entry) return;
        if (!INLINE.has(name) && open.length > 0) open[open.length - 1]!.text += ' ';
        if (name === 'tr' && cells) {
          const texts = cells.map((cell) => ({ ...cell, text: clean(cell.text) }));
          const first = texts[0];
          const last = texts[texts.length - 1];
          if (first?.text || last?.text)
            blocks.push({ kind: 'row', level: 5, text: last?.text ?? '', id: null, heading: texts.length > 1 ? first!.text : '', order: rowOrder });
          cells = undefined;
        }
        switch (entry.ends) {
          case 'skip':
            skipping--;
            break;
          case 'nav-label':
            navbarActive = clean(label ?? '');
            label = undefined;
            break;
          case 'breadcrumbs':
            inBreadcrumbs = false;
            break;
          case 'crumb':
            if (crumb && !crumb.current && clean(crumb.text)) crumbs.push(clean(crumb.text));
            crumb = undefined;
            break;
          case 'article':
            if (--articles === 0) articleDone = true;
            break;
          case 'block': {
            const block = open.pop()!;
            block.text = clean(block.text);
            if (block.text) blocks.push(block);
            break;
          }
          case 'cell':
            cells?.push(open.pop()!);
            break;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(input.html);

  const lvl0 = [navbarActive, ...crumbs].filter((part): part is string => !!part).join(' / ') || input.defaultLvl0 || 'Documentation';
  const htmlLang = lang || input.lang || 'en';
  const language = input.language ?? htmlLang;
  const hierarchy: Hierarchy = { lvl0, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const records: SearchRecord[] = [];
  const seen = new Map<string, number>();
  let anchor: string | null = null;

  const push = (type: RecordType, content: string | null) => {
    const url = anchor ? `${input.url}#${anchor}` : input.url;
    const text = content ?? hierarchy[type as keyof Hierarchy] ?? '';
    const key = `${url}\0${type}\0${text}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const level = type === 'content' ? 0 : 100 - 10 * Number(type.slice(3));
    records.push({
      objectID: objectIdOf(objectIdKey(url, type, text, nth)),
      type,
      hierarchy: { ...hierarchy },
      content,
      url,
      url_without_anchor: input.url,
      anchor,
      weight: { pageRank: input.pageRank ?? 0, level, position: records.length },
      lang: htmlLang,
      language,
      version: input.version,
      docusaurus_tag: input.tag,
    });
  };

  // The page's own record comes first even when the h1 is not the first block (a notice above it).
  blocks.sort((a, b) => a.order - b.order);
  const h1 = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  hierarchy.lvl1 = h1?.text ?? input.title;
  anchor = null;
  push('lvl1', null);
  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (block === h1 || block.level === 1) continue;
      const level = block.level;
      hierarchy[HIERARCHY_LEVELS[level]!] = block.text;
      for (let deeper = level + 1; deeper <= 6; deeper++) hierarchy[HIERARCHY_LEVELS[deeper]!] = null;
      // A heading without an id keeps the anchor of the one above it: the closest place a link can go.
      if (block.id) anchor = block.id;
      push(`lvl${level}` as RecordType, null);
    } else if (block.kind === 'row') {
      // The row's name holds for the row alone.
      if (block.heading) {
        hierarchy.lvl5 = block.heading;
        hierarchy.lvl6 = null;
        push('lvl5', null);
      }
      if (block.text) push('content', block.text);
      hierarchy.lvl5 = null;
    } else {
      push('content', block.text);
    }
  }
  return records;
}
