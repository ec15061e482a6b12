/**
 * The fingerprints of docsite's own code, the keys that keep caches from outliving it: one of all
 * the code (part of the whole-build key) and one of the compiler's (the compile cache's key).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CodeFingerprints {
  /** Changes whenever any of docsite's code changes. */
  docsite: string;
  /** Changes whenever the code the worker threads load changes. */
  compiler: string;
}

/** Written beside the bundle by scripts/build-cli.mjs. */
export const FINGERPRINTS_FILE = 'fingerprints.json';

interface FingerprintsFile extends CodeFingerprints {
  /** Each hashed file, relative to dist/, with its size, modification time and inode when hashed. */
  files: [name: string, size: number, mtimeMs: number, ino: number][];
}

/**
 * The fingerprints of the bundle in `dist` (which holds cli.js and worker.js): recorded ones when they
 * still fit, else hashed. Hashing dist/ would slow every start, so scripts/build-cli.mjs writes both
 * fingerprints into dist/fingerprints.json with the size, modification time and inode of each file
 * they cover. A file written since (or a dist/ copied elsewhere) no longer matches what was recorded,
 * and then the code is hashed as before: the recorded figures are only ever used for the very files
 * they were made from.
 */
export function bundleFingerprints(dist: string): CodeFingerprints {
  return recorded(dist) ?? hashBundle(dist);
}

/** Hashes the bundle in `dist` and records the result beside it, with what identifies each file it covers. */
export function recordBundleFingerprints(dist: string): CodeFingerprints {
  const fingerprints = hashBundle(dist);
  const record: FingerprintsFile = { ...fingerprints, files: bundleFiles(dist).map((name) => identity(dist, name)) };
  writeFileSync(path.join(dist, FINGERPRINTS_FILE), `${JSON.stringify(record)}\n`);
  return fingerprints;
}

/** docsite's fingerprint when it runs from its sources (tests, tsx): every file under `src`. */
export function sourceFingerprint(src: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(src);
  return hash.digest('hex').slice(0, 16);
}

/** The compiler's fingerprint when docsite runs from its sources: the files of `src/mdx`. */
export function sourceCompilerFingerprint(src: string): string {
  const hash = createHash('sha256');
  const mdxDir = path.join(src, 'mdx');
  for (const name of readdirSync(mdxDir).sort()) hash.update(name).update(readFileSync(path.join(mdxDir, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * dist/ is code-split: docsite's code is cli.js, worker.js and their chunks (and config/define.js),
 * every .js file in it (not the source maps); the compiler's is worker.js and every chunk it loads,
 * so a change to the servers or the CLI keeps the compile cache.
 */
function hashBundle(dist: string): CodeFingerprints {
  const all = createHash('sha256');
  for (const name of bundleFiles(dist)) all.update(name).update(readFileSync(path.join(dist, name)));
  const worker = path.join(dist, 'worker.js');
  const compiler = createHash('sha256');
  for (const module of relativeImportClosure(worker)) compiler.update(path.relative(dist, module)).update(readFileSync(module));
  return { docsite: all.digest('hex').slice(0, 16), compiler: compiler.digest('hex').slice(0, 16) };
}

function bundleFiles(dist: string): string[] {
  return (readdirSync(dist, { recursive: true }) as string[]).filter((name) => name.endsWith('.js')).sort();
}

function identity(dist: string, name: string): FingerprintsFile['files'][number] {
  const stats = statSync(path.join(dist, name));
  return [name, stats.size, stats.mtimeMs, stats.ino];
}

/** The recorded fingerprints, when the files of dist/ are still the very ones they were made from. */
function recorded(dist: string): CodeFingerprints | undefined {
  try {
    const record = JSON.parse(readFileSync(path.join(dist, FINGERPRINTS_FILE), 'utf8')) as FingerprintsFile;
    const names = bundleFiles(dist);
    if (names.length !== record.files.length) return undefined;
    for (const [i, name] of names.entries()) {
      const now = identity(dist, name);
      if (!now.every((value, j) => value === record.files[i]![j])) return undefined;
    }
    return { docsite: record.docsite, compiler: record.compiler };
  } catch {
    return undefined;
  }
}

/**
 * `entry` and every file it reaches through relative imports (`from "./chunk-X.js"`, `import "./x.js"`,
 * `import("./x.js")`), sorted: the files a bundled entry loads from dist/. Node modules, imported by
 * bare name, are not followed.
 */
function relativeImportClosure(entry: string): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!seen.has(target) && existsSync(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].sort();
}
