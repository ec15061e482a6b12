/**
 * Compile stage: MDX sources to JS modules in the worker pool, skipping any whose result the store
 * keeps. A result is filed under a digest of the compiler, its settings and the page's path and
 * text. The results of a whole site are also kept together in one pack, read and deserialized in
 * one go, because reading a thousand small entries costs far more than one large one.
 */
import { createHash } from 'node:crypto';
import { existsSync, opendirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ResolvedConfig } from '../../config/load';
import { DocsiteError } from '../../core/errors';
import { packSlack } from '../../infra/packed-entries';
import { noteDamaged, StoreDamagedError } from '../../infra/damage';
import { createStore, type Store } from '../../infra/store';
import type { CompileResult, MdxCompilerOptions } from '../../mdx';
import type { MdxSource } from '../scan/site-model';
import { runAfterWarmUp, runTimed, TaskTimedOut, timeLimitError, warmWorkers, type WorkerPool } from '../../infra/pool';
import { fileHighlight, HIGHLIGHT_KIND } from '../../infra/highlight-store';
import { decodePack, encodePack } from '../../infra/code-pack';
import type { StageProgress } from '../../infra/reporter';
import type { CompileOutcome, CompileTask } from '../../infra/worker';
import { digestKey } from '../../infra/digest';

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

const BATCH = 16;

/** Store kinds: one entry per page compiled, and the pack of a whole site's results. */
const ENTRY = 'mdx';
// Coloured code blocks (src/infra/highlight-store.ts) are a third kind, kept while a page uses them.
const PACK = 'mdx-pack';
/** Bump when the pack's layout (src/infra/code-pack.ts) changes. */
const PACK_FORMAT = 2;

// Results outside the pack (compiled since it was written) or in it unused past `packSlack` (the
// rule every pack of the store follows) get the pack written anew.

/**
 * The capitalized keys of `mdxComponents` in theme/mdx-components.tsx: what a page may use without
 * importing it. test/unit/mdx-references.test.ts keeps the two lists in step.
 */
export const THEME_MDX_COMPONENTS = ['Admonition', 'CodeBlock', 'Details', 'TabItem', 'Tabs'];

/**
 * What of the config changes compiled output: the code themes, the site's own URL, the markdown
 * settings. A loopback URL (the default `http://localhost:3000` of a site without a config) is
 * nobody's published address, so links to it stay external links.
 */
