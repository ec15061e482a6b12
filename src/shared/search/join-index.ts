/**
 * The index the engine searches, joined from the shards the build writes (see search-files.ts):
 * one index over every section, as if the build had written it whole from the shards' sections in
 * the manifest's order. Ranking needs the whole: a term's document frequency, the document count
 * and the fields' average lengths are the site's, not a shard's.
 */
import { INDEX_FIELDS } from './options';
import type { PackedIndex } from './packed-index';
import type { SearchIndexFile, SearchIndexManifest, SearchIndexShard } from './types';

const NOT_AN_INDEX = 'The search index is not a docsite search index (version 2).';

/**
 * The index the manifest lists, its shards read with `readShard` (given each shard's path relative
 * to the site's base URL, as the manifest writes it) all at once. A manifest or a shard of another
 * shape is an error, never an empty index. The browser's worker, the dev server and the tests all
 * load the index through this.
 */
export async function loadSearchIndex(manifest: unknown, readShard: (file: string) => Promise<unknown> | unknown): Promise<SearchIndexFile> {
  if (!isManifest(manifest)) throw new Error(NOT_AN_INDEX);
  const shards = await Promise.all(manifest.shards.map((file) => readShard(file)));
  if (!shards.every(isShard)) throw new Error(NOT_AN_INDEX);
  return joinSearchIndex(manifest.origin, shards);
}

function isManifest(value: unknown): value is SearchIndexManifest {
  const manifest = value as SearchIndexManifest | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    manifest.v === 2 &&
    typeof manifest.origin === 'string' &&
    Array.isArray(manifest.shards) &&
    manifest.shards.every((file) => typeof file === 'string')
  );
}

function isShard(value: unknown): value is SearchIndexShard {
  const shard = value as SearchIndexShard | null;
  return (
    typeof shard === 'object' &&
    shard !== null &&
    [shard.languages, shard.tags, shard.pages, shard.sections].every(Array.isArray) &&
    typeof shard.index === 'object' &&
    shard.index !== null &&
    Array.isArray(shard.index.fields) &&
    Array.isArray(shard.index.fieldLength) &&
    Array.isArray(shard.index.terms)
  );
}

/**
 * The shards as one index: pages and sections numbered on from the shards before, languages and tags
 * listed once, and each term's postings joined. Terms come in the order they first occur over the
 * joined sections, as they would in one index written over them (see packed-builder.ts), so that
 * MiniSearch loads the same tree and sums every score in the same order: the same hits, in the same
 * order, with the same scores, to the last bit.
 */
export function joinSearchIndex(origin: string, shards: readonly SearchIndexShard[]): SearchIndexFile {
  const file: SearchIndexFile = { v: 1, origin, languages: [], tags: [], pages: [], sections: [], index: joinPostings(shards.map((shard) => shard.index)) };
  const languages = new Map<string, number>();
  const tags = new Map<string, number>();
  const position = (known: Map<string, number>, list: string[], value: string) => {
    let at = known.get(value);
    if (at === undefined) known.set(value, (at = list.push(value) - 1));
    return at;
  };
  for (const shard of shards) {
    const pageOffset = file.pages.length;
    const sectionOffset = file.sections.length;
    for (const [url, lvl0, language, tag, version, pageRank] of shard.pages) {
      file.pages.push([
        url,
        lvl0,
        position(languages, file.languages, shard.languages[language] ?? ''),
        position(tags, file.tags, shard.tags[tag] ?? ''),
        version,
        pageRank,
      ]);
    }
    for (const [page, level, text, anchor, parent, contents] of shard.sections) {
      file.sections.push([pageOffset + page, level, text, anchor, parent < 0 ? -1 : sectionOffset + parent, contents]);
    }
  }
  return file;
}

/** The packed postings of the shards as one index: each shard's document ids offset by the documents before it. */
function joinPostings(indexes: readonly PackedIndex[]): PackedIndex {
  // No shard (a site with nothing to search) is an empty index over the usual fields.
  const fields = indexes[0]?.fields ?? [...INDEX_FIELDS];
  for (const index of indexes) {
    if (index.fields.join('\n') !== fields.join('\n')) throw new Error(NOT_AN_INDEX);
  }
  const fieldLength: number[][] = [];
  // Per term, per field: its postings so far and the last document in them (-1: none yet).
  const terms = new Map<string, { postings: number[][]; last: number[] }>();
  for (const index of indexes) {
    const offset = fieldLength.length;
    for (const lengths of index.fieldLength) fieldLength.push(lengths);
    for (const [text, ...postings] of index.terms) {
      let term = terms.get(text);
      if (!term) terms.set(text, (term = { postings: fields.map(() => []), last: fields.map(() => -1) }));
      postings.forEach((list, fieldId) => {
        if (list.length === 0) return;
        const joined = term.postings[fieldId]!;
        // A shard's list starts with its first document's local id (a gap from 0): from the last
        // document of the shards before, it is a gap to that document's id in the joined index.
        let id = offset + list[0]!;
        joined.push(id - Math.max(term.last[fieldId]!, 0));
        for (let i = 1; i < list.length; i++) {
          const value = list[i]!;
          // A negative number is the count of the document before it; the rest are gaps, as they were.
          if (value > 0) id += value;
          joined.push(value);
        }
        term.last[fieldId] = id;
      });
    }
  }
  // MiniSearch keeps a running mean of each field's length as documents are added: taken over the
  // joined documents in order, it is the very number one index over them holds. The shards' own
  // means, each over a part of the documents, are not averaged.
  const averageFieldLength = fields.map(() => 0);
  fieldLength.forEach((lengths, id) => {
    lengths.forEach((length, fieldId) => {
      averageFieldLength[fieldId] = (averageFieldLength[fieldId]! * id + length) / (id + 1);
    });
  });
  const packed: PackedIndex['terms'] = [];
  for (const [text, { postings }] of terms) {
    while (postings.length > 0 && postings[postings.length - 1]!.length === 0) postings.pop();
    packed.push([text, ...postings]);
  }
  return { fields: [...fields], averageFieldLength, fieldLength, terms: packed };
}
