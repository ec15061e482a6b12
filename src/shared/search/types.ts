/**
 * Search shapes shared by the build (records, the embedded index), the dev server and the browser:
 * records as the DocSearch crawler makes them, and the part of Algolia's multi-query contract
 * (`search({requests})`) that the modal and the search page use.
 */
import type { PackedIndex } from './packed-index';

export type HierarchyLevel = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type Hierarchy = Record<HierarchyLevel, string | null>;
export type RecordType = Exclude<HierarchyLevel, 'lvl0'> | 'content';

export const HIERARCHY_LEVELS: readonly HierarchyLevel[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** One record in the DocSearch crawler's shape (recordVersion v3), with Docusaurus's contextual facets. */
export interface SearchRecord {
  objectID: string;
  type: RecordType;
  hierarchy: Hierarchy;
  /** The paragraph, list item or table cell; null on a heading's record. */
  content: string | null;
  /** Absolute URL with the closest heading's anchor. */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  weight: { pageRank: number; level: number; position: number };
  /** `<html lang>`. */
  lang: string;
  /** Contextual-search facets, as `<meta name="docsearch:*">` gives them to the crawler. */
  language: string;
  version: string[];
  docusaurus_tag: string;
}

/** One request of `POST /1/indexes/{index}/queries` (`*` for any index): parameters as top-level fields (v5 clients) or as a URL-encoded `params` string (older ones). */
export interface SearchRequest {
  indexName?: string;
  query?: string;
  params?: string;
  page?: number;
  hitsPerPage?: number;
  attributesToRetrieve?: string[];
  attributesToSnippet?: string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  facetFilters?: FacetFilters;
  facets?: string[] | string;
  clickAnalytics?: boolean;
  type?: 'default' | 'facet';
  [other: string]: unknown;
}

/** Outer list: all must hold (AND); a nested list: one of it must (OR). `-` before the value negates. */
export type FacetFilters = string | (string | string[])[];

export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

export interface SearchHit {
  objectID: string;
  type?: RecordType;
  hierarchy?: Partial<Hierarchy>;
  content?: string | null;
  url?: string;
  _highlightResult: { hierarchy?: Partial<Record<HierarchyLevel, HighlightResult>>; content?: HighlightResult };
  _snippetResult: { hierarchy?: Partial<Record<HierarchyLevel, SnippetResult>>; content?: SnippetResult };
  [attribute: string]: unknown;
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
  index?: string;
  queryID?: string;
  facets?: Record<string, Record<string, number>>;
}

/**
 * The index the engine searches: the records, folded so that what many records share is written
 * once, and a MiniSearch index over their sections. A section is a heading's record with the
 * content records under it (a table row, a heading of its own, is a section too); the index has one
 * document per section, whose id is the section's position. The build writes it in shards listed by
 * a manifest (SearchIndexManifest); `loadSearchIndex` joins them into this one index.
 */
export interface SearchIndexFile {
  /** Format version: an engine refuses a file of another version rather than misread it. */
  v: 1;
  /** The site's URL with its base; page URLs are relative to it. */
  origin: string;
  languages: string[];
  tags: string[];
  /** [URL relative to origin, lvl0, language index, tag index, docs versions, page rank]. */
  pages: [url: string, lvl0: string, language: number, tag: number, version: string[], pageRank: number][];
  /** [page index, level 1..6, heading text, anchor (or null), parent section index (or -1), content texts]. */
  sections: [page: number, level: number, text: string, anchor: string | null, parent: number, contents: string[]][];
  /** The MiniSearch index over the sections, packed (see packed-index.ts). */
  index: PackedIndex;
}

/**
 * What `SEARCH_INDEX_FILE` holds: the shards the index is written in, so that an edit rewrites the
 * one shard its page is in. Each shard file is named by its bytes, so an unchanged one keeps its name.
 */
export interface SearchIndexManifest {
  /** Format version: a loader refuses a file of another version rather than misread it. */
  v: 2;
  /** The site's URL with its base; page URLs in the shards are relative to it. */
  origin: string;
  /** The shard files, relative to the site's base URL, in the order their sections are numbered when joined. */
  shards: string[];
}

/** One shard: the index of its own pages, its ids local (section 0 is its first section). */
export type SearchIndexShard = Omit<SearchIndexFile, 'v' | 'origin'>;

/** Where the build puts the search files, relative to the site's base URL. */
export const SEARCH_INDEX_FILE = '_docsite/search/index.json';
export const SEARCH_RECORDS_FILE = '_docsite/search/records.json';
export const SEARCH_WORKER_FILE = '_docsite/search/worker.js';
export const SEARCH_MODAL_CSS_FILE = '_docsite/search/modal.css';
