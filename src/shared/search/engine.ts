/**
 * The embedded search engine: answers Algolia's multi-query contract (`search({requests})`, the
 * body of `POST /1/indexes/*\/queries`) from the index file the build writes, so the modal and the
 * search page work the same on it and on Algolia. It runs in a Web Worker in the browser and in
 * Node for `docsite serve` and the tests.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { highlight, snippet, type MatchTerms, type Tags } from './highlight';
import { objectIdKey, objectIdOf } from './object-id';
import { miniSearchOptions, type IndexedSection } from './options';
import { unpackIndex } from './packed-index';
import { queryTerms } from './tokenize';
import {
  HIERARCHY_LEVELS,
  type FacetFilters,
  type HierarchyLevel,
  type RecordType,
  type SearchHit,
  type SearchIndexFile,
  type SearchRequest,
  type SearchResponse,
} from './types';

export interface SearchEngine {
  search(body: { requests: SearchRequest[] }): { results: SearchResponse[] };
  /** How many records the index holds. */
  readonly records: number;
}

interface Section {
  page: number;
  type: RecordType;
  url: string;
  hierarchy: (string | null)[];
  objectID: string;
  contents: { text: string; objectID: string }[];
}

const MAX_HITS_PER_PAGE = 1000;
/** As Algolia: a query is read up to this many characters (the dev server refuses a longer one). */
export const MAX_QUERY_LENGTH = 512;
/**
 * Words longer than this are matched without typos: MiniSearch's typo search costs the square of a
 * word's length in memory and time, so a very long word could exhaust memory, and no word of prose is this long.
 */
const MAX_TYPO_WORD = 64;
const FACETS = ['language', 'docusaurus_tag', 'version', 'lang'] as const;

/**
 * A broken or foreign file is an error the caller shows (the modal's error screen), never a blank result.
 * Ranking follows the DocSearch index settings where MiniSearch allows: all words must match (then
 * any, when none does), the last word is a prefix (from two letters), one typo from 4 letters and two
 * from 8, matches in a heading count more than in text, a page's own record over its sections, one
 * hit per URL.
 */
