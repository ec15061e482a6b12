/**
 * Compile stage: MDX sources to JS modules in the worker pool, skipping any whose result the store
 * keeps. A result is filed under a digest of the compiler, its settings and the page's path and
 * text; a whole site's results are packed as every per-page kind is (src/infra/packed-entries.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, opendirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { DocsiteError } from '../../core/errors';
import { createPackedEntries, packKindOf, type PackCodec, type PackedEntries } from '../../infra/packed-entries';
import { noteDamaged } from '../../infra/damage';
import { createStore, type Store } from '../../infra/store';
import type { CompileResult, MdxCompilerOptions } from '../../mdx';
import type { MdxSource } from '../scan/site-model';
import type { PluginSection } from '../../config/site-plugins';
import { runAfterWarmUp, runTimed, TaskTimedOut, timeLimitError, warmWorkers, type WorkerPool } from '../../infra/pool';
import { fileHighlight, HIGHLIGHT_KIND } from '../../infra/highlight-store';
import { decodePack, encodePack } from '../../infra/code-pack';
import type { StageProgress } from '../../infra/reporter';
import type { CompileOutcome, CompileTask } from '../../infra/worker';
import { digestKey } from '../../infra/digest';

import { compilerOptions, markdownPreprocessor, type MarkdownPreprocessor } from './settings';

export { THEME_MDX_COMPONENTS, compilerOptions, markdownPreprocessor, type MarkdownPreprocessor } from './settings';

export interface CompileStageOptions {
  sources: MdxSource[];
  pool: WorkerPool;
  cacheDir: string;
  compilerOptions: MdxCompilerOptions;
  fingerprint: string;
  /** The site's markdown.preprocessor, applied to each text before it is compiled. */
  preprocess?: MarkdownPreprocessor;
  /** Results kept in memory between runs (the dev server), by store key: a hit skips the disk. */
  memory?: Map<string, CompileResult>;
  /** Where results are kept; a store over `cacheDir` when not given. */
  store?: Store;
  /**
   * How many batches wait in the pool at once (all of them when not given), and how many pages a
   * batch holds (16). The dev server keeps one small batch per thread, so a page asked for while the
   * whole site compiles goes next, not last, and waits for a few pages, not sixteen.
   */
  inFlight?: number;
  batchSize?: number;
  /** Awaited before each batch is handed to the pool: work that must go first holds the rest back. */
  beforeBatch?: () => Promise<unknown> | undefined;
  /**
   * Whether this run's results are the whole site's, so entries and packs it did not use can go
   * (the default). A run over a few pages (the dev server's first page) leaves the store as it is.
   */
  wholeSite?: boolean;
  /** Told how many pages go to the compiler, and of each batch as it comes back. */
  progress?: StageProgress;
  /** The part of the site each page belongs to (by key), whose own markdown plugins run on it; the docs' when not named. */
  sections?: Map<string, PluginSection>;
}

export interface CompileStageResult {
  results: Map<string, CompileResult>;
  /**
   * The store key of each result, by page: a digest of everything its code is made from (the
   * compiler, its settings, the page's path and text), so what is made from the code can be keyed
   * without reading it.
   */
  keys: Map<string, string>;
  errors: DocsiteError[];
  cached: number;
  compiled: number;
}

export const COMPILE_BATCH = 16;

/**
 * Store kinds: one entry per page compiled, and the pack of a whole site's results. Coloured code
 * blocks (src/infra/highlight-store.ts) are a third kind, kept while a page uses them.
 */
const ENTRY = 'mdx';
const PACK = packKindOf(ENTRY);
/** Bump when the pack's layout (src/infra/code-pack.ts) changes. */
const PACK_FORMAT = 2;
const RESULT_CODEC: PackCodec<CompileResult> = { encode: encodePack, decodeSource: (source) => decodePack<CompileResult>(source) };

/**
 * Gives every thread a small page to compile, so each loads the MDX compiler while the main thread
 * does other work. The page has a code block, so shiki starts too (loading its themes, grammars and
 * regex engine is slow), unless the store already keeps coloured blocks: then the site was
 * built before, most pages come from the store whole, the code of those compiled again is mostly
 * unchanged, and shiki is better left unstarted, off the two cores the build needs.
 * With `page`, that page is the one compiled (its result unused): see the dev server's first page.
 */
