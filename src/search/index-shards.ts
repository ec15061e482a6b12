/**
 * The embedded index as the build writes it: shards, each the index of some of the site's pages, and
 * a small manifest at SEARCH_INDEX_FILE that lists them (the browser joins them again, see
 * shared/search/join-index.ts). An edit changes the shard of the page edited and no other.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { noteDamaged, StoreDamagedError } from '../infra/damage';
import { createPackedEntries } from '../infra/packed-entries';
import { type Store } from '../infra/store';
import { SEARCH_INDEX_FILE, type SearchIndexManifest, type SearchRecord } from '../shared/search/types';
import { assembleSearchShard, partsJoin, searchPageParts, type SearchPagePart } from './index-file';
import { digestKey } from '../infra/digest';

/** A page that has records, as the shards need it: parts and records are made or decoded only for a shard made now. */
export interface ShardPage {
  /** Its URL, which picks its shard. */
  url: string;
  /** A name for its records (its HTML's digest), when the index is kept in a store. */
  key?: string;
  parts(): SearchPagePart[];
  records(): SearchRecord[];
}

/** A shard file's bytes, known by a digest of them and their size, read only when asked for (emit's LazyBody). */
export interface ShardBody {
  digest: string;
  size: number;
  read(): Promise<Uint8Array>;
  holds(bytes: Uint8Array): boolean;
}

export interface IndexShardsSummary {
  records: number;
  /** The manifest's and the shards' sizes together, and what they weigh sent gzip-compressed. */
  indexBytes: number;
  indexGzipBytes: number;
}

/** The `.gz` copy of an output file, when someone compresses it anyway (emit): spares compressing it twice for the summary. */
export type GzipOf = (file: string) => Promise<Uint8Array | undefined> | undefined;

/** What is kept of a shard between builds, under a key made of its pages' keys. */
interface ShardFacts {
  /** Its path, relative to the site's base URL. */
  file: string;
  /** digestKey of its bytes, which its name is made from. */
  hash: string;
  size: number;
  gzipBytes: number;
  records: number;
}

/** Store kinds: each shard's bytes, and the facts of every shard (in one pack, read in one go). */
const SHARD_KIND = 'search-shard';
const FACTS_KIND = 'search-shard-facts';
/** The facts' layout, which names their pack (see packed-entries.ts). */
const FACTS_VERSION = 'v1';
const FACTS_PACK_KEY = `pack-${FACTS_VERSION}`;
/** Kinds of earlier layouts (the index as one file, its summary, the records file), emptied. */
const FORMER_KINDS = ['search-index', 'search-summary', 'search-records'];

/** Where shard files go, relative to the site's base URL. */
export const SEARCH_SHARD_PREFIX = '_docsite/search/shard-';

/**
 * About this many pages to a shard: a one-page edit remakes that many pages' index, and the browser
 * loads one file per this many pages. Smaller shards make edits cheaper and searches load more files.
 */
const PAGES_PER_SHARD = 128;

/** The count of shards for a site of `pages` pages: the power of two nearest pages / PAGES_PER_SHARD, one for a small site. */
export function shardCount(pages: number): number {
  if (pages <= PAGES_PER_SHARD) return 1;
  return 2 ** Math.max(0, Math.round(Math.log2(pages / PAGES_PER_SHARD)));
}

/**
 * The shard of the page at `url`: a hash, stable across builds and machines, into `count` buckets. So
 * an edit changes the shard of the page edited and no other, and a page added or removed changes only
 * its own shard (unless the count of shards changes with the count of pages).
 */
export function shardOf(url: string, count: number): number {
  return Number.parseInt(digestKey('search-shard', url).slice(0, 8), 16) % count;
}

const gzipAsync = promisify(gzip);

const isFacts = (value: unknown): value is ShardFacts => {
  const facts = value as ShardFacts | null;
  return (
    typeof facts === 'object' &&
    facts !== null &&
    typeof facts.file === 'string' &&
    typeof facts.hash === 'string' &&
    [facts.size, facts.gzipBytes, facts.records].every(Number.isInteger)
  );
};

interface Shard {
  facts: ShardFacts;
  body: ShardBody;
  /** The store key, when kept in a store. */
  key?: string;
  /** The bytes, when made by this build: stored once the summary knows their compressed size. */
  made?: Buffer;
}

/**
 * The manifest and the shards of the pages, in site order. `summary` says how large they are,
 * compressing the shards made now unless given their `.gz` copies; with a store, it also keeps the
 * shards made now for the next build (asked for once, after the stages that follow have started).
 *
 * A shard file is named by its bytes: an unchanged shard keeps its name, and emit links it from the
 * previous output. With a store, a shard is made again only when a page of it changed: the others
 * are known by their facts (name, digest, size), kept from the build that made them, and their bytes
 * are read only if emit must write them. Made from the same pages, a shard has the same bytes whether
 * made now or kept, by a cold build or after edits.
 */
