/**
 * Rendered pages kept between builds, in the store under their render key: the digest the site graph
 * makes of everything a page's HTML is made from (its page data, the site data, the files its document
 * loads, its module for Node, the shared bundle's renderer and docsite's own code). A page whose
 * inputs did not change is not rendered again.
 *
 * What every build reads of every page (ids, links, digest, search records) is also kept for the
 * whole site in one pack, as compile keeps its results: at 1000 pages, reading a thousand small
 * entries took the render stage of a one-page edit about 0.4 s. A page's search records are kept as
 * the JSON records.json is joined from and as the page's part of the search index (index-file.ts),
 * not as objects: no kept page's records are serialized or cut into terms again.
 *
 * The pack is read as one buffer: what link checks need of each page (ids, links, digest, size) is
 * decoded at once, and the rest stays bytes. records.json is joined from the records' bytes as they
 * lie in the pack, never decoded; a page's part of the index is decoded when the index asks for it,
 * which a build that changed no page never does. Decoding the whole 30 MB pack (19 MB of it records,
 * 11 MB index parts) cost a one-page edit at 1000 pages 0.3 s and the collector's time after.
 *
 * Layout (an entry on its own, or the pack): the header's byte length (uint32, little-endian); the
 * header, JSON, `[store key, { ids, links, digest, size, records, search }]` for each entry, where
 * `records` and `search` are byte lengths (0: none); then, entry after entry, its records (the JSON
 * array, UTF-8) and its index parts (JSON, UTF-8).
 */
import { noteDamaged, StoreDamagedError } from '../../infra/damage';
import { packSlack } from '../../infra/packed-entries';
import type { Store } from '../../infra/store';
import type { RenderCache, RenderedPage } from './prerender';
import type { SearchPagePart } from '../../search/index-file';
import { contentDigest } from '../../infra/digest';

/**
 * Two kinds: what link checks and search need of a page (ids, links, the HTML's digest and size, its
 * records), small, read at every build; and the HTML, read only when emit must write the page.
 */
const KIND = 'render';
const HTML_KIND = 'render-html';
/** The pack of every page's entry, under one key (bumped when the entry's layout changes). */
const PACK_KIND = 'render-pack';
const PACK_KEY = 'pack-3';

// Entries outside the pack (rendered since it was written) or in it unused past `packSlack` (the
// rule every pack of the store follows) get the pack written anew.

interface KeptPage {
  ids: string[];
  links: string[];
  digest: string;
  size: number;
  /** The page's search records, a JSON array in UTF-8, and its parts of the index as JSON: both or neither. */
  records?: Uint8Array;
  search?: Uint8Array;
}

export function createRenderCache(store: Store): RenderCache {
  const keyOf = (key: string) => key.slice(0, 32);
  let packing: Promise<Map<string, KeptPage>> | undefined;
  const pack = () => (packing ??= readPack(store));
  // Every entry this build read or wrote, by store key: what a new pack is made of.
  const seen = new Map<string, KeptPage>();
  return {
    async get(key) {
      const packed = (await pack()).get(keyOf(key));
      const kept = packed ?? (await readSingle(store, keyOf(key)));
      if (!kept) return undefined;
      seen.set(keyOf(key), kept);
      const html = {
        digest: kept.digest,
        size: kept.size,
        async read() {
          const bytes = await store.getBytes(HTML_KIND, keyOf(key));
          // Gone or changed since its digest was kept: never published. The page's entries go, so
          // the build, run again, renders it (and the pages packed with it) anew.
          if (!bytes || contentDigest(bytes) !== kept.digest) {
            const file = store.fileOf(HTML_KIND, keyOf(key));
            noteDamaged(file);
            await Promise.all([store.remove(HTML_KIND, keyOf(key)), store.remove(KIND, keyOf(key)), store.remove(PACK_KIND, PACK_KEY)]);
            throw new StoreDamagedError(file);
          }
          return bytes;
        },
      };
      const page: RenderedPage = { html, ids: kept.ids, links: kept.links, digest: kept.digest };
      if (kept.records && kept.search) {
        const search = kept.search;
        let parts: SearchPagePart[] | undefined;
        page.recordsBytes = kept.records;
        page.searchParts = () => (parts ??= JSON.parse(Buffer.from(search.buffer, search.byteOffset, search.byteLength).toString('utf8')) as SearchPagePart[]);
      }
      return page;
    },
    async put(key, page) {
      if (typeof page.html !== 'string') return;
      const digest = page.digest ?? contentDigest(page.html);
      const kept: KeptPage = { ids: page.ids, links: page.links, digest, size: Buffer.byteLength(page.html) };
      if (page.recordsJson !== undefined && page.search) {
        kept.records = Buffer.from(page.recordsJson);
        kept.search = Buffer.from(JSON.stringify(page.search));
      }
      // The HTML first: a page whose description is kept always has its HTML.
      await store.putBytes(HTML_KIND, keyOf(key), page.html);
      await store.putBytes(KIND, keyOf(key), encodeEntries(new Map([[keyOf(key), kept]])));
      seen.set(keyOf(key), kept);
    },
    prefetch() {
      pack().catch(() => undefined);
    },
    async retain(keys) {
      const used = new Set([...keys].map(keyOf));
      const packed = await pack();
      let single = [...used];
      const outside = single.filter((key) => !packed.has(key)).length;
      const unused = packed.size - (used.size - outside);
      // Only entries this build has in hand go in: a page it neither read nor rendered stays single.
      // Every entry kept, single or packed, keeps its HTML: a page edited back to what the pack holds
      // of it reads that HTML again.
      let html = [...used, ...packed.keys()];
      if (outside + unused > packSlack(used.size) && single.every((key) => seen.has(key))) {
        await store.putBytes(PACK_KIND, PACK_KEY, encodeEntries(new Map(single.map((key) => [key, seen.get(key)!]))));
        single = [];
        html = [...used];
      }
      await Promise.all([store.retain(KIND, single), store.retain(HTML_KIND, html), store.retain(PACK_KIND, [PACK_KEY])]);
    },
  };
}