export function createSearchEngine(file: SearchIndexFile): SearchEngine {
  if (!file || file.v !== 1 || !Array.isArray(file.sections) || !Array.isArray(file.pages))
    throw new Error('The search index is not a docsite search index (version 1).');
  const miniSearch = MiniSearch.loadJS<IndexedSection>(unpackIndex(file.index), miniSearchOptions);
  const sections = foldSections(file);
  // DocSearch's custom ranking, as factors: page rank first, then the record's level (a page over its sections).
  const levelBoost = [1, 2, 1.4, 1.2, 1.1, 1, 1];
  const rankBoost = file.pages.map((page) => 1 + 0.5 * Math.max(0, Math.min(4, page[5] ?? 0)));
  const boostDocument = (id: number) => {
    const [page, level] = file.sections[id]!;
    return (levelBoost[level] ?? 1) * rankBoost[page]!;
  };
  const records = sections.reduce((sum, section) => sum + 1 + section.contents.length, 0);

  const searchOne = (request: SearchRequest): SearchResponse => {
    const started = Date.now();
    const params = { ...parseParams(request.params), ...request };
    const query = queryOf(params).slice(0, MAX_QUERY_LENGTH);
    const hitsPerPage = clampInt(params.hitsPerPage, 20, 0, MAX_HITS_PER_PAGE);
    const page = clampInt(params.page, 0, 0, Number.MAX_SAFE_INTEGER);
    const tags: Tags = {
      pre: typeof params.highlightPreTag === 'string' ? params.highlightPreTag : '<em>',
      post: typeof params.highlightPostTag === 'string' ? params.highlightPostTag : '</em>',
    };
    const ellipsis = typeof params.snippetEllipsisText === 'string' ? params.snippetEllipsisText : '…';
    const snippets = snippetSizes(params.attributesToSnippet);
    const keep = facetPredicate(params.facetFilters, file);

    const terms = queryTerms(query);
    const endsWord = /[\p{L}\p{N}_$]$/u.test(query);
    let results: { id: number; score: number; match: SearchResult['match'] }[];
    if (terms.length === 0) {
      results = sections.flatMap((_, id) => (keep(id) ? [{ id, score: 0, match: {} }] : []));
    } else {
      const options = {
        // A one-letter prefix would expand to a large part of the vocabulary for little use, and slow every keystroke.
        prefix: (term: string, index: number, all: string[]) => endsWord && index === all.length - 1 && term.length >= 2,
        fuzzy: (term: string) => typoBudget(term),
        boost: { title: 4, titles: 2, text: 1 },
        boostDocument,
        filter: (result: SearchResult) => keep(result.id as number),
      };
      let found = miniSearch.search(query, { ...options, combineWith: 'AND' });
      // As Algolia's removeWordsIfNoResults 'allOptional': when no record has every word, any word will do.
      if (found.length === 0 && terms.length > 1) found = miniSearch.search(query, { ...options, combineWith: 'OR' });
      results = found.map((result) => ({ id: result.id as number, score: result.score, match: result.match }));
    }

    // One hit per URL (DocSearch's distinct on url): a table row shares its heading's anchor.
    const seenUrls = new Set<string>();
    const distinct = results.filter((result) => {
      const url = sections[result.id]!.url;
      if (seenUrls.has(url)) return false;
      seenUrls.add(url);
      return true;
    });
    const pageResults = distinct.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    const hits = pageResults.map((result) => makeHit(sections[result.id]!, result.match, terms, endsWord, tags, snippets, ellipsis));

    const response: SearchResponse = {
      hits,
      nbHits: distinct.length,
      page,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(distinct.length / hitsPerPage),
      hitsPerPage,
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
      query,
      params: new URLSearchParams({ query, hitsPerPage: String(hitsPerPage), page: String(page) }).toString(),
      index: typeof params.indexName === 'string' ? params.indexName : undefined,
    };
    const facets = facetCounts(params.facets, distinct, sections, file);
    if (facets) response.facets = facets;
    if (params.clickAnalytics === true) response.queryID = randomHex(32);
    return response;
  };

  return {
    records,
    search(body) {
      const requests = Array.isArray(body?.requests) ? body.requests : [];
      return { results: requests.map((request) => searchOne(request ?? {})) };
    },
  };
}

/** The query of one request, from its fields or from its `params` string. */
export function queryOf(request: SearchRequest): string {
  const { query } = { ...parseParams(request.params), ...request };
  return typeof query === 'string' ? query : '';
}

/** Algolia's defaults: one typo from 4 letters, two from 8; none on numbers, nor on a word too long to look for typos in. */
function typoBudget(term: string): number {
  if (/^\d+$/.test(term) || term.length > MAX_TYPO_WORD) return 0;
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
}

function foldSections(file: SearchIndexFile): Section[] {
  const sections: Section[] = [];
  const seen = new Map<string, number>();
  const idOf = (url: string, type: string, text: string) => {
    const key = `${url}\0${type}\0${text}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    return objectIdOf(objectIdKey(url, type, text, nth));
  };
  for (const [pageIndex, level, text, anchor, parent, contents] of file.sections) {
    const [pageUrl, lvl0] = file.pages[pageIndex]!;
    const pageAbsolute = /^[a-z][a-z\d+.-]*:/i.test(pageUrl) ? pageUrl : file.origin + pageUrl;
    const url = anchor ? `${pageAbsolute}#${anchor}` : pageAbsolute;
    const hierarchy: (string | null)[] = parent >= 0 ? sections[parent]!.hierarchy.slice() : [lvl0, null, null, null, null, null, null];
    hierarchy[level] = text;
    for (let deeper = level + 1; deeper <= 6; deeper++) hierarchy[deeper] = null;
    const type = `lvl${level}` as RecordType;
    sections.push({
      page: pageIndex,
      type,
      url,
      hierarchy,
      objectID: idOf(url, type, text),
      contents: contents.map((content) => ({ text: content, objectID: idOf(url, 'content', content) })),
    });
  }
  return sections;
}

