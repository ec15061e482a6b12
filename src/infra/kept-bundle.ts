/**
 * A browser script bundled from one entry (the search worker, the service worker's source), kept in
 * the store with the digest of every file it was bundled from: bundled again only when one of them
 * changed, or when docsite's own code did (the fingerprint is in the key).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { esbuild } from './commonjs';
import { type Store } from './store';
import { digestKey } from './digest';

export interface KeptBundleOptions {
  entry: string;
  /** The store's kind for this script: one kept bundle per kind. */
  kind: string;
  cache?: { store: Store; fingerprint: string };
  /** esbuild's `define`, part of the key. */
  define?: Record<string, string>;
}

interface Kept {
  /** Each file the script was bundled from, with the digest of its contents then. */
  inputs: Record<string, string>;
  code: string;
}

/** The minified IIFE bundle of `entry`, from the store when none of its inputs changed. */
export async function keptBundle(options: KeptBundleOptions): Promise<string> {
  const { cache } = options;
  const key = cache && digestKey(cache.fingerprint, options.entry, JSON.stringify(options.define ?? {}));
  if (cache && key) {
    const kept = await cache.store.getJson<Kept>(options.kind, key);
    if (kept && typeof kept.code === 'string' && (await sameContents(kept.inputs))) return kept.code;
  }
  const result = await esbuild.build({
    entryPoints: [options.entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    ...(options.define ? { define: options.define } : {}),
  });
  const code = result.outputFiles[0]!.text;
  if (cache && key) {
    const inputs: Record<string, string> = {};
    // esbuild names inputs relative to the working folder.
    await Promise.all(Object.keys(result.metafile.inputs).map(async (input) => (inputs[path.resolve(input)] = await fileDigest(path.resolve(input)))));
    await cache.store.putJson(options.kind, key, { inputs, code } satisfies Kept);
    await cache.store.retain(options.kind, [key]);
  }
  return code;
}

async function sameContents(inputs: Record<string, string> | undefined): Promise<boolean> {
  if (!inputs || typeof inputs !== 'object') return false;
  const checks = await Promise.all(Object.entries(inputs).map(async ([file, digest]) => (await fileDigest(file).catch(() => undefined)) === digest));
  return checks.every(Boolean);
}

async function fileDigest(file: string): Promise<string> {
  return createHash('sha256').update(await readFile(file)).digest('hex');
}
