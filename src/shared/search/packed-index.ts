/**
 * A denser spelling of MiniSearch's serialized index, for the file the browser downloads. MiniSearch
 * writes every posting as `{"docId": frequency}` with string keys; here each term carries one list
 * per field of gaps between document ids, a frequency above 1 following its id as a negative
 * number. Ids are positions (0..n-1), so the id map is left out. Much smaller, even after gzip.
 */

/** The parts of `MiniSearch#toJSON()` this module reads and writes (serializationVersion 2). */
interface MiniSearchJson {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, unknown>;
  dirtCount: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

export interface PackedIndex {
  fields: string[];
  averageFieldLength: number[];
  /** Per document (by id), its length in each field. */
  fieldLength: number[][];
  /** [term, postings of field 0, postings of field 1, ...]. */
  terms: [string, ...number[][]][];
}

export function packIndex(json: unknown): PackedIndex {
  const index = json as MiniSearchJson;
  if (index.serializationVersion !== 2) throw new Error(`search index: MiniSearch serialization version ${index.serializationVersion} is not supported`);
  const fields = Object.entries(index.fieldIds)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
  const fieldLength: number[][] = [];
  for (const [shortId, lengths] of Object.entries(index.fieldLength)) {
    if (index.documentIds[shortId] !== Number(shortId)) throw new Error('search index: document ids must be positions');
    fieldLength[Number(shortId)] = lengths;
  }
  const terms = index.index.map(([term, byField]) => {
    const postings = fields.map((_, fieldId) => {
      const docs = byField[fieldId];
      if (!docs) return [];
      const list: number[] = [];
      let previous = 0;
      for (const id of Object.keys(docs)
        .map(Number)
        .sort((a, b) => a - b)) {
        list.push(id - previous);
        previous = id;
        const frequency = docs[id]!;
        if (frequency !== 1) list.push(-frequency);
      }
      return list;
    });
    // Trailing empty fields are left out.
    while (postings.length > 0 && postings[postings.length - 1]!.length === 0) postings.pop();
    return [term, ...postings] as [string, ...number[][]];
  });
  return { fields, averageFieldLength: index.averageFieldLength, fieldLength, terms };
}

/** MiniSearch's own serialized shape again, for `MiniSearch.loadJS`. */
export function unpackIndex(packed: PackedIndex): MiniSearchJson {
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  packed.fieldLength.forEach((lengths, id) => {
    documentIds[id] = id;
    fieldLength[id] = lengths;
  });
  const index = packed.terms.map(([term, ...postings]) => {
    const byField: Record<string, Record<string, number>> = {};
    postings.forEach((list, fieldId) => {
      if (list.length === 0) return;
      const docs: Record<string, number> = {};
      let id = 0;
      for (let i = 0; i < list.length; i++) {
        id += list[i]!;
        const next = list[i + 1];
        if (next !== undefined && next < 0) {
          docs[id] = -next;
          i++;
        } else docs[id] = 1;
      }
      byField[fieldId] = docs;
    });
    return [term, byField] as [string, Record<string, Record<string, number>>];
  });
  const count = packed.fieldLength.length;
  return {
    documentCount: count,
    nextId: count,
    documentIds,
    fieldIds: Object.fromEntries(packed.fields.map((name, id) => [name, id])),
    fieldLength,
    averageFieldLength: packed.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}