function makeHit(
  section: Section,
  match: SearchResult['match'],
  terms: string[],
  endsWord: boolean,
  tags: Tags,
  snippets: Map<string, number>,
  ellipsis: string,
): SearchHit {
  const matched = new Map<string, string>();
  // Per query word, how well the headings and the text answer it: 2 exact, 1 prefix, 0 with a typo.
  const inHeadings = new Map<string, number>();
  const inText = new Map<string, number>();
  const better = (map: Map<string, number>, word: string, quality: number) => map.set(word, Math.max(map.get(word) ?? -1, quality));
  for (const [docTerm, fields] of Object.entries(match)) {
    const word = queryWordOf(docTerm, terms, endsWord);
    if (word === undefined) continue;
    matched.set(docTerm, word);
    const quality = docTerm === word ? 2 : docTerm.startsWith(word) ? 1 : 0;
    if (fields.includes('title') || fields.includes('titles')) better(inHeadings, word, quality);
    if (fields.includes('text')) better(inText, word, quality);
  }
  const matchTerms: MatchTerms = { query: terms, matched };
  // The heading's record unless the text answers a word better (as Algolia ranks typos before
  // attributes); then the content record that answers most words.
  let content: { text: string; objectID: string } | undefined;
  if ([...inText].some(([word, quality]) => quality > (inHeadings.get(word) ?? -1)) && section.contents.length > 0) {
    let best = -1;
    for (const candidate of section.contents) {
      const words = highlight(candidate.text, matchTerms, tags).matchedWords.length;
      if (words > best) {
        best = words;
        content = candidate;
      }
    }
  }
  const hierarchy = Object.fromEntries(HIERARCHY_LEVELS.map((level, index) => [level, section.hierarchy[index] ?? null])) as Record<
    HierarchyLevel,
    string | null
  >;
  const highlightHierarchy: NonNullable<SearchHit['_highlightResult']['hierarchy']> = {};
  const snippetHierarchy: NonNullable<SearchHit['_snippetResult']['hierarchy']> = {};
  HIERARCHY_LEVELS.forEach((level) => {
    const value = hierarchy[level];
    if (value === null) return;
    highlightHierarchy[level] = highlight(value, matchTerms, tags);
    const size = snippets.get(`hierarchy.${level}`) ?? snippets.get('hierarchy');
    if (size !== undefined) snippetHierarchy[level] = snippet(value, matchTerms, tags, size, ellipsis);
  });
  const hit: SearchHit = {
    objectID: content ? content.objectID : section.objectID,
    type: content ? 'content' : section.type,
    hierarchy,
    content: content ? content.text : null,
    url: section.url,
    _highlightResult: { hierarchy: highlightHierarchy },
    _snippetResult: { hierarchy: snippetHierarchy },
  };
  if (content) {
    hit._highlightResult.content = highlight(content.text, matchTerms, tags);
    const size = snippets.get('content');
    if (size !== undefined) hit._snippetResult.content = snippet(content.text, matchTerms, tags, size, ellipsis);
  }
  return hit;
}

