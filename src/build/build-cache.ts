/**
 * Whole-build cache: when no input of a build changed (content, config, sidebars, theme, docsite
 * itself), the previous output is reused instead of compiling, bundling and rendering again.
 * Output is a pure function of those inputs, so this never serves stale pages. The cache holds its
 * own copies, written from memory, and restores by copying, or by linking from the previous output
 * a file emit has proved untouched: nothing done to an output folder can reach the cache or a later build.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlaceFile } from './emit';
import { inBatches, makeParents } from './file-batches';
import type { DocsiteLocations } from './locations';
import type { SiteModel } from './site-model';

export interface BuildInputs {
  configFile?: string;
  model: SiteModel;
  locations: DocsiteLocations;
  fingerprint: string;
  /** The resolved config: settings change output without changing any file. */
  settings: unknown;
  /** Folders of code a page may import (components under content/), hashed whole. */
  codeDirs: { dir: string; skip: string[] }[];
  /** Single files a page may depend on: stylesheets, the lockfile that pins imported packages. */
  extraFiles: string[];
}

/**
 * Hashes every file under `dir` in name order. Symbolic links are hashed as their targets (the scan
 * has already refused any that lead outside the site), and a folder reached twice is hashed once,
 * so a link loop ends.
 */
async function hashTree(hash: ReturnType<typeof createHash>, dir: string, skip: ReadonlySet<string> = new Set(), seen = new Set<string>()): Promise<void> {
  if (!existsSync(dir)) return;
  const real = await realpath(dir);
  if (seen.has(real)) return;
  seen.add(real);
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (skip.has(file)) continue;
    const isDirectory = entry.isSymbolicLink() ? (await stat(file).catch(() => undefined))?.isDirectory() : entry.isDirectory();
    if (isDirectory) await hashTree(hash, file, skip, seen);
    else if (isDirectory === false || !entry.isSymbolicLink()) hash.update(entry.name).update(await readFile(file));
  }
}

/** One digest over everything a build reads. */
export async function buildKey(inputs: BuildInputs): Promise<string> {
  const hash = createHash('sha256');
  hash.update(inputs.fingerprint).update(JSON.stringify(inputs.settings));
  if (inputs.configFile) hash.update(await readFile(inputs.configFile));
  if (inputs.model.sidebarsFile.absolutePath) hash.update(await readFile(inputs.model.sidebarsFile.absolutePath));
  for (const doc of inputs.model.docs) hash.update(doc.source).update(doc.digest);
  for (const page of inputs.model.pages) hash.update(page.source).update(page.mdx?.digest ?? (await readFile(page.absolutePath)));
  for (const [dir, meta] of [...inputs.model.categories].sort(([a], [b]) => a.localeCompare(b))) hash.update(dir).update(JSON.stringify(meta));
  hash.update(inputs.model.staticFiles.join('\n'));
  for (const { dir, skip } of inputs.codeDirs) await hashTree(hash, dir, new Set(skip));
  for (const file of inputs.extraFiles) if (existsSync(file)) hash.update(file).update(await readFile(file));
  await hashTree(hash, inputs.locations.themeDir);
  await hashTree(hash, path.dirname(inputs.locations.runtimeEntry));
  hash.update(await readFile(inputs.locations.serverEntry));
  return hash.digest('hex').slice(0, 32);
}

export interface CachedBuild {
  key: string;
  /** Generated files, relative to the output folder, each with the digest of its bytes (static files are copied anew each time). */
  files: Record<string, string>;
  pages: number;
  bytes: number;
  linksChecked: number;
  api?: { modules: number; classes: number; interfaces: number };
}

/**
 * Files are kept once per content digest (`blobs/<digest>`), so storing a build after a one-page edit
 * writes only the files that changed. Blobs are written under a temporary name and renamed, so a
 * killed build never leaves a blob whose bytes do not match its name; the record goes last.
 */
export function createBuildCache(cacheDir: string) {
  const dir = path.join(cacheDir, 'output');
  const recordFile = path.join(dir, 'record.json');
  const blobsDir = path.join(dir, 'blobs');
  const temporary = (file: string) => `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  return {
    async lookup(key: string): Promise<CachedBuild | undefined> {
      try {
        const record = JSON.parse(await readFile(recordFile, 'utf8')) as CachedBuild;
        return record.key === key && !Array.isArray(record.files) ? record : undefined;
      } catch {
        return undefined;
      }
    },
    /** Keeps the generated files of a finished build, from memory, replacing the previous entry. */
    async store(record: Omit<CachedBuild, 'files'>, files: Map<string, string | Uint8Array>): Promise<void> {
      // The layout before blobs kept whole copies under files/.
      await rm(path.join(dir, 'files'), { recursive: true, force: true });
      await mkdir(blobsDir, { recursive: true });
      const existing = new Set(await readdir(blobsDir));
      const digests: Record<string, string> = {};
      const missing = new Map<string, string | Uint8Array>();
      for (const [file, body] of files) {
        const digest = createHash('sha256').update(body).digest('hex').slice(0, 32);
        digests[file] = digest;
        if (!existing.has(digest)) missing.set(digest, body);
      }
      await inBatches([...missing], async ([digest, body]) => {
        const blob = path.join(blobsDir, digest);
        const partial = temporary(blob);
        await writeFile(partial, body);
        await rename(partial, blob);
      }, 128);
      const kept = new Set(Object.values(digests));
      await inBatches([...existing].filter((name) => !kept.has(name)), (name) => rm(path.join(blobsDir, name), { force: true }), 128);
      const partialRecord = temporary(recordFile);
      await writeFile(partialRecord, JSON.stringify({ ...record, files: digests }));
      await rename(partialRecord, recordFile);
    },
    /**
     * Puts the cached files into `target`, a fresh emit folder: through emit's `place` when given
     * (which links a file from the previous output when that still holds the blob's bytes untouched),
     * else by copying (a reflink where the filesystem offers one).
     */
    async restore(record: CachedBuild, target: string, place?: PlaceFile): Promise<void> {
      await makeParents(target, Object.keys(record.files));
      const put = place ?? ((file: string, _digest: string, blob: string) => copyFile(blob, path.join(target, file), constants.COPYFILE_FICLONE));
      await inBatches(Object.entries(record.files), ([file, digest]) => put(file, digest, path.join(blobsDir, digest)), 128);
    },
  };
}
