/** The worker pool shared by MDX compilation and prerendering (tinypool), and the fingerprint of its code. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Tinypool from 'tinypool';

/** `worker.js` beside the bundled CLI, or the tsx-registering entry beside this file when running from source. */
export function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const js = path.join(here, 'worker.js');
  return existsSync(js) ? js : path.join(here, 'worker-dev.mjs');
}

/**
 * Changes whenever the compiler's code changes, so cached compile results never outlive it. Bundled,
 * that is worker.js and every chunk it loads (dist/ is code-split), but not the CLI's own chunks: a
 * change to the servers or the CLI keeps the compile cache.
 */
export function compilerFingerprint(): string {
  const file = workerFile();
  const hash = createHash('sha256');
  if (file.endsWith('worker.js')) {
    for (const module of relativeImportClosure(file)) hash.update(path.relative(path.dirname(file), module)).update(readFileSync(module));
  } else {
    const mdxDir = path.join(path.dirname(file), '..', 'mdx');
    for (const name of readdirSync(mdxDir).sort()) hash.update(name).update(readFileSync(path.join(mdxDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

export type WorkerPool = Tinypool;

/**
 * Gives every thread a small task of `task`'s kind, so each builds what it keeps warm (the MDX
 * compiler and shiki's themes and grammars) while the main thread does other work. Fire and forget:
 * a failure here shows again, properly reported, when the real task runs.
 */
export function warmWorkers(pool: WorkerPool, task: unknown, name: string): void {
  for (let i = 0; i < pool.threads.length; i++) void pool.run(task, { name }).catch(() => undefined);
}

/**
 * The young generation of each worker's heap, in MB (V8's default is 48: two 16 MB semi-spaces and
 * the space for large new objects). Compiling a page allocates its syntax trees, a few MB that all
 * die when the page is done; with small semi-spaces a scavenge comes every few pages and copies the
 * trees of the page under way, about a sixth of a worker's time. Four times larger, scavenges are
 * rarer and find less alive.
 */
const YOUNG_GENERATION_MB = 192;

export function createWorkerPool(options: { threads?: number } = {}): WorkerPool {
  const threads = options.threads ?? Math.max(1, os.availableParallelism());
  return new Tinypool({
    filename: workerFile(),
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}

/** Changes whenever any of docsite's own code changes: part of the whole-build cache key. */
export function docsiteFingerprint(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  if (existsSync(path.join(here, 'cli.js'))) {
    // Bundled: dist/ is code-split, so the code is cli.js, worker.js and their chunks (and config/define.js): every .js file in it, not the source maps.
    const files = (readdirSync(here, { recursive: true }) as string[]).filter((name) => name.endsWith('.js')).sort();
    for (const name of files) hash.update(name).update(readFileSync(path.join(here, name)));
    return hash.digest('hex').slice(0, 16);
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(path.join(here, '..'));
  return hash.digest('hex').slice(0, 16);
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