/** Which query word an index term answers: itself, the last word as a prefix, or a word within its typo budget. */
function queryWordOf(docTerm: string, terms: string[], endsWord: boolean): string | undefined {
  const exact = terms.find((term) => term === docTerm);
  if (exact) return exact;
  const last = terms[terms.length - 1];
  if (endsWord && last && docTerm.startsWith(last)) return last;
  let best: string | undefined;
  let bestDistance = Infinity;
  terms.forEach((term, index) => {
    const budget = typoBudget(term);
    // The last word may be a prefix with a typo in it.
    const target = endsWord && index === terms.length - 1 && docTerm.length > term.length ? docTerm.slice(0, term.length + budget) : docTerm;
    const distance = Math.min(
      editDistance(term, target, budget),
      endsWord && index === terms.length - 1 ? editDistance(term, docTerm.slice(0, term.length), budget) : Infinity,
    );
    if (distance <= budget && distance < bestDistance) {
      best = term;
      bestDistance = distance;
    }
  });
  return best;
}

/** Levenshtein distance, or `limit + 1` as soon as it is known to exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** `params` as older clients send it: one URL-encoded string, arrays as JSON. */
function parseParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'string') return {};
  const parsed: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(params)) {
    if (/^[[{]/.test(value)) {
      try {
        parsed[key] = JSON.parse(value);
        continue;
      } catch {
        // Not JSON after all: kept as text.
      }
    }
    parsed[key] = /^-?\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value;
  }
  return parsed;
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(number)));
}

/** `["content:10", "hierarchy.lvl1:10"]` (or one comma-separated string) → attribute → words. */
function snippetSizes(value: unknown): Map<string, number> {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const sizes = new Map<string, number>();
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const [attribute, words] = item.trim().split(':');
    if (attribute) sizes.set(attribute, words && Number(words) > 0 ? Math.floor(Number(words)) : 10);
  }
  return sizes;
}

/** `facetFilters`: the outer list must all hold (AND), a nested list needs one (OR); `attr:-value` negates. */
function facetPredicate(filters: unknown, file: SearchIndexFile): (sectionId: number) => boolean {
  const list: FacetFilters = typeof filters === 'string' ? [filters] : Array.isArray(filters) ? (filters as FacetFilters) : [];
  const groups = (list as (string | string[])[]).map((group) =>
    (Array.isArray(group) ? group : [group]).filter((item): item is string => typeof item === 'string'),
  );
  if (groups.length === 0) return () => true;
  const pageMatches = file.pages.map((page) => groups.every((group) => group.some((filter) => facetFilterHolds(filter, page, file))));
  return (sectionId) => pageMatches[file.sections[sectionId]![0]]!;
}

function facetFilterHolds(filter: string, page: SearchIndexFile['pages'][number], file: SearchIndexFile): boolean {
  const colon = filter.indexOf(':');
  if (colon < 0) return false;
  const attribute = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  const values = pageFacet(attribute, page, file);
  const holds = values.includes(value);
  return negated ? !holds : holds;
}

function pageFacet(attribute: string, page: SearchIndexFile['pages'][number], file: SearchIndexFile): string[] {
  switch (attribute) {
    case 'language':
    case 'lang':
      return [file.languages[page[2]] ?? ''];
    case 'docusaurus_tag':
      return [file.tags[page[3]] ?? ''];
    case 'version':
      return page[4];
    default:
      return [];
  }
}

function facetCounts(
  facets: unknown,
  results: { id: number }[],
  sections: Section[],
  file: SearchIndexFile,
): Record<string, Record<string, number>> | undefined {
  const asked = typeof facets === 'string' ? [facets] : Array.isArray(facets) ? facets.filter((item): item is string => typeof item === 'string') : [];
  if (asked.length === 0) return undefined;
  const attributes = asked.includes('*') ? [...FACETS] : asked.filter((name) => (FACETS as readonly string[]).includes(name));
  const counts: Record<string, Record<string, number>> = {};
  for (const attribute of attributes) {
    const byValue: Record<string, number> = {};
    for (const result of results) {
      for (const value of pageFacet(attribute, file.pages[sections[result.id]!.page]!, file)) byValue[value] = (byValue[value] ?? 0) + 1;
    }
    counts[attribute] = byValue;
  }
  return counts;
}

function randomHex(length: number): string {
  const bytes = new Uint8Array(length / 2);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