export function warmCompilers(pool: WorkerPool, config: ResolvedConfig, page?: { file: string; source: string }, threads?: number): void {
  const code = hasEntries(path.join(config.cacheDir, 'store', HIGHLIGHT_KIND)) ? '' : '```js\nconst a = 1;\n```\n';
  const sample = page ?? { file: 'warm.md', source: `# Warm\n\nText.\n\n${code}` };
  const task: CompileTask = { compilerOptions: compilerOptions(config), files: [{ key: 'warm', ...sample }] };
  warmWorkers(pool, task, 'compile', threads);
}

/**
 * Has each thread compile `pages` `rounds` times over, their results unused, one page per thread at a
 * time and only while `idle()` holds. V8 makes the markdown pipeline's code fast over the first pages
 * a thread compiles, and warmCompilers' small page leaves most of it cold: a thread fresh from it
 * compiles a large page several times slower than once it has compiled that page a few times. Code blocks come from the store (`salt`: the compiler's fingerprint), so shiki does not
 * start for a block the site's pages already have.
 */
export async function practiseCompilers(
  pool: WorkerPool,
  config: ResolvedConfig,
  pages: { file: string; source: string }[],
  options: { rounds: number; idle: () => boolean; salt: string },
): Promise<void> {
  const highlights = { cacheDir: config.cacheDir, salt: options.salt, listing: `practice-${process.pid}-${Date.now()}-${Math.random()}` };
  const tasks: CompileTask[] = pages.map((page) => ({ compilerOptions: compilerOptions(config), files: [{ key: 'practice', ...page }], highlights }));
  for (let round = 0; round < options.rounds; round++) {
    for (const task of tasks) {
      if (!options.idle()) return;
      // A failure shows again, reported, when the page is compiled for real.
      await Promise.all(Array.from({ length: pool.options.maxThreads }, () => pool.run(task, { name: 'compile' }).catch(() => undefined)));
    }
  }
}

/**
 * Whether the store keeps the results of an earlier build by this compiler with the site's settings:
 * then a build compiles only the pages changed since, often none, and its threads start when a page
 * needs them rather than ahead. A site of a few dozen pages keeps its results one by one, never in a
 * pack: any it has count (after a change of compiler such a site compiles all its pages on threads
 * started on demand, a fraction of a second later than ahead).
 */
export function hasCompiledSite(config: ResolvedConfig, fingerprint: string): boolean {
  const store = createStore(config.cacheDir);
  const key = packKeyOf(fingerprint, compileSettings(compilerOptions(config), markdownPreprocessor(config)));
  if (existsSync(store.fileOf(PACK, key))) return true;
  return !hasEntries(path.join(store.dir, PACK)) && hasEntries(path.join(store.dir, ENTRY));
}

/** What of the compiler's settings a result's key holds, beside the compiler's fingerprint. */
function compileSettings(options: MdxCompilerOptions, preprocess: MarkdownPreprocessor | undefined): string {
  return JSON.stringify([options, preprocess?.key ?? null]);
}

function packKeyOf(fingerprint: string, settings: string): string {
  return digestKey(String(PACK_FORMAT), fingerprint, settings);
}

/** Whether `dir` exists and holds anything, without listing a folder of thousands. */
function hasEntries(dir: string): boolean {
  try {
    const listing = opendirSync(dir);
    try {
      return listing.readSync() !== null;
    } finally {
      listing.closeSync();
    }
  } catch {
    return false;
  }
}

export async function compileSources(options: CompileStageOptions): Promise<CompileStageResult> {
  const store = options.store ?? createStore(options.cacheDir);
  // Results were kept as one JSON file each under mdx/ before the store; nothing reads them now.
  await rm(path.join(options.cacheDir, 'mdx'), { recursive: true, force: true });
  const settings = compileSettings(options.compilerOptions, options.preprocess);
  const entryKey = (display: string, digest: string) => digestKey(options.fingerprint, settings, display, digest);
  const keyOf = new Map(options.sources.map((source) => [source.key, entryKey(source.display, source.digest)]));
  const run: CompileRun = {
    options,
    store,
    entryKey,
    packKey: packKeyOf(options.fingerprint, settings),
    keyOf,
    texts: new Map(),
    errors: [],
    results: new Map(),
  };
  const sources = await preprocessAll(run);
  const { entries, misses: notKept } = await findKept(run, sources);
  const misses = await readMissedTexts(run, notKept);
  options.progress?.start(misses.length, 'pages');
  await compileMisses(run, entries, misses);
  run.errors.sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
  // Memory holds this run's results only, so it does not grow with every edit.
  if (options.memory) {
    options.memory.clear();
    for (const [key, result] of run.results) options.memory.set(run.keyOf.get(key)!, result);
  }
  if (options.wholeSite !== false) await tidy(run, entries);
  const keys = new Map([...run.results.keys()].map((key) => [key, run.keyOf.get(key)!]));
  return { results: run.results, keys, errors: run.errors, cached: sources.length - misses.length, compiled: misses.length };
}