export async function createIndexShards(options: {
  pages: readonly ShardPage[];
  origin: string;
  cache?: { store: Store; fingerprint: string };
}): Promise<{ files: Map<string, string | ShardBody>; summary: (gzipped?: GzipOf) => Promise<IndexShardsSummary> }> {
  const { pages, origin, cache } = options;
  const count = shardCount(pages.length);
  const buckets: ShardPage[][] = Array.from({ length: count }, () => []);
  for (const page of pages) buckets[shardOf(page.url, count)]!.push(page);
  const facts = cache && createPackedEntries<ShardFacts>({ store: cache.store, kind: FACTS_KIND, version: FACTS_VERSION, isEntry: isFacts });
  const termsOfWord = new Map<string, string[]>();
  const shards: Shard[] = [];
  for (const bucket of buckets) {
    if (bucket.length === 0) continue;
    const key = cache && bucket.every((page) => page.key !== undefined) ? digestKey(cache.fingerprint, origin, ...bucket.map((page) => page.key!)) : undefined;
    const kept = key && facts ? await facts.get(key) : undefined;
    if (kept && cache && key) {
      shards.push({ facts: kept, key, body: keptBody(cache.store, key, kept) });
      continue;
    }
    // Parts kept with the pages rendered earlier, made now for the others; pages whose parts cannot be
    // joined (one URL across two pages) are folded from their records in one go.
    let parts = bucket.flatMap((page) => page.parts());
    if (!partsJoin(parts))
      parts = searchPageParts(
        bucket.flatMap((page) => page.records()),
        termsOfWord,
      );
    const bytes = Buffer.from(assembleSearchShard(parts, origin));
    const hash = digestKey(bytes);
    const made: ShardFacts = {
      file: `${SEARCH_SHARD_PREFIX}${hash.slice(0, 16)}.json`,
      hash,
      size: bytes.length,
      gzipBytes: -1,
      records: parts.reduce((sum, part) => sum + part.records, 0),
    };
    shards.push({ facts: made, made: bytes, body: madeBody(bytes, hash), ...(key ? { key } : {}) });
  }
  const manifest: SearchIndexManifest = { v: 2, origin, shards: shards.map((shard) => shard.facts.file) };
  const manifestText = JSON.stringify(manifest);
  const files = new Map<string, string | ShardBody>([[SEARCH_INDEX_FILE, manifestText]]);
  for (const shard of shards) files.set(shard.facts.file, shard.body);

  const gzipSize = async (file: string, bytes: Uint8Array | string, gzipped?: GzipOf) =>
    (await gzipped?.(file)?.catch(() => undefined))?.byteLength ?? (await gzipAsync(bytes)).length;
  const measure = async (gzipped?: GzipOf): Promise<IndexShardsSummary> => {
    const [manifestGzip, ...shardGzip] = await Promise.all([
      gzipSize(SEARCH_INDEX_FILE, manifestText, gzipped),
      ...shards.map(async (shard) => (shard.made ? (shard.facts.gzipBytes = await gzipSize(shard.facts.file, shard.made, gzipped)) : shard.facts.gzipBytes)),
    ]);
    return {
      records: shards.reduce((sum, shard) => sum + shard.facts.records, 0),
      indexBytes: Buffer.byteLength(manifestText) + shards.reduce((sum, shard) => sum + shard.facts.size, 0),
      indexGzipBytes: manifestGzip! + shardGzip.reduce((sum, size) => sum + size!, 0),
    };
  };
  if (!cache || !facts) return { files, summary: measure };
  const { store } = cache;
  // A shard's facts go in after its bytes: facts found always have their bytes.
  let kept: Promise<IndexShardsSummary> | undefined;
  const keep = (gzipped?: GzipOf) =>
    (kept ??= measure(gzipped).then(async (summary) => {
      const keys = shards.flatMap((shard) => (shard.key ? [shard.key] : []));
      await Promise.all(
        shards.map(async (shard) => {
          if (!shard.made || !shard.key) return;
          await store.putBytes(SHARD_KIND, shard.key, shard.made);
          await facts.put(shard.key, shard.facts);
        }),
      );
      await Promise.all([store.retain(SHARD_KIND, keys), facts.retain(keys), ...FORMER_KINDS.map((kind) => store.retain(kind, []))]);
      return summary;
    }));
  return { files, summary: keep };
}

/** A shard made by this build: its bytes at hand. */
function madeBody(bytes: Buffer, hash: string): ShardBody {
  return {
    digest: hash,
    size: bytes.length,
    read: async () => bytes,
    holds: (other) => Buffer.from(other.buffer, other.byteOffset, other.byteLength).equals(bytes),
  };
}

/** A shard kept from an earlier build: read from the store only if emit must write it. */
function keptBody(store: Store, key: string, facts: ShardFacts): ShardBody {
  return {
    digest: facts.hash,
    size: facts.size,
    async read() {
      const bytes = await store.getBytes(SHARD_KIND, key);
      // Gone or changed since it was kept: never published. Its facts go, so the build, run again, makes it anew.
      if (!bytes || digestKey(bytes) !== facts.hash) {
        const file = store.fileOf(SHARD_KIND, key);
        noteDamaged(file);
        await Promise.all([store.remove(SHARD_KIND, key), store.remove(FACTS_KIND, key), store.remove(`${FACTS_KIND}-pack`, FACTS_PACK_KEY)]);
        throw new StoreDamagedError(file);
      }
      return bytes;
    },
    holds: (bytes) => bytes.byteLength === facts.size && digestKey(bytes) === facts.hash,
  };
}
