/**
 * The search stage of a build: the rendered pages' records gathered into the files the site ships,
 * so the index is never stale against its pages: the records (for an Algolia upload), the embedded
 * index (index-shards.ts), the Web Worker that searches it, and the modal's stylesheet.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Store } from '../infra/store';
import { keptBundle } from '../infra/kept-bundle';
import { SEARCH_MODAL_CSS_FILE, SEARCH_RECORDS_FILE, SEARCH_WORKER_FILE, type SearchRecord } from '../shared/search/types';
import { searchPageParts, type SearchPagePart } from './index-file';
import { createIndexShards, type GzipOf, type ShardBody, type ShardPage } from './index-shards';
import { digestKey } from '../infra/digest';

export interface SearchFilesSummary {
  records: number;
  pages: number;
  /** The index's files' sizes (the manifest and every shard), and what they weigh sent gzip-compressed. */
  indexBytes: number;
  indexGzipBytes: number;
}

export interface SearchFilesOptions {
  /**
   * The rendered pages, each with its records (none for pages search leaves out) and its HTML's
   * digest. A page rendered by an earlier build brings its records as JSON and as its part of the
   * index instead (`recordsJson` and `search`), made when it was rendered.
   */
  pages: readonly SearchPage[];
  /** The site's URL with its base (`https://lexical.dev/`). */
  origin: string;
  /** The worker's source (src/runtime/search-worker.ts) and the modal's stylesheets, in order. */
  workerEntry: string;
  stylesheets: string[];
  /**
   * Where the index's shards and the worker are kept between builds, under docsite's fingerprint:
   * pages whose HTML is unchanged have the same records, so a shard none of whose pages changed is
   * not made again.
   */
  cache?: { store: Store; fingerprint: string };
}

export type SearchPage =
  | {
      records?: SearchRecord[];
      recordsJson?: string;
      search?: SearchPagePart[];
      /** A kept page's records as the bytes of their JSON (an array), and its index parts, decoded when asked for. */
      recordsBytes?: Uint8Array;
      searchParts?: () => SearchPagePart[];
      digest?: string;
      /** The page's URL, which picks its shard of the index; its first record's when not given. */
      url?: string;
    }
  | undefined;

const hasRecords = (page: SearchPage): page is NonNullable<SearchPage> =>
  Boolean(page && (page.recordsBytes !== undefined || (page.search ?? page.records)?.length));

/** The page's records as the bytes of their JSON array. */
const recordsBytesOf = (page: NonNullable<SearchPage>): Uint8Array => page.recordsBytes ?? Buffer.from(page.recordsJson ?? JSON.stringify(page.records));

const recordsOf = (page: NonNullable<SearchPage>): SearchRecord[] =>
  page.records ?? (JSON.parse(page.recordsJson ?? Buffer.from(recordsBytesOf(page)).toString('utf8')) as SearchRecord[]);

/** The worker is kept under a kind of its own. */
const WORKER_KIND = 'search-worker';

