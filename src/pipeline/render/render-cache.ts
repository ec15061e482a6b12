/**
 * Rendered pages kept between builds under their render key (the digest the site graph makes of
 * everything a page's HTML is made from), so a page whose inputs did not change is not rendered again.
 * A page's search records are kept as the bytes records.json is joined from and its index parts as
 * JSON, so no kept page's records are serialized or cut into terms again.
 */
import { noteDamaged, StoreDamagedError } from '../../infra/damage';
import { createPackedEntries } from '../../infra/packed-entries';
import type { Store } from '../../infra/store';
import type { RenderCache, RenderedPage } from './prerender';
import type { SearchPagePart } from '../../search/index-file';
import { contentDigest } from '../../infra/digest';

/**
 * Two kinds: what link checks and search need of a page (ids, links, the HTML's digest and size, its
 * records), small, read at every build, and packed as every per-page kind is (packed-entries.ts);
 * and the HTML, read only when emit must write the page, kept while the page's entry is.
 */
const KIND = 'render';
const HTML_KIND = 'render-html';
/** Names the layout of an entry and of the pack (bumped when it changes). */
const VERSION = '3';

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
  // An entry on its own has the pack's layout too: a pack of one.
  const entries = createPackedEntries<KeptPage>({
    store,
    kind: KIND,
    version: VERSION,
    isEntry: isKeptPage,
    codec: { encode: encodeEntries, decode: decodeEntries },
    entryCodec: { encode: (key, kept) => encodeEntries(new Map([[key, kept]])), decode: (key, bytes) => decodeEntries(bytes)?.get(key) },
  });
  return {
    async get(key) {
      const kept = await entries.get(keyOf(key));
      if (!kept) return undefined;
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
            await Promise.all([store.remove(HTML_KIND, keyOf(key)), entries.drop(keyOf(key))]);
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
      await entries.put(keyOf(key), kept);
    },
    prefetch() {
      entries.prefetch();
    },
    async retain(keys) {
      // Every entry kept, single or packed, keeps its HTML: a page edited back to what the pack holds
      // of it reads that HTML again.
      const kept = await entries.retain([...keys].map(keyOf));
      await store.retain(HTML_KIND, kept);
    },
  };
}

/**
 * Layout (an entry on its own, or the pack): the header's byte length (uint32, little-endian); the
 * header, JSON, `[store key, { ids, links, digest, size, records, search }]` for each entry, where
 * `records` and `search` are byte lengths (0: none); then, entry after entry, its records (the JSON
 * array, UTF-8) and its index parts (JSON, UTF-8). What link checks need of each page is decoded at
 * once; the records stay bytes, and a page's index parts are decoded when the index asks for them.
 */
type Header = [key: string, { ids: string[]; links: string[]; digest: string; size: number; records: number; search: number }][];

export function encodeEntries(entries: Map<string, KeptPage>): Buffer {
  const header: Header = [];
  const data: Uint8Array[] = [];
  for (const [key, kept] of entries) {
    const records = kept.records && kept.search ? kept.records : undefined;
    const search = records ? kept.search! : undefined;
    header.push([
      key,
      { ids: kept.ids, links: kept.links, digest: kept.digest, size: kept.size, records: records?.byteLength ?? 0, search: search?.byteLength ?? 0 },
    ]);
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
    if (typeof digest !== 'string' || typeof size !== 'number' || !Array.isArray(ids) || !Array.isArray(links) || !isLength(records) || !isLength(search))
      return undefined;
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

/** Entries come from decodeEntries, which checks every field: this only tells them from a stray value. */
function isKeptPage(value: unknown): value is KeptPage {
  return typeof value === 'object' && value !== null && typeof (value as KeptPage).digest === 'string';
}

function isLength(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}
