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
 * not as objects: strings and the parts' flat lists are quick to read back, and no kept page's
 * records are serialized or cut into terms again.
 */
import { deserialize, serialize } from 'node:v8';
import { DocsiteError } from '../core/errors';
import { packSlack } from '../exec/packed-entries';
import type { Store } from '../exec/store';
import { contentDigest } from './emit-record';
import type { RenderCache } from './prerender';
import type { SearchPagePart } from '../search/index-file';

/**
 * Two kinds: what link checks need of a page (ids, links, the HTML's digest and size), small, read at
 * every build; and the HTML, read only when emit must write the page.
 */
const KIND = 'render';
const HTML_KIND = 'render-html';
/** The pack of every page's entry, under one key (bumped when the entry's layout changes). */
const PACK_KIND = 'render-pack';
const PACK_KEY = 'pack-2';

// Entries outside the pack (rendered since it was written) or in it unused past `packSlack` (the
// rule every pack of the store follows) get the pack written anew.

interface KeptPage {
  ids: string[];
  links: string[];
  digest: string;
  size: number;
  /** The page's search records as JSON and as its part of the index, so the search files are made again without reading the HTML. */
  recordsJson?: string;
  search?: SearchPagePart[];
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
      const kept = packed ?? (await store.getJson<KeptPage>(KIND, keyOf(key)));
      if (!isKeptPage(kept)) return undefined;
      seen.set(keyOf(key), kept);
      const html = {
        digest: kept.digest,
        size: kept.size,
        async read() {
          const bytes = await store.getBytes(HTML_KIND, keyOf(key));
          // Gone or changed since its digest was kept: the build fails rather than publish another page.
          if (!bytes || contentDigest(bytes) !== kept.digest) {
            throw new DocsiteError({
              code: 'CACHE_DAMAGED',
              message: `The cached HTML of a page is missing or is not what was kept: ${store.fileOf(HTML_KIND, keyOf(key))}.`,
              hint: 'Something changed docsite\'s cache folder. Delete it (.docsite by default) and build again.',
            });
          }
          return bytes;
        },
      };
      return { html, ids: kept.ids, links: kept.links, digest: kept.digest, recordsJson: kept.recordsJson, search: kept.search };
    },
    async put(key, page) {
      if (typeof page.html !== 'string') return;
      const digest = page.digest ?? contentDigest(page.html);
      const kept: KeptPage = { ids: page.ids, links: page.links, digest, size: Buffer.byteLength(page.html), ...(page.recordsJson !== undefined && page.search ? { recordsJson: page.recordsJson, search: page.search } : {}) };
      // The HTML first: a page whose description is kept always has its HTML.
      await store.putBytes(HTML_KIND, keyOf(key), page.html);
      await store.putJson(KIND, keyOf(key), kept);
      seen.set(keyOf(key), kept);
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
        await store.putBytes(PACK_KIND, PACK_KEY, serialize(new Map(single.map((key) => [key, seen.get(key)!]))));
        single = [];
        html = [...used];
      }
      await Promise.all([store.retain(KIND, single), store.retain(HTML_KIND, html), store.retain(PACK_KIND, [PACK_KEY])]);
    },
  };
}

function isKeptPage(kept: KeptPage | undefined): kept is KeptPage {
  if (!kept || typeof kept.digest !== 'string' || typeof kept.size !== 'number' || !Array.isArray(kept.ids) || !Array.isArray(kept.links)) return false;
  // Records come as both their JSON and their index parts, or not at all.
  return kept.recordsJson === undefined ? kept.search === undefined : typeof kept.recordsJson === 'string' && Array.isArray(kept.search);
}

/** The pack of entries by store key; an empty one when it is missing or unreadable. */
async function readPack(store: Store): Promise<Map<string, KeptPage>> {
  const bytes = await store.getBytes(PACK_KIND, PACK_KEY);
  try {
    const pack: unknown = bytes && deserialize(bytes);
    if (pack instanceof Map) return pack as Map<string, KeptPage>;
  } catch {
    // A miss, like a missing pack.
  }
  return new Map();
}