/** Set apart the name given to records.json's bytes from any other digest. */
const DIGEST_NAME = 'search-file-bytes';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The summary, asked for once the stages after this one have started. `gzipped` gives an output
 * file compressed with gzip by someone who needs it anyway (emit's `.gz` copies), which saves
 * compressing it a second time.
 */
export type Summarize = (gzipped?: GzipOf) => Promise<SearchFilesSummary>;

/** A search file's bytes: text, bytes, bytes in pieces (records.json), or a shard read only when asked for. */
export type SearchFileBody = string | Buffer | readonly Uint8Array[] | ShardBody;

/** The search files as text, the way the dev server answers them. */
export async function searchFileTexts(files: ReadonlyMap<string, SearchFileBody>): Promise<Map<string, string>> {
  const text = async (body: SearchFileBody) =>
    typeof body === 'string'
      ? body
      : Buffer.isBuffer(body)
        ? body.toString('utf8')
        : Array.isArray(body)
          ? Buffer.concat(body as readonly Uint8Array[]).toString('utf8')
          : Buffer.from(await (body as ShardBody).read()).toString('utf8');
  return new Map(await Promise.all([...files].map(async ([file, body]) => [file, await text(body)] as const)));
}

/** The search files as text with their summary: what tests and the search bench read. */
export async function createSearchFiles(options: SearchFilesOptions): Promise<{ files: Map<string, string>; summary: Summarize }> {
  const made = await createSearchOutput(options);
  return { files: await searchFileTexts(made.files), summary: made.summary };
}

/**
 * The same files as the build writes them: the index as its manifest and shards (a shard kept from
 * an earlier build known by its digest, not read), and the records as the pieces of bytes
 * records.json is made of: the records of pages kept from an earlier build are the bytes they were
 * kept as, never decoded into text nor copied into one buffer.
 *
 * `digests` names the bytes of records.json by a key made of docsite's fingerprint, the origin and
 * every page's HTML digest, which the same bytes always have: emit tells them unchanged by that name
 * instead of hashing the whole file on every build.
 */
export async function createSearchOutput(
  options: SearchFilesOptions,
): Promise<{ files: Map<string, SearchFileBody>; summary: Summarize; digests: ReadonlyMap<string, string> }> {
  const records = recordsFile(options);
  const [index, worker, css] = await Promise.all([
    createIndexShards({ pages: shardPages(options), origin: options.origin, ...(options.cache ? { cache: options.cache } : {}) }),
    workerOf(options),
    Promise.all(options.stylesheets.map((file) => readFile(file, 'utf8'))),
  ]);
  const files = new Map<string, SearchFileBody>([
    ...index.files,
    [SEARCH_RECORDS_FILE, records.pieces],
    [SEARCH_WORKER_FILE, worker],
    [SEARCH_MODAL_CSS_FILE, css.join('\n')],
  ]);
  const summary: Summarize = async (gzipped) => ({ ...(await index.summary(gzipped)), pages: records.pages });
  return { files, summary, digests: new Map(records.digest ? [[SEARCH_RECORDS_FILE, records.digest]] : []) };
}

/** A page's name for the store: its HTML's digest, or a digest of its records when it has none. */
const pageKey = (page: NonNullable<SearchPage>): string => page.digest ?? createHash('sha256').update(recordsBytesOf(page)).digest('hex');

/**
 * records.json as the pages' arrays joined, as bytes: each serialized where the page was rendered,
 * or kept so by the render cache. Kept as pieces, they cost less than keeping the file in the store.
 */
function recordsFile(options: SearchFilesOptions): { pieces: Uint8Array[]; pages: number; digest?: string } {
  const pieces: Uint8Array[] = [OPEN];
  let pages = 0;
  for (const page of options.pages) {
    if (!hasRecords(page)) continue;
    const bytes = recordsBytesOf(page);
    if (pages++ > 0) pieces.push(COMMA);
    pieces.push(bytes.subarray(1, bytes.length - 1));
  }
  pieces.push(CLOSE);
  const { cache } = options;
  if (!cache) return { pieces, pages };
  const key = digestKey(cache.fingerprint, options.origin, ...options.pages.map((page) => (!hasRecords(page) ? '-' : pageKey(page))));
  return { pieces, pages, digest: digestKey(DIGEST_NAME, SEARCH_RECORDS_FILE, key) };
}

/** The pages that have records, as the index's shards take them. */
function shardPages(options: SearchFilesOptions): ShardPage[] {
  const termsOfWord = new Map<string, string[]>();
  return options.pages.filter(hasRecords).map((page) => {
    let parts: SearchPagePart[] | undefined;
    const records = () => recordsOf(page);
    return {
      url: page.url ?? page.search?.[0]?.url ?? records()[0]?.url_without_anchor ?? '',
      ...(options.cache ? { key: pageKey(page) } : {}),
      parts: () => (parts ??= page.search ?? page.searchParts?.() ?? searchPageParts(records(), termsOfWord)),
      records,
    };
  });
}

/** The worker that searches the index in the browser: bundled again only when a file it is made from changed. */
function workerOf(options: SearchFilesOptions): Promise<string> {
  return keptBundle({ entry: options.workerEntry, kind: WORKER_KIND, ...(options.cache ? { cache: options.cache } : {}) });
}
