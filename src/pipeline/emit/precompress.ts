/**
 * Precompressed copies of the output's text files: `x.br` and `x.gz` beside `x`, written by emit and
 * served by `docsite preview` (and by any host set up to send such files) to a client that accepts
 * them. One rule says which files have them, so the build and the server agree on it.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SEARCH_RECORDS_FILE } from '../../shared/search/types';

export type Encoding = 'br' | 'gzip';

/** Encodings in the server's order of preference, with the suffix of their file and what the record calls their settings. */
export const ENCODINGS: readonly { name: Encoding; suffix: string; settings: string }[] = [
  { name: 'br', suffix: '.br', settings: 'br-q5-large-q2' },
  { name: 'gzip', suffix: '.gz', settings: 'gzip-6-large-4' },
];

/**
 * From this size on, a file is compressed at faster levels, for copies a little larger. The search
 * index is such a file and changes with every edit of any page, so an edit build would otherwise wait
 * at its end for its compression.
 */
const LARGE_SIZE = 1024 * 1024;

/** Smaller files are sent as they are: the saving is less than a packet, and headers cost more. */
export const MIN_COMPRESSED_SIZE = 1024;

/** Text formats; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(html?|m?js|css|json|map|svg|xml|txt|webmanifest)$/i;

/** Whether a file of this name and size gets precompressed copies (and compressed responses). */
export function isCompressible(file: string, size: number): boolean {
  return size >= MIN_COMPRESSED_SIZE && COMPRESSIBLE.test(file);
}

/**
 * Output files that no page fetches, so copies of them would be written for nobody: the search
 * records (on a large site more than every page's HTML together), which only `docsite search
 * upload` reads. A server still compresses them on the fly.
 */
const NOT_FETCHED = new Set([SEARCH_RECORDS_FILE]);

/** Whether the file's name could have copies at all, before its size is known. */
export function mayCompress(file: string): boolean {
  return COMPRESSIBLE.test(file);
}

/** Whether the build writes copies of this output file: compressible, and fetched by visitors. */
export function getsCopies(file: string, size: number): boolean {
  return isCompressible(file, size) && !NOT_FETCHED.has(file);
}

/** The file `sibling` is a copy of, when its name says it is one: `a/b.html.br` -> `{ source: 'a/b.html', encoding: 'br' }`. */
export function sourceOfSibling(sibling: string): { source: string; encoding: Encoding } | undefined {
  for (const encoding of ENCODINGS) {
    if (sibling.endsWith(encoding.suffix) && mayCompress(sibling.slice(0, -encoding.suffix.length)))
      return { source: sibling.slice(0, -encoding.suffix.length), encoding: encoding.name };
  }
  return undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The bytes compressed in zlib's thread pool, so several files compress at once beside the main thread.
 * Brotli 5 and gzip 6: higher levels cost far more CPU for copies barely smaller, and brotli below 5
 * makes copies no smaller than gzip's.
 */
export function compress(bytes: string | Uint8Array, encoding: Encoding): Promise<Buffer> {
  const input = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  const large = input.byteLength >= LARGE_SIZE;
  if (encoding === 'gzip') return gzip(input, { level: large ? 4 : 6 });
  return brotli(input, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: large ? 2 : 5,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.byteLength,
    },
  });
}
