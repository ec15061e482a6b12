/**
 * Writes the embedded index's packed postings (`PackedIndex`) straight from the sections, without
 * building MiniSearch's radix tree first: the browser builds that tree anyway when it loads the
 * index, and at build time it was most of the search stage (a one-page edit at 1000 pages spent
 * about 0.6 s there). The numbers are MiniSearch's own: terms from the same tokenizer, a field's
 * length as its count of distinct terms, the running average MiniSearch keeps, and every
 * occurrence counted; `test/unit/search-engine.test.ts` holds it to `MiniSearch#addAll` + `toJSON`.
 *
 * Docs repeat the same few thousand words many times over, so each distinct word is cut into its terms
 * once (the tokenizer's `indexWords` and `wordTerms`, which together are `indexTerms`, MiniSearch's
 * tokenizer), and each posting list is written in the packed spelling as it grows, with no second
 * pass: the index of `npm run bench:search`'s 10,000 generated pages (130,000 sections, 5.7 million
 * terms) is made in about 2.7 s instead of about 6.5 s.
 */
import { INDEX_FIELDS, type IndexedSection } from '../shared/search/options';
import type { PackedIndex } from '../shared/search/packed-index';
import { indexWords, wordTerms } from '../shared/search/tokenize';

/** One term of the index: per field, its postings in the packed spelling so far and the last document written to them. */
interface Term {
  text: string;
  postings: number[][];
  last: Int32Array;
}

/** Documents must come with ids 0..n-1 in order, as the packed format stores positions. */
export function buildPackedIndex(documents: readonly IndexedSection[]): PackedIndex {
  const fieldCount = INDEX_FIELDS.length;
  const averageFieldLength: number[] = new Array<number>(fieldCount).fill(0);
  const fieldLength: number[][] = [];
  // In the order each term first occurs, as MiniSearch meets them.
  const terms = new Map<string, Term>();
  const termOf = (text: string): Term => {
    let term = terms.get(text);
    if (!term) terms.set(text, (term = { text, postings: Array.from({ length: fieldCount }, () => []), last: new Int32Array(fieldCount).fill(-1) }));
    return term;
  };
  const termsOfWord = new Map<string, Term[]>();
  documents.forEach((document, id) => {
    if (document.id !== id) throw new Error(`search index: section ${document.id} is at position ${id}`);
    const lengths: number[] = [];
    INDEX_FIELDS.forEach((field, fieldId) => {
      // A field's length is its count of distinct terms.
      let distinct = 0;
      for (const word of indexWords(document[field])) {
        let wordTermList = termsOfWord.get(word);
        if (!wordTermList) termsOfWord.set(word, (wordTermList = wordTerms(word).map(termOf)));
        for (const term of wordTermList) {
          const list = term.postings[fieldId]!;
          const last = term.last[fieldId]!;
          if (last === id) {
            // Again in this document: its count (a negative number after the id's gap) goes up by one.
            const end = list.length - 1;
            if (list[end]! < 0) list[end]! -= 1;
            else list.push(-2);
          } else {
            // Documents arrive in id order: the gap from the last one holding the term (from 0 for the first).
            list.push(id - Math.max(last, 0));
            term.last[fieldId] = id;
            distinct++;
          }
        }
      }
      lengths[fieldId] = distinct;
      averageFieldLength[fieldId] = (averageFieldLength[fieldId]! * id + distinct) / (id + 1);
    });
    fieldLength.push(lengths);
  });
  const packed: PackedIndex['terms'] = [];
  for (const { text, postings } of terms.values()) {
    while (postings.length > 0 && postings[postings.length - 1]!.length === 0) postings.pop();
    packed.push([text, ...postings]);
  }
  return { fields: [...INDEX_FIELDS], averageFieldLength, fieldLength, terms: packed };
}
