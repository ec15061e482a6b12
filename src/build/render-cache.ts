/**
 * Rendered pages kept between builds. A page's HTML is a function of its page data, the site data,
 * the files its document loads (the route chunk, its preloads, the runtime and the stylesheets, all
 * named by content hash, so they change whenever any code the page runs changes) and docsite's own
 * code. The digest of those is the key: a page whose inputs did not change is not rendered again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteData } from '../shared/types';
import type { RenderCache, RenderedPage } from './prerender';


export function createRenderCache(options: { cacheDir: string; fingerprint: string; site: SiteData }): RenderCache {
  const dir = path.join(options.cacheDir, 'render');
  const shared = createHash('sha256').update(options.fingerprint).update('\0').update(JSON.stringify(options.site)).digest('hex');
  let made: Promise<unknown> | undefined;
  return {
    keyOf: ({ route, page, assets }) => createHash('sha256').update(shared).update('\0').update(route).update('\0').update(JSON.stringify(page)).update('\0').update(JSON.stringify(assets)).digest('hex').slice(0, 32),
    async get(key) {
      try {
        return JSON.parse(await readFile(path.join(dir, `${key}.json`), 'utf8')) as RenderedPage;
      } catch {
        return undefined;
      }
    },
    async put(key, page) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      await writeFile(path.join(dir, `${key}.json`), JSON.stringify(page));
    },
    async retain(keys) {
      const keep = new Set([...keys].map((key) => `${key}.json`));
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
}
