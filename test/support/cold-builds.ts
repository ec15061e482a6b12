/**
 * Cold builds shared between the test files of one run: a cold build (empty cache) of a site and a
 * docsite copy is kept under the digest of every input file, and a file that needs a cold build of
 * the same files reads that one instead of building it again. The build and serve incremental tests
 * replay the same random edits (one seed per run), so each of their reference builds is made once.
 * Callers only read the returned folder.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EditTarget } from './site-edits';

/** Whether the process `pid` runs (one of another user's cannot be signalled, but runs). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

let folder: string | null | undefined;

/**
 * A folder shared by the test files of one run: scripts/run-tests.mjs names a new one in
 * DOCSITE_TEST_RUN_DIR for each run and removes it at the end. Undefined when a file runs on its own,
 * which then builds what it needs itself.
 */
export function runFolder(): string | undefined {
  if (folder !== undefined) return folder ?? undefined;
  folder = process.env.DOCSITE_TEST_RUN_DIR || null;
  if (folder) mkdirSync(folder, { recursive: true });
  return folder ?? undefined;
}

/** One seed for every file of a run (so they replay the same edits), another each run; INCREMENTAL_SEED repeats one. */
export function runSeed(): number {
  if (process.env.INCREMENTAL_SEED) return Number(process.env.INCREMENTAL_SEED);
  const shared = runFolder();
  if (!shared) return Date.now() % 100000;
  // The first file to ask draws it.
  try {
    writeFileSync(path.join(shared, 'seed'), String(Date.now() % 100000), { flag: 'wx' });
  } catch {
    // Drawn already.
  }
  return Number(readFileSync(path.join(shared, 'seed'), 'utf8'));
}

/** Files of the site that are outputs or cache, not inputs of a build with its own output and cache folders. */
const NOT_INPUT = /^(build|\.docsite)([/\\]|$)/;
const DOCSITE_PARTS = ['bin', 'dist', 'src', 'theme', 'package.json'];

/** Files under `dir` (among its entries `names`), by their paths relative to it, in order. */
function filesOf(dir: string, names: string[]): string[] {
  return names
    .filter((name) => existsSync(path.join(dir, name)))
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (!statSync(full).isDirectory()) return [name];
      return readdirSync(full, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
    })
    .sort();
}

/** Digests of files read before, by path, with the size and time of change they had then. */
const fileDigests = new Map<string, { size: number; mtimeMs: number; digest: string }>();

function fileDigest(file: string): string {
  const { size, mtimeMs } = statSync(file);
  const known = fileDigests.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.digest;
  const digest = createHash('sha256').update(readFileSync(file)).digest('hex');
  fileDigests.set(file, { size, mtimeMs, digest });
  return digest;
}

/** The digest of everything a cold build of `target` reads: the site's files and the docsite copy's code and theme. */
export function inputDigest(target: EditTarget): string {
  // Where the docsite copy lies from the site is part of what the build is made from: the bundles'
  // chunk names follow the paths of their modules, the theme's among them.
  const hash = createHash('sha256').update(path.relative(target.site, target.docsite));
  const parts = [
    ['site', target.site, readdirSync(target.site).filter((name) => !NOT_INPUT.test(name))],
    ['docsite', target.docsite, DOCSITE_PARTS],
  ] as const;
  for (const [label, dir, names] of parts) {
    for (const file of filesOf(dir, [...names])) hash.update(`\0${label}\0${file}\0${fileDigest(path.join(dir, file))}`);
  }
  return hash.digest('hex').slice(0, 32);
}

const readIfThere = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** How long a file waits for another to finish the cold build it needs. */
const WAIT_MS = 300_000;

/**
 * The output folder of a cold build of `target`'s current files: one made earlier in this run, or
 * made now by `build(outDir, cacheDir)` (fresh folders both). The key is the files alone, so `build`
 * must be a plain `docsite build` of them, with no option or variable that changes what it writes
 * (where the output and cache folders lie does not). When another file is making the same
 * build, waits for it; one whose process ended meanwhile is taken over.
 */
export async function coldBuildOf(target: EditTarget, build: (outDir: string, cacheDir: string) => unknown): Promise<{ dir: string; reused: boolean }> {
  const store = path.join(runFolder() ?? os.tmpdir(), 'docsite-cold-builds');
  mkdirSync(store, { recursive: true });
  const digest = inputDigest(target);
  const done = path.join(store, digest);
  const lock = `${done}.lock`;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (existsSync(done)) return { dir: done, reused: true };
    try {
      mkdirSync(lock);
      break;
    } catch {
      // No pid yet: the holder has just made the lock, or has just removed it.
      const holder = Number(readIfThere(path.join(lock, 'pid')) ?? 0);
      if (holder && !alive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another test file held the cold build ${digest} for more than ${WAIT_MS / 1000} s`);
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    const outDir = path.join(lock, 'out');
    await build(outDir, path.join(lock, 'cache'));
    renameSync(outDir, done);
    return { dir: done, reused: false };
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
