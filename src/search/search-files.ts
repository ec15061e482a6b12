/**
 * The search stage of a build: the rendered pages' records gathered into the files the site ships,
 * so the index can never be stale against the pages it ships with: the records as the crawler would
 * make them (for an Algolia upload), the embedded index, the Web Worker that searches it, and the
 * modal's stylesheet (DocSearch's, then the theme's changes to it).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { digestKey, type Store } from '../exec/store';
import { keptBundle } from '../exec/kept-bundle';
import { SEARCH_INDEX_FILE, SEARCH_MODAL_CSS_FILE, SEARCH_RECORDS_FILE, SEARCH_WORKER_FILE, type SearchRecord } from '../shared/search/types';
import { assembleSearchIndexFile, partsJoin, searchPageParts, type SearchPagePart } from './index-file';

export interface SearchFilesSummary {
  records: number;
  pages: number;
  /** The index file's size, and what it weighs sent gzip-compressed. */
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
   * Where the index and the worker are kept between builds, under docsite's fingerprint: pages whose
   * HTML is unchanged have the same records, so a build that changed none makes no index.
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
    }
  | undefined;

const hasRecords = (page: SearchPage): page is NonNullable<SearchPage> => Boolean(page && (page.recordsBytes !== undefined || (page.search ?? page.records)?.length));

/** The page's records as the bytes of their JSON array. */
const recordsBytesOf = (page: NonNullable<SearchPage>): Uint8Array => page.recordsBytes ?? Buffer.from(page.recordsJson ?? JSON.stringify(page.records));

const recordsOf = (page: NonNullable<SearchPage>): SearchRecord[] =>
  page.records ?? (JSON.parse(page.recordsJson ?? Buffer.from(recordsBytesOf(page)).toString('utf8')) as SearchRecord[]);

/**
 * Store kinds: the index and its summary made from one set of pages, and the worker made from one set
 * of sources. Records files are no longer kept (their kind is emptied): they are joined from the pages' bytes.
 */
const INDEX_KIND = 'search-index';
const RECORDS_KIND = 'search-records';
const SUMMARY_KIND = 'search-summary';
const WORKER_KIND = 'search-worker';

/** Set apart the names given to the search files' bytes from any other digest. */
const DIGEST_NAME = 'search-file-bytes';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

// Compressed off the main thread (for the summary's size), while the build goes on.
const gzipAsync = promisify(gzip);

/**
 * The summary, asked for once the stages after this one have started. `gzipped`, the index compressed
 * with gzip by someone who needs it anyway (emit's `.gz` copy), saves compressing it a second time.
 */
export type Summarize = (gzipped?: Promise<Uint8Array | undefined>) => Promise<SearchFilesSummary>;

interface KeptIndex {
  index: Buffer;
  /** records.json in pieces: the pages' bytes as they lie in the render cache, not copied into one buffer (19 MB at 1000 pages). */
  records: readonly Uint8Array[];
  /** How large the index is, compressing it the first time it is asked for (unless given its gzip copy). */
  summary: Summarize;
  /** Names for the bytes of both files, made from the pages' digests (see createSearchOutput), when the pages have them. */
  digests: Map<string, string>;
}

/**
 * The files go straight on; the summary is asked for later: the index is compressed only to say how
 * much it weighs, and the build asks once it has started the stages after this one, so the
 * compression runs beside them instead of before them.
 */
export async function createSearchFiles(options: SearchFilesOptions): Promise<{ files: Map<string, string>; summary: Summarize }> {
  const made = await createSearchOutput(options);
  const text = (body: string | Buffer | readonly Uint8Array[]) => (typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : Buffer.concat(body).toString('utf8'));
  return { files: new Map([...made.files].map(([file, body]) => [file, text(body)])), summary: made.summary };
}

/**
 * The same files, the index as bytes and the records as the pieces of bytes records.json is made of,
 * as the build writes them: the records of pages kept from an earlier build are the bytes they were
 * kept as, never decoded into text nor copied into one buffer.
 *
 * `digests` names the bytes of the index and of records.json by the key they are kept under in the
 * store (docsite's fingerprint, the origin and every page's HTML digest), which the same bytes always
 * have: emit tells them unchanged by that name instead of hashing 25 MB on every build.
 */
