/**
 * Rendered pages kept between builds, in the store under their render key: the digest the site graph
 * makes of everything a page's HTML is made from (its page data, the site data, the files its document
 * loads, its module for Node, the shared bundle's renderer and docsite's own code). A page whose
 * inputs did not change is not rendered again.
 */
import type { Store } from '../exec/store';
import type { RenderCache, RenderedPage } from './prerender';

const KIND = 'render';

export function createRenderCache(store: Store): RenderCache {
  const keyOf = (key: string) => key.slice(0, 32);
  return {
    get: (key) => store.getJson<RenderedPage>(KIND, keyOf(key)),
    put: (key, page) => store.putJson(KIND, keyOf(key), page),
    async retain(keys) {
      await store.retain(KIND, [...keys].map(keyOf));
    },
  };
}
