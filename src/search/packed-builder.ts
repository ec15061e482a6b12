/**
 * Writes the embedded index's packed postings (`PackedIndex`) straight from the sections, without
 * building MiniSearch's radix tree first: the browser builds that tree anyway when it loads the
 * index, and at build time it was most of the search stage. The numbers are MiniSearch's own;
 * `test/search/search-engine.test.ts` holds them to `MiniSearch#addAll` + `toJSON`.
 */
import { INDEX_FIELDS, type IndexedSection } from '../shared/search/options';
import type { PackedIndex } from '../shared/search/packed-index';
import { indexWords, wordTerms } from '../shared/search/tokenize';

/**
 * Documents' terms, flat, so that many documents cost a few arrays: for each document, field by field
 * (INDEX_FIELDS' order), each distinct term once in the order the terms first occur; `counts` says
 * how often each occurs there, `lengths` how many distinct terms each field of each document has.
 * This is all the index keeps of a document, so a page's sections can be cut into terms once and
 * kept with the page (see index-file.ts) while the index is written again from every page's.
 */
export interface TermCounts {
  terms: string[];
  counts: number[];
  lengths: number[];
}

/** Documents must come with ids 0..n-1 in order, as the packed format stores positions. */
export function buildPackedIndex(documents: readonly IndexedSection[]): PackedIndex {
  documents.forEach((document, id) => {
    if (document.id !== id) throw new Error(`search index: section ${document.id} is at position ${id}`);
  });
  return packTerms([countTerms(documents)]);
}

/**
 * The terms of `documents`; `termsOfWord` keeps what each word was cut into, across calls. Docs repeat
 * the same words many times over, so each distinct word is cut into its terms once (the tokenizer's
 * `indexWords` and `wordTerms`, which together are `indexTerms`, MiniSearch's tokenizer). A field's
 * length is its count of distinct terms, and every occurrence is counted, as MiniSearch does.
 */
export function countTerms(documents: readonly Omit<IndexedSection, 'id'>[], termsOfWord = new Map<string, string[]>()): TermCounts {
  const counted: TermCounts = { terms: [], counts: [], lengths: [] };
  const counts = new Map<string, number>();
  for (const document of documents) {
    for (const field of INDEX_FIELDS) {
      for (const word of indexWords(document[field])) {
        let terms = termsOfWord.get(word);
        if (!terms) termsOfWord.set(word, (terms = wordTerms(word)));
        for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        counted.terms.push(term);
        counted.counts.push(count);
      }
      counted.lengths.push(counts.size);
      counts.clear();
    }
  }
  return counted;
}

/** One term of the index: per field, its postings in the packed spelling so far and the last document written to them. */
interface Term {
  postings: number[][];
  last: Int32Array;
}

/**
 * The packed index of the documents the batches hold, in order: the n-th document is document n.
 * Each posting list is written in the packed spelling as it grows, with no second pass, and the
 * average field lengths are the running average MiniSearch keeps.
 */
export function packTerms(batches: readonly TermCounts[]): PackedIndex {
  const fieldCount = INDEX_FIELDS.length;
  const averageFieldLength: number[] = new Array<number>(fieldCount).fill(0);
  const fieldLength: number[][] = [];
  // In the order each term first occurs, as MiniSearch meets them.
  const terms = new Map<string, Term>();
  let id = 0;
  for (const batch of batches) {
    let at = 0;
    for (let first = 0; first < batch.lengths.length; first += fieldCount, id++) {
      const lengths: number[] = [];
      for (let fieldId = 0; fieldId < fieldCount; fieldId++) {
        // A field's length is its count of distinct terms.
        const distinct = batch.lengths[first + fieldId]!;
        for (const end = at + distinct; at < end; at++) {
          const text = batch.terms[at]!;
          let term = terms.get(text);
          if (!term) terms.set(text, (term = { postings: Array.from({ length: fieldCount }, () => []), last: new Int32Array(fieldCount).fill(-1) }));
          // Documents arrive in id order: the gap from the last one holding the term (from 0 for the
          // first), then, for a term met more than once, its count as a negative number.
          const list = term.postings[fieldId]!;
          list.push(id - Math.max(term.last[fieldId]!, 0));
          const count = batch.counts[at]!;
          if (count > 1) list.push(-count);
          term.last[fieldId] = id;
        }
        lengths[fieldId] = distinct;
        averageFieldLength[fieldId] = (averageFieldLength[fieldId]! * id + distinct) / (id + 1);
      }
      fieldLength.push(lengths);
    }
  }
  const packed: PackedIndex['terms'] = [];
  for (const [text, { postings }] of terms) {
    while (postings.length > 0 && postings[postings.length - 1]!.length === 0) postings.pop();
    packed.push([text, ...postings]);
  }
  return { fields: [...INDEX_FIELDS], averageFieldLength, fieldLength, terms: packed };
}