export async function createSearchOutput(options: SearchFilesOptions): Promise<{ files: Map<string, string | Buffer | readonly Uint8Array[]>; summary: Summarize; digests: ReadonlyMap<string, string> }> {
  const [made, worker, css] = await Promise.all([indexOf(options), workerOf(options), Promise.all(options.stylesheets.map((file) => readFile(file, 'utf8')))]);
  const files = new Map<string, string | Buffer | readonly Uint8Array[]>([
    [SEARCH_INDEX_FILE, made.index],
    [SEARCH_RECORDS_FILE, made.records],
    [SEARCH_WORKER_FILE, worker],
    [SEARCH_MODAL_CSS_FILE, css.join('\n')],
  ]);
  return { files, summary: made.summary, digests: made.digests };
}

/** The index and the records file: made from the pages' records, or taken from the store when every page's HTML is as it was. */
async function indexOf(options: SearchFilesOptions): Promise<KeptIndex> {
  const { cache } = options;
  const key =
    cache &&
    digestKey(
      cache.fingerprint,
      options.origin,
      ...options.pages.map((page) => (!hasRecords(page) ? '-' : (page.digest ?? createHash('sha256').update(page.recordsJson ?? JSON.stringify(page.records)).digest('hex')))),
    );
  // records.json is the pages' arrays joined, as bytes: each serialized where the page was rendered,
  // or kept so by the render cache. Kept as pieces, they cost less than keeping the file in the store.
  const json: Uint8Array[] = [OPEN];
  let pages = 0;
  for (const page of options.pages) {
    if (!hasRecords(page)) continue;
    const bytes = recordsBytesOf(page);
    if (pages++ > 0) json.push(COMMA);
    json.push(bytes.subarray(1, bytes.length - 1));
  }
  json.push(CLOSE);
  const recordsJson = json;
  const digests = new Map<string, string>(key ? [SEARCH_INDEX_FILE, SEARCH_RECORDS_FILE].map((file) => [file, digestKey(DIGEST_NAME, file, key)]) : []);
  if (cache && key) {
    const [index, summary] = await Promise.all([cache.store.getBytes(INDEX_KIND, key), cache.store.getJson<SearchFilesSummary>(SUMMARY_KIND, key)]);
    if (index && typeof summary?.indexGzipBytes === 'number') return { index, records: recordsJson, summary: () => Promise.resolve(summary), digests };
  }
  // The index is written from the pages' parts, kept with the pages rendered earlier, made now for the others.
  let parts: SearchPagePart[] = [];
  let count = 0;
  const termsOfWord = new Map<string, string[]>();
  for (const page of options.pages) {
    if (!hasRecords(page)) continue;
    const made = page.search ?? page.searchParts?.() ?? searchPageParts(page.records!, termsOfWord);
    for (const part of made) {
      parts.push(part);
      count += part.records;
    }
  }
  // Pages whose parts cannot be joined (one URL across two pages) are folded from their records in one go.
  if (!partsJoin(parts)) parts = searchPageParts(options.pages.filter(hasRecords).flatMap(recordsOf), termsOfWord);
  const index = Buffer.from(assembleSearchIndexFile(parts, options.origin));
  // Compressed only when somebody asks how large the index is (the build's summary; serve never does).
  const summary: Summarize = async (gzipped) => {
    const size = (await gzipped?.catch(() => undefined))?.byteLength ?? (await gzipAsync(index)).length;
    return { records: count, pages, indexBytes: index.length, indexGzipBytes: size };
  };
  if (!cache || !key) return { index, records: recordsJson, summary, digests };
  const { store } = cache;
  // Stored when the summary is asked for, beside the stages after this one. The index counts as kept
  // only once its summary is stored too: a store without the summary makes the index again.
  let kept: Promise<SearchFilesSummary> | undefined;
  const keep: Summarize = (gzipped) =>
    (kept ??= Promise.all([summary(gzipped), store.putBytes(INDEX_KIND, key, index)]).then(async ([made]) => {
      await store.putJson(SUMMARY_KIND, key, made);
      await Promise.all([INDEX_KIND, SUMMARY_KIND, RECORDS_KIND].map((kind) => store.retain(kind, kind === RECORDS_KIND ? [] : [key])));
      return made;
    }));
  return { index, records: recordsJson, summary: keep, digests };
}

/** The worker that searches the index in the browser: bundled again only when a file it is made from changed. */
function workerOf(options: SearchFilesOptions): Promise<string> {
  return keptBundle({ entry: options.workerEntry, kind: WORKER_KIND, ...(options.cache ? { cache: options.cache } : {}) });
}