/** What one run works with: each page's store key, the text it compiles, what it found and the errors. */
interface CompileRun {
  options: CompileStageOptions;
  store: Store;
  /** The store key of a result, from the page's path and the digest of the text compiled. */
  entryKey(display: string, digest: string): string;
  packKey: string;
  keyOf: Map<string, string>;
  texts: Map<string, string>;
  errors: DocsiteError[];
  results: Map<string, CompileResult>;
}

/** Keeps the text to compile for `source`, through the site's preprocessor when it has one; its failure is an error of the run. */
function preprocessText(run: CompileRun, source: MdxSource, text: string): void {
  try {
    run.texts.set(source.key, run.options.preprocess ? run.options.preprocess.apply(source.display, text) : text);
  } catch (error) {
    if (!(error instanceof DocsiteError)) throw error;
    run.errors.push(error);
  }
}

/**
 * A preprocessor may read more than the page (an environment variable, an installed package's
 * version) and its code says nothing of that: with one, every page is preprocessed and kept under
 * the digest of the text the compiler is given, so a result is never reused for other text. Gives
 * the pages to compile (those the preprocessor did not fail on).
 */
async function preprocessAll(run: CompileRun): Promise<MdxSource[]> {
  const { sources } = run.options;
  if (!run.options.preprocess) return sources;
  await Promise.all(sources.map(async (source) => preprocessText(run, source, await source.readText())));
  for (const source of sources) {
    const text = run.texts.get(source.key);
    if (text !== undefined) run.keyOf.set(source.key, run.entryKey(source.display, createHash('sha256').update(text).digest('hex')));
  }
  return sources.filter((source) => run.texts.has(source.key));
}

/** Fills the run's results from memory and the store; gives the pages found in neither, and the store's entries. */
async function findKept(run: CompileRun, sources: MdxSource[]): Promise<{ entries: PackedEntries<CompileResult>; misses: MdxSource[] }> {
  const found = (source: MdxSource, result: CompileResult | undefined) => {
    if (result) run.results.set(source.key, result);
    return !result;
  };
  const keyOf = (source: MdxSource) => run.keyOf.get(source.key)!;
  let misses = sources.filter((source) => found(source, run.options.memory?.get(keyOf(source))));
  // The pack is worth its read only when memory served nothing: a build, or the dev server's first run.
  const usePack = misses.length > 0 && misses.length === sources.length;
  const entries = createPackedEntries({
    store: run.store,
    kind: ENTRY,
    version: String(PACK_FORMAT),
    packKey: run.packKey,
    isEntry: isResult,
    codec: RESULT_CODEC,
    usePack,
  });
  const kept = await Promise.all(misses.map((source) => entries.get(keyOf(source))));
  misses = misses.filter((source, i) => found(source, kept[i]));
  return { entries, misses: misses.sort((a, b) => a.key.localeCompare(b.key)) };
}

/**
 * Only pages compiled anew need their text. One changed on disk since the scan is compiled as it is
 * now and kept under the digest of what was compiled, never under the digest the scan saw. Gives
 * the pages that have a text to compile.
 */
async function readMissedTexts(run: CompileRun, misses: MdxSource[]): Promise<MdxSource[]> {
  await Promise.all(
    misses.map(async (source) => {
      if (run.options.preprocess) return;
      const text = await source.readText();
      const digest = createHash('sha256').update(text).digest('hex');
      if (digest !== source.digest) run.keyOf.set(source.key, run.entryKey(source.display, digest));
      preprocessText(run, source, text);
    }),
  );
  return misses.filter((source) => run.texts.has(source.key));
}