export function compilerOptions(config: ResolvedConfig): MdxCompilerOptions {
  const { markdown } = config.site;
  return {
    codeThemes: config.site.codeThemes,
    ...(isLoopbackUrl(config.site.url) ? {} : { siteUrl: config.site.url }),
    providedComponents: THEME_MDX_COMPONENTS,
    ...(markdown.format !== 'mdx' ? { format: markdown.format } : {}),
    ...(markdown.mermaid ? { mermaid: true } : {}),
  };
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/**
 * The site's `markdown.preprocessor` as the compile stage applies it, with a key that changes with
 * the function's code; each page's result is kept under the digest of the text it returned (see
 * compileSources). Undefined when the site has none.
 */
export function markdownPreprocessor(config: ResolvedConfig): MarkdownPreprocessor | undefined {
  const preprocessor = config.site.markdown.preprocessor;
  if (!preprocessor) return undefined;
  return {
    key: createHash('sha256').update(String(preprocessor)).digest('hex'),
    apply(file, text) {
      let result: unknown;
      try {
        result = preprocessor({ filePath: file, fileContent: text });
      } catch (error) {
        throw new DocsiteError({
          code: 'MARKDOWN_PREPROCESSOR_FAILED',
          message: `markdown.preprocessor threw on ${file}: ${(error as Error)?.message ?? String(error)}`,
          hint: 'Fix the preprocessor in site.config.ts; it receives { filePath, fileContent } and returns the text to compile.',
          loc: { file },
          cause: error,
        });
      }
      if (typeof result !== 'string') {
        throw new DocsiteError({
          code: 'MARKDOWN_PREPROCESSOR_FAILED',
          message: `markdown.preprocessor returned ${result === null ? 'null' : typeof result} for ${file}, not the text to compile.`,
          hint: 'Return a string from the preprocessor in site.config.ts (the fileContent it was given, changed or not).',
          loc: { file },
        });
      }
      return result;
    },
  };
}

export interface MarkdownPreprocessor {
  /** Digest of the function's code. */
  key: string;
  /** The text to compile for `file` (relative to the site folder). */
  apply(file: string, text: string): string;
}

/**
 * Gives every thread a small page to compile, so each loads the MDX compiler while the main thread
 * does other work. The page has a code block, so shiki starts too (its themes, grammars and regex
 * engine take about a second), unless the store already keeps coloured blocks: then the site was
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
 * a thread compiles, and warmCompilers' small page leaves most of it cold: a thread fresh from it took
 * about 230 ms for the Lexical site's editor-state page, against 50 ms once it had compiled that page
 * a few times. Code blocks come from the store (`salt`: the compiler's fingerprint), so shiki does not
 * start for a block the site's pages already have.
 */
export async function practiseCompilers(pool: WorkerPool, config: ResolvedConfig, pages: { file: string; source: string }[], options: { rounds: number; idle: () => boolean; salt: string }): Promise<void> {
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
  const packKey = packKeyOf(options.fingerprint, settings);
  const errors: DocsiteError[] = [];
  const texts = new Map<string, string>();
  const preprocess = async (source: MdxSource, text: string) => {
    try {
      texts.set(source.key, options.preprocess ? options.preprocess.apply(source.display, text) : text);
    } catch (error) {
      if (!(error instanceof DocsiteError)) throw error;
      errors.push(error);
    }
  };
  // A preprocessor may read more than the page (an environment variable, an installed package's
  // version) and its code says nothing of that: with one, every page is preprocessed and kept under
  // the digest of the text the compiler is given, so a result is never reused for other text.
  if (options.preprocess) {
    await Promise.all(options.sources.map(async (source) => preprocess(source, await source.readText())));
    for (const source of options.sources) {
      const text = texts.get(source.key);
      if (text !== undefined) keyOf.set(source.key, entryKey(source.display, createHash('sha256').update(text).digest('hex')));
    }
  }
  const sources = options.preprocess ? options.sources.filter((source) => texts.has(source.key)) : options.sources;

  const results = new Map<string, CompileResult>();
  const found = (source: MdxSource, result: CompileResult | undefined) => {
    if (result) results.set(source.key, result);
    return !result;
  };
  let misses = sources.filter((source) => found(source, options.memory?.get(keyOf.get(source.key)!)));
  // The pack is worth its read only when memory served nothing: a build, or the dev server's first run.
  const pack = misses.length > 0 && misses.length === sources.length ? await readPack(store, packKey) : undefined;
  if (pack) misses = misses.filter((source) => found(source, pack.get(keyOf.get(source.key)!)));
  const entries = await Promise.all(misses.map(async (source) => decode(await store.getBytes(ENTRY, keyOf.get(source.key)!))));
  misses = misses.filter((source, i) => found(source, entries[i]));
  misses.sort((a, b) => a.key.localeCompare(b.key));
  // Only pages compiled anew need their text. One changed on disk since the scan is compiled as it is
  // now and kept under the digest of what was compiled, never under the digest the scan saw.
  await Promise.all(
    misses.map(async (source) => {
      if (options.preprocess) return;
      const text = await source.readText();
      const digest = createHash('sha256').update(text).digest('hex');
      if (digest !== source.digest) keyOf.set(source.key, entryKey(source.display, digest));
      await preprocess(source, text);
    }),
  );
  misses = misses.filter((source) => texts.has(source.key));
  options.progress?.start(misses.length, 'pages');
  // Workers reach the store through the file system: only a store on disk under cacheDir (not one
  // in memory) can keep their coloured blocks.
  const keepsBlocks = store.dir === path.join(options.cacheDir, 'store');
  // Names this run, so each worker lists the blocks kept once for it.
  const listing = `${process.pid}-${Date.now()}-${Math.random()}`;
  const batches: MdxSource[][] = [];
  const size = options.batchSize ?? BATCH;
  for (let i = 0; i < misses.length; i += size) batches.push(misses.slice(i, i + size));
  // A few pages (an edit) wait for the thread warming up rather than start another.
  const few = batches.length === 1;
  const runBatch = async (batch: MdxSource[]) => {
    const task: CompileTask = {
      compilerOptions: options.compilerOptions,
      files: batch.map((s) => ({ key: s.key, file: s.display, source: texts.get(s.key)! })),
      ...(keepsBlocks ? { highlights: { cacheDir: options.cacheDir, salt: options.fingerprint, listing } } : {}),
    };
    let outcomes: CompileOutcome[];
    try {
      outcomes = (await (few ? runAfterWarmUp(options.pool, task, 'compile') : runTimed(options.pool, task, 'compile'))) as CompileOutcome[];
    } catch (error) {
      if (!(error instanceof TaskTimedOut)) throw error;
      errors.push(timeLimitError(batch[Math.max(0, error.item)]!.display, 'compiling', error.limitMs));
      return;
    } finally {
      options.progress?.advance(batch.length);
    }
    const writes: Promise<void>[] = [];
    for (const outcome of outcomes) {
      if (outcome.ok) {
        // Strings come from the worker in V8's two-byte form even when every character would fit
        // in one, and serialize() keeps that form: a JSON round trip (what the results went
        // through when the cache was JSON) halves what is written and read back at every build.
        const result = JSON.parse(JSON.stringify(outcome.result)) as CompileResult;
        results.set(outcome.key, result);
        // Each result is kept as it comes, so a build killed half way keeps what it compiled.
        writes.push(store.putBytes(ENTRY, keyOf.get(outcome.key)!, serialize(result)));
        // The blocks it coloured are filed here, so the worker goes on to its next page.
        for (const [key, html] of outcome.blocks ?? []) writes.push(fileHighlight(options.cacheDir, key, html));
        // Blocks the worker found damaged: it coloured them again, and they are filed above.
        for (const file of outcome.damaged ?? []) noteDamaged(file);
      } else {
        errors.push(new DocsiteError(outcome.error));
      }
    }
    await Promise.all(writes);
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
  errors.sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
  // Memory holds this run's results only, so it does not grow with every edit.
  if (options.memory) {
    options.memory.clear();
    for (const [key, result] of results) options.memory.set(keyOf.get(key)!, result);
  }
  if (options.wholeSite !== false) await tidy({ store, packKey, pack, results, keyOf });
  const keys = new Map([...results.keys()].map((key) => [key, keyOf.get(key)!]));
  return { results, keys, errors, cached: sources.length - misses.length, compiled: misses.length };
}

/**
 * Keeps the store the size of the site: the pack is written anew once enough results lie outside
 * it or in it unused, the single entries it then holds are dropped, and so are entries and packs
 * this run did not use (earlier versions of edited pages, a previous compiler's results).
 */
async function tidy(options: { store: Store; packKey: string; pack: Map<string, CompileResult> | undefined; results: Map<string, CompileResult>; keyOf: Map<string, string> }): Promise<void> {
  const { store, pack, results, keyOf } = options;
  const used = new Map([...results].map(([key, result]) => [keyOf.get(key)!, result]));
  let kept = [...used.keys()];
  if (pack) {
    const outside = kept.filter((key) => !pack.has(key)).length;
    const unused = pack.size - (used.size - outside);
    if (outside + unused > packSlack(used.size)) {
      await store.putBytes(PACK, options.packKey, encodePack(used));
      kept = [];
    }
  }
  // A block stays while a page of the site shows it, compiled this run or not, so editing any page
  // whose code is unchanged finds its blocks coloured.
  const blocks = [...results.values()].flatMap((result) => result.highlights ?? []);
  await Promise.all([store.retain(ENTRY, kept), store.retain(PACK, [options.packKey]), store.retain(HIGHLIGHT_KIND, blocks)]);
}

/**
 * The pack of results by store key; an empty one when it is missing or unreadable. Only its header
 * is read now: each result's code stays in the pack file until it is asked for (see code-pack.ts).
 */
async function readPack(store: Store, key: string): Promise<Map<string, CompileResult>> {
  const source = store.openBytes(PACK, key);
  try {
    return (source && decodePack<CompileResult>(source)) || new Map();
  } catch (error) {
    // Its header failed its checksums (the store noted it): a miss.
    if (error instanceof StoreDamagedError) return new Map();
    throw error;
  }
}

function decode(bytes: Buffer | undefined): CompileResult | undefined {
  try {
    const value: unknown = bytes && deserialize(bytes);
    return isResult(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isResult(value: unknown): value is CompileResult {
  return typeof value === 'object' && value !== null && typeof (value as CompileResult).code === 'string';
}
