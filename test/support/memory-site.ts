/** Test helpers for running the stages on a site held in memory: its config and a store that keeps entries in a Map. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { docsiteLayout, type ResolvedConfig } from '../../src/config/load';
import { siteConfigSchema, type SiteConfig } from '../../src/config/schema';
import { DocsiteError, DocsiteErrorList, formatLocation } from '../../src/core/errors';
import { bufferSource, type Store } from '../../src/infra/store';

/**
 * The config of a site at `siteDir` as loadConfig would settle it, without a config file.
 * `cacheDir` is where modules the site runs (a sidebars file) are bundled to before Node imports them.
 */
export function memoryConfig(
  siteDir: string,
  site: Partial<SiteConfig> = {},
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-memory-cache-')),
): ResolvedConfig {
  return Object.freeze({
    siteDir,
    contentDir: path.join(siteDir, 'content'),
    layout: docsiteLayout(path.join(siteDir, 'content')),
    outDir: path.join(siteDir, 'build'),
    cacheDir,
    inputs: [],
    site: siteConfigSchema.parse({ title: 'Memory Site', ...site }),
  });
}

/** A store whose entries live in a Map; `kinds()` says what was put in it. */
export function memoryStore(): Store & { kinds(): string[] } {
  const entries = new Map<string, Buffer>();
  const id = (kind: string, key: string) => `${kind}/${key}`;
  return {
    dir: '(memory)',
    fileOf: (kind, key) => `(memory)/${id(kind, key)}`,
    getBytes: async (kind, key) => entries.get(id(kind, key)),
    openBytes(kind, key) {
      const bytes = entries.get(id(kind, key));
      return bytes && bufferSource(bytes);
    },
    async putBytes(kind, key, bytes) {
      entries.set(id(kind, key), Buffer.from(bytes));
    },
    async getJson(kind, key) {
      const bytes = entries.get(id(kind, key));
      return bytes && JSON.parse(bytes.toString('utf8'));
    },
    async putJson(kind, key, value) {
      entries.set(id(kind, key), Buffer.from(JSON.stringify(value)));
    },
    async remove(kind, key) {
      entries.delete(id(kind, key));
    },
    async retain(kind, keys) {
      const keep = new Set([...keys].map((key) => id(kind, key)));
      let removed = 0;
      for (const name of [...entries.keys()]) {
        if (name.startsWith(`${kind}/`) && !keep.has(name)) {
          entries.delete(name);
          removed++;
        }
      }
      return removed;
    },
    kinds: () => [...new Set([...entries.keys()].map((name) => name.split('/')[0]!))].sort(),
  };
}

/** Each error a stage threw, as `CODE file:line:column`. */
export async function thrownErrors(run: () => Promise<unknown>): Promise<string[]> {
  try {
    await run();
  } catch (error) {
    const list = error instanceof DocsiteErrorList ? error.errors : error instanceof DocsiteError ? [error] : undefined;
    if (!list) throw error;
    return list.map(located).sort();
  }
  throw new Error('expected the stage to fail');
}

/** An error as `CODE file:line:column`, the way the CLI names where it is. */
export function located(error: DocsiteError): string {
  return `${error.code} ${error.loc ? formatLocation(error.loc) : '(no location)'}`;
}
