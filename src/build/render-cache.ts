/**
 * Rendered pages kept between builds, by the page's render key: the digest the site graph makes of
 * everything a page's HTML is made from (its page data, the site data, the files its document loads,
 * its module for Node, the shared bundle's renderer and docsite's own code). A page whose inputs did
 * not change is not rendered again.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderCache, RenderedPage } from './prerender';

export function createRenderCache(options: { cacheDir: string }): RenderCache {
  const dir = path.join(options.cacheDir, 'render');
  const fileOf = (key: string) => path.join(dir, `${key.slice(0, 32)}.json`);
  let made: Promise<unknown> | undefined;
  return {
    async get(key) {
      try {
        return JSON.parse(await readFile(fileOf(key), 'utf8')) as RenderedPage;
      } catch {
        return undefined;
      }
    },
    async put(key, page) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      await writeFile(fileOf(key), JSON.stringify(page));
    },
    async retain(keys) {
      const keep = new Set([...keys].map((key) => path.basename(fileOf(key))));
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(path.join(dir, name), { force: true })));
    },
  };
}
