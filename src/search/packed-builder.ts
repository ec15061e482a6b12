/**
 * Writes the embedded index's packed postings (`PackedIndex`) straight from the sections, without
 * building MiniSearch's radix tree first: the browser builds that tree anyway when it loads the
 * index, and at build time it was most of the search stage (a one-page edit at 1000 pages spent
 * about 0.6 s there). The numbers are MiniSearch's own: terms from the same tokenizer, a field's
 * length as its count of distinct terms, the running average MiniSearch keeps, and every
 * occurrence counted; `test/unit/search-engine.test.ts` holds it to `MiniSearch#addAll` + `toJSON`.
 */
import { INDEX_FIELDS, miniSearchOptions, type IndexedSection } from '../shared/search/options';
import type { PackedIndex } from '../shared/search/packed-index';

/** Documents must come with ids 0..n-1 in order, as the packed format stores positions. */
export function buildPackedIndex(documents: readonly IndexedSection[]): PackedIndex {
  const tokenize = miniSearchOptions.tokenize!;
  const fieldCount = INDEX_FIELDS.length;
  const averageFieldLength: number[] = new Array<number>(fieldCount).fill(0);
  const fieldLength: number[][] = [];
  // term -> per field, the documents holding it as [id, count, id, count, ...], ids ascending.
  const postings = new Map<string, number[][]>();
  documents.forEach((document, id) => {
    if (document.id !== id) throw new Error(`search index: section ${document.id} is at position ${id}`);
    const lengths: number[] = [];
    INDEX_FIELDS.forEach((field, fieldId) => {
      const tokens = tokenize(document[field], field);
      const distinct = new Set(tokens).size;
      lengths[fieldId] = distinct;
      averageFieldLength[fieldId] = (averageFieldLength[fieldId]! * id + distinct) / (id + 1);
      for (const term of tokens) {
        if (!term) continue;
        let byField = postings.get(term);
        if (!byField) postings.set(term, (byField = Array.from({ length: fieldCount }, () => [])));
        const list = byField[fieldId]!;
        // Documents arrive in id order, so a term seen again in this document is at the list's end.
        if (list.length > 0 && list[list.length - 2] === id) list[list.length - 1]! += 1;
        else list.push(id, 1);
      }
    });
    fieldLength.push(lengths);
  });
  const terms: PackedIndex['terms'] = [];
  for (const [term, byField] of postings) {
    const packed = byField.map((list) => {
      const out: number[] = [];
      let previous = 0;
      for (let i = 0; i < list.length; i += 2) {
        out.push(list[i]! - previous);
        previous = list[i]!;
        if (list[i + 1] !== 1) out.push(-list[i + 1]!);
      }
      return out;
    });
    while (packed.length > 0 && packed[packed.length - 1]!.length === 0) packed.pop();
    terms.push([term, ...packed]);
  }
  return { fields: [...INDEX_FIELDS], averageFieldLength, fieldLength, terms };
}
