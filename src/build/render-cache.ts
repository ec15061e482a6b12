/**
 * Rendered pages kept between builds, in the store under their render key: the digest the site graph
 * makes of everything a page's HTML is made from (its page data, the site data, the files its document
 * loads, its module for Node, the shared bundle's renderer and docsite's own code). A page whose
 * inputs did not change is not rendered again.
 */
import { DocsiteError } from '../core/errors';
import type { Store } from '../exec/store';
import { contentDigest } from './emit-record';
import type { RenderCache } from './prerender';
import type { SearchRecord } from '../shared/search/types';

/**
 * Two kinds: what link checks need of a page (ids, links, the HTML's digest and size), small, read at
 * every build; and the HTML, read only when emit must write the page.
 */
const KIND = 'render';
const HTML_KIND = 'render-html';

interface KeptPage {
  ids: string[];
  links: string[];
  digest: string;
  size: number;
  /** Search records, so the search index is made again without reading the HTML. */
  records?: SearchRecord[];
}

export function createRenderCache(store: Store): RenderCache {
  const keyOf = (key: string) => key.slice(0, 32);
  return {
    async get(key) {
      const kept = await store.getJson<KeptPage>(KIND, keyOf(key));
      if (!kept || typeof kept.digest !== 'string' || typeof kept.size !== 'number' || !Array.isArray(kept.ids) || !Array.isArray(kept.links) || (kept.records !== undefined && !Array.isArray(kept.records))) return undefined;
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
      return { html, ids: kept.ids, links: kept.links, digest: kept.digest, records: kept.records };
    },
    async put(key, page) {
      if (typeof page.html !== 'string') return;
      const digest = page.digest ?? contentDigest(page.html);
      // The HTML first: a page whose description is kept always has its HTML.
      await store.putBytes(HTML_KIND, keyOf(key), page.html);
      await store.putJson(KIND, keyOf(key), { ids: page.ids, links: page.links, digest, size: Buffer.byteLength(page.html), records: page.records } satisfies KeptPage);
    },
    async retain(keys) {
      const kept = [...keys].map(keyOf);
      await Promise.all([store.retain(KIND, kept), store.retain(HTML_KIND, kept)]);
    },
  };
}
