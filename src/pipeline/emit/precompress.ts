/**
 * Precompressed copies of the output's text files: `x.br` and `x.gz` beside `x`, written by emit and
 * served by `docsite preview` (and by any host set up to send such files) to a client that accepts
 * them. One rule says which files have them, so the build and the server agree on it.
 *
 * The levels come from compressing the 121 MB of text a 1000-page generated site outputs, on one
 * core: brotli quality 5 makes 11.8% of the input at 73 MB/s, quality 6 11.7% at 59 MB/s, 4 12.7%
 * (no better than gzip), and 9 to 11 (on 200 pages) 12.1% to 11.0% at 1 to 3 MB/s, a minute of CPU
 * or more at this size; gzip level 6
 * makes 12.9% at 103 MB/s, level 9 12.8% at half the speed. So brotli 5 and gzip 6: about 2.8 s of
 * CPU for a cold build of that size, in zlib's thread pool, and for a later build only the files
 * whose bytes changed.
 *
 * Files of a megabyte or more get faster levels. There is one at 1000 pages, the search index (6 MB),
 * and it changes with every edit of any page: brotli 5 took 0.31 s of a core on it and gzip 6 0.28 s,
 * which an edit build then waited for at its end. Brotli 2 takes 0.06 s for a copy 7% larger, gzip 4
 * 0.1 s for one 3% larger (1.61 and 1.60 MB where 5 and 6 made 1.50 and 1.55 MB).
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

/** From this size on, a file is compressed at the faster levels (see above). */
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
 * records (19 MB at 1000 pages, more than every page's HTML together), which only `docsite search
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
    if (sibling.endsWith(encoding.suffix) && mayCompress(sibling.slice(0, -encoding.suffix.length))) return { source: sibling.slice(0, -encoding.suffix.length), encoding: encoding.name };
  }
  return undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The bytes compressed in zlib's thread pool, so several files compress at once beside the main thread. */
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
