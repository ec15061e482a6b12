/**
 * The embedded index's MiniSearch settings, one copy for the build that writes the index and for
 * the engine that loads it (MiniSearch needs the same fields and tokenizer on both sides).
 */
import type { Options } from 'minisearch';
import { indexTerms, queryTerms } from './tokenize';

/** One document of the index: a section, with its heading, the headings above it (lvl1 down) and its content. */
export interface IndexedSection {
  id: number;
  title: string;
  titles: string;
  text: string;
}

export const INDEX_FIELDS = ['title', 'titles', 'text'] as const;

export const miniSearchOptions: Options<IndexedSection> = {
  fields: [...INDEX_FIELDS],
  storeFields: [],
  tokenize: (text) => indexTerms(text),
  // Terms arrive lower-cased from the tokenizer; at search time the query tokenizer keeps identifiers whole.
  processTerm: (term) => term,
  searchOptions: { tokenize: (text) => queryTerms(text), processTerm: (term) => term },
};