type Header = [key: string, { ids: string[]; links: string[]; digest: string; size: number; records: number; search: number }][];

export function encodeEntries(entries: Map<string, KeptPage>): Buffer {
  const header: Header = [];
  const data: Uint8Array[] = [];
  for (const [key, kept] of entries) {
    const records = kept.records && kept.search ? kept.records : undefined;
    const search = records ? kept.search! : undefined;
    header.push([key, { ids: kept.ids, links: kept.links, digest: kept.digest, size: kept.size, records: records?.byteLength ?? 0, search: search?.byteLength ?? 0 }]);
    if (records && search) data.push(records, search);
  }
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const size = Buffer.alloc(4);
  size.writeUInt32LE(head.length);
  return Buffer.concat([size, head, ...data]);
}

/**
 * The entries the bytes hold, or undefined when they are not a whole pack (cut short, another
 * layout, damaged). Records and index parts are views of `bytes`, not copies.
 */
export function decodeEntries(bytes: Buffer): Map<string, KeptPage> | undefined {
  if (bytes.length < 4) return undefined;
  const headerEnd = 4 + bytes.readUInt32LE(0);
  if (headerEnd > bytes.length) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 4, headerEnd));
  } catch {
    return undefined;
  }
  if (!Array.isArray(header)) return undefined;
  const entries = new Map<string, KeptPage>();
  let at = headerEnd;
  for (const item of header as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || typeof item[1] !== 'object' || item[1] === null) return undefined;
    const { ids, links, digest, size, records, search } = item[1] as Record<string, unknown>;
    if (typeof digest !== 'string' || typeof size !== 'number' || !Array.isArray(ids) || !Array.isArray(links) || !isLength(records) || !isLength(search)) return undefined;
    // Records come with their index parts, or not at all.
    if ((records === 0) !== (search === 0) || at + records + search > bytes.length) return undefined;
    const kept: KeptPage = { ids: ids as string[], links: links as string[], digest, size };
    if (records > 0) {
      kept.records = bytes.subarray(at, at + records);
      kept.search = bytes.subarray(at + records, at + records + search);
      at += records + search;
    }
    entries.set(item[0], kept);
  }
  return at === bytes.length ? entries : undefined;
}

function isLength(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** An entry on its own (a page rendered since the pack was written); undefined when missing or unreadable. */
async function readSingle(store: Store, key: string): Promise<KeptPage | undefined> {
  const bytes = await store.getBytes(KIND, key);
  return bytes && decodeEntries(bytes)?.get(key);
}

/** The pack of entries by store key; an empty one when it is missing or unreadable. */
async function readPack(store: Store): Promise<Map<string, KeptPage>> {
  const bytes = await store.getBytes(PACK_KIND, PACK_KEY);
  return (bytes && decodeEntries(bytes)) || new Map();
}
