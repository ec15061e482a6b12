/** Compile stage: MDX sources to JS modules in the worker pool, skipping any whose digest is cached. */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/load';
import { DocsiteError } from '../core/errors';
import type { CompileResult, MdxCompilerOptions } from '../mdx';
import type { MdxSource } from './site-model';
import type { WorkerPool } from './pool';
import type { CompileOutcome, CompileTask } from './worker';

export interface CompileStageOptions {
  sources: MdxSource[];
  pool: WorkerPool;
  cacheDir: string;
  compilerOptions: MdxCompilerOptions;
  fingerprint: string;
  /** Results kept in memory between runs (the dev server), by cache file: a hit skips the disk. */
  memory?: Map<string, CompileResult>;
}

export interface CompileStageResult {
  results: Map<string, CompileResult>;
  errors: DocsiteError[];
  cached: number;
  compiled: number;
}

const BATCH = 16;

/**
 * The capitalized keys of `mdxComponents` in theme/mdx-components.tsx: what a page may use without
 * importing it. test/unit/mdx-references.test.ts keeps the two lists in step.
 */
export const THEME_MDX_COMPONENTS = ['Admonition', 'CodeBlock', 'Details', 'TabItem', 'Tabs'];

/** What of the config changes compiled output: the code themes and the site's own URL. */
export function compilerOptions(config: ResolvedConfig): MdxCompilerOptions {
  return { codeThemes: config.site.codeThemes, siteUrl: config.site.url, providedComponents: THEME_MDX_COMPONENTS };
}

export async function compileSources(options: CompileStageOptions): Promise<CompileStageResult> {
  const dir = path.join(options.cacheDir, 'mdx');
  await mkdir(dir, { recursive: true });
  const settings = JSON.stringify(options.compilerOptions);
  const cacheFile = (source: MdxSource) =>
    path.join(dir, `${createHash('sha256').update(`${options.fingerprint}\0${settings}\0${source.display}\0${source.digest}`).digest('hex').slice(0, 32)}.json`);

  const results = new Map<string, CompileResult>();
  const misses: MdxSource[] = [];
  await Promise.all(
    options.sources.map(async (source) => {
      const file = cacheFile(source);
      const kept = options.memory?.get(file);
      if (kept) {
        results.set(source.key, kept);
        return;
      }
      try {
        const result = JSON.parse(await readFile(file, 'utf8')) as CompileResult;
        results.set(source.key, result);
        options.memory?.set(file, result);
      } catch {
        misses.push(source);
      }
    }),
  );
  misses.sort((a, b) => a.key.localeCompare(b.key));

  const errors: DocsiteError[] = [];
  const batches: MdxSource[][] = [];
  for (let i = 0; i < misses.length; i += BATCH) batches.push(misses.slice(i, i + BATCH));
  const byKey = new Map(misses.map((source) => [source.key, source]));
  await Promise.all(
    batches.map(async (batch) => {
      const task: CompileTask = { compilerOptions: options.compilerOptions, files: batch.map((s) => ({ key: s.key, file: s.display, source: s.text })) };
      const outcomes = (await options.pool.run(task, { name: 'compile' })) as CompileOutcome[];
      for (const outcome of outcomes) {
        if (outcome.ok) {
          results.set(outcome.key, outcome.result);
          const file = cacheFile(byKey.get(outcome.key)!);
          options.memory?.set(file, outcome.result);
          await writeFile(file, JSON.stringify(outcome.result));
        } else {
          errors.push(new DocsiteError(outcome.error));
        }
      }
    }),
  );
  errors.sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
  // Memory holds this run's results only, so it does not grow with every edit.
  if (options.memory) {
    const current = new Set(options.sources.map(cacheFile));
    for (const file of options.memory.keys()) if (!current.has(file)) options.memory.delete(file);
  }
  return { results, errors, cached: options.sources.length - misses.length, compiled: misses.length };
}