/** Compiles `misses` in the pool, batch by batch, keeping each result in the store as it comes. */
async function compileMisses(run: CompileRun, entries: PackedEntries<CompileResult>, misses: MdxSource[]): Promise<void> {
  const { options } = run;
  // Workers reach the store through the file system: only a store on disk under cacheDir (not one
  // in memory) can keep their coloured blocks.
  const keepsBlocks = run.store.dir === path.join(options.cacheDir, 'store');
  // Names this run, so each worker lists the blocks kept once for it.
  const listing = `${process.pid}-${Date.now()}-${Math.random()}`;
  const size = options.batchSize ?? COMPILE_BATCH;
  const batches = Array.from({ length: Math.ceil(misses.length / size) }, (_, i) => misses.slice(i * size, (i + 1) * size));
  // A few pages (an edit) wait for the thread warming up rather than start another.
  const few = batches.length === 1;
  const runBatch = async (batch: MdxSource[]) => {
    const task: CompileTask = {
      compilerOptions: options.compilerOptions,
      files: batch.map((s) => {
        const section = options.sections?.get(s.key);
        return { key: s.key, file: s.display, source: run.texts.get(s.key)!, ...(section ? { section } : {}) };
      }),
      ...(keepsBlocks ? { highlights: { cacheDir: options.cacheDir, salt: options.fingerprint, listing } } : {}),
    };
    let outcomes: CompileOutcome[];
    try {
      outcomes = (await (few ? runAfterWarmUp(options.pool, task, 'compile') : runTimed(options.pool, task, 'compile'))) as CompileOutcome[];
    } catch (error) {
      if (!(error instanceof TaskTimedOut)) throw error;
      run.errors.push(timeLimitError(batch[Math.max(0, error.item)]!.display, 'compiling', error.limitMs));
      return;
    } finally {
      options.progress?.advance(batch.length);
    }
    await Promise.all(outcomes.flatMap((outcome) => keepOutcome(run, entries, outcome)));
  };
  // Each lane takes the next batch when its last one is done.
  const lanes = Math.min(batches.length, options.inFlight ?? batches.length);
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (;;) {
        await options.beforeBatch?.();
        const batch = batches.shift();
        if (!batch) break;
        await runBatch(batch);
      }
    }),
  );
}

/** Takes a page's outcome into the run: its result, kept in the store with the blocks it coloured, or its error. Gives the writes. */
function keepOutcome(run: CompileRun, entries: PackedEntries<CompileResult>, outcome: CompileOutcome): Promise<void>[] {
  if (!outcome.ok) {
    run.errors.push(new DocsiteError(outcome.error));
    return [];
  }
  // Strings come from the worker in V8's two-byte form even when every character would fit in one,
  // and serialize() keeps that form: a JSON round trip halves what is written and read back.
  const result = JSON.parse(JSON.stringify(outcome.result)) as CompileResult;
  run.results.set(outcome.key, result);
  // Each result is kept as it comes, so a build killed half way keeps what it compiled.
  const writes = [entries.put(run.keyOf.get(outcome.key)!, result)];
  // The blocks it coloured are filed here, so the worker goes on to its next page.
  for (const [key, html] of outcome.blocks ?? []) writes.push(fileHighlight(run.options.cacheDir, key, html));
  // Blocks the worker found damaged: it coloured them again, and they are filed above.
  for (const file of outcome.damaged ?? []) noteDamaged(file);
  return writes;
}

/**
 * Keeps the store the size of the site: the results this run used, packed or not as every per-page
 * kind is (packed-entries.ts), with earlier versions of edited pages and a previous compiler's pack
 * dropped. A coloured block stays while a page of the site shows it, compiled this run or not, so
 * editing any page whose code is unchanged finds its blocks coloured.
 */
async function tidy(run: CompileRun, entries: PackedEntries<CompileResult>): Promise<void> {
  const used = [...run.results.keys()].map((key) => run.keyOf.get(key)!);
  const blocks = [...run.results.values()].flatMap((result) => result.highlights ?? []);
  await Promise.all([entries.retain(used), run.store.retain(HIGHLIGHT_KIND, blocks)]);
}

/** A result read back: its code a string, or a getter that reads it from the pack (see code-pack.ts), which this leaves unread. */
function isResult(value: unknown): value is CompileResult {
  const code = typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, 'code') : undefined;
  return Boolean(code && (code.get || typeof code.value === 'string'));
}
