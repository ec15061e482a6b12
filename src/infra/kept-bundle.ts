/**
 * A browser script bundled from one entry (the search worker, the service worker's source), kept in
 * the store with the stamp of every file it was bundled from: bundled again only when one of them
 * changed, or when docsite's own code did (the fingerprint is in the key).
 */
import path from 'node:path';
import { esbuild } from './commonjs';
import { type Store } from './store';
import { digestKey } from './digest';
import { isFileStamp, sameFile, stampOf, type FileStamp } from './file-stamp';

export interface KeptBundleOptions {
  entry: string;
  /** The store's kind for this script: one kept bundle per kind. */
  kind: string;
  cache?: { store: Store; fingerprint: string };
  /** esbuild's `define`, part of the key. */
  define?: Record<string, string>;
}

interface Kept {
  /** Each file the script was bundled from, with its stamp then. */
  inputs: Record<string, FileStamp>;
  code: string;
}

/** The minified IIFE bundle of `entry`, from the store when none of its inputs changed. */
export async function keptBundle(options: KeptBundleOptions): Promise<string> {
  const { cache } = options;
  const key = cache && digestKey(cache.fingerprint, options.entry, JSON.stringify(options.define ?? {}));
  if (cache && key) {
    const kept = await cache.store.getJson<Kept>(options.kind, key);
    if (kept && typeof kept.code === 'string' && (await sameInputs(kept.inputs))) return kept.code;
  }
  const started = Date.now();
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
    const inputs: Record<string, FileStamp> = {};
    // esbuild names inputs relative to the working folder.
    await Promise.all(Object.keys(result.metafile.inputs).map(async (input) => (inputs[path.resolve(input)] = await stampOf(path.resolve(input), started))));
    await cache.store.putJson(options.kind, key, { inputs, code } satisfies Kept);
    await cache.store.retain(options.kind, [key]);
  }
  return code;
}

async function sameInputs(inputs: Record<string, FileStamp> | undefined): Promise<boolean> {
  if (!inputs || typeof inputs !== 'object') return false;
  const checks = await Promise.all(Object.entries(inputs).map(async ([file, stamp]) => isFileStamp(stamp) && (await sameFile(file, stamp))));
  return checks.every(Boolean);
}
