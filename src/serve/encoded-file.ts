/**
 * A file of the build folder sent in the encoding the client accepts (`Accept-Encoding`, brotli
 * before gzip): the `.br` or `.gz` copy the build wrote beside it, or, where there is none (a folder
 * built without them, a copy older than its file because the file was edited by hand), the file
 * compressed now and kept in memory for the next request.
 *
 * Only text files of 1 KB or more are encoded, the same rule by which the build writes copies
 * (src/pipeline/emit/precompress.ts): images and fonts are compressed already. Their responses carry
 * `Vary: Accept-Encoding`, whatever encoding they have. A request with a `Range` gets the file as it
 * is: a range counts bytes of the representation sent, and this server sends whole files.
 */
import Negotiator from 'negotiator';
import { ENCODINGS, compress, isCompressible, sourceOfSibling, type Encoding } from '../pipeline/emit/precompress';
import { contentType } from './content-type';
import { checkInside, fileBody, type CheckedFile } from './safe-file';

/** A file without a copy is compressed on the fly only up to this size; a larger one goes as it is. */
const MAX_ON_THE_FLY_BYTES = 64 * 1024 * 1024;
/** What the files compressed on the fly may hold in memory together; the oldest go first. */
const CACHE_BYTES = 64 * 1024 * 1024;

const PREFERENCE = [...ENCODINGS.map((encoding) => encoding.name), 'identity'];

export interface EncodedFiles {
  /** The response for `file`, found at `candidate` (its path in the folder, which names its type). */
  respond(request: Request, candidate: string, file: CheckedFile, init: { status?: number; headers: Record<string, string> }): Promise<Response>;
  /** Whether `candidate` is a precompressed copy of a file of the folder: such a copy is no page or file of the site of its own. */
  isCopy(candidate: string): Promise<boolean>;
}

export function createEncodedFiles(root: string): EncodedFiles {
  const compressed = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let held = 0;

  const keep = (key: string, bytes: Buffer) => {
    sizes.set(key, bytes.byteLength);
    held += bytes.byteLength;
    for (const [oldest, size] of sizes) {
      if (held <= CACHE_BYTES) break;
      sizes.delete(oldest);
      compressed.delete(oldest);
      held -= size;
    }
  };

  /** The file's bytes compressed, made once per file version and encoding while in the cache. */
  const compressedBytes = (file: CheckedFile, encoding: Encoding): Promise<Buffer> => {
    const key = `${file.dev}:${file.ino}:${file.size}:${file.mtimeMs}:${encoding}`;
    let entry = compressed.get(key);
    if (entry) {
      // Used again: it moves to the young end.
      const size = sizes.get(key);
      if (size !== undefined) {
        sizes.delete(key);
        sizes.set(key, size);
      }
      return entry;
    }
    // Read through fileBody, so the bytes come from the file that passed the check, as when it is sent whole.
    entry = new Response(fileBody(file)).arrayBuffer().then((bytes) => compress(new Uint8Array(bytes), encoding));
    compressed.set(key, entry);
    entry.then(
      (bytes) => (compressed.get(key) === entry ? keep(key, bytes) : undefined),
      () => compressed.delete(key),
    );
    return entry;
  };

  return {
    async respond(request, candidate, file, init) {
      const status = init.status ?? 200;
      const headers: Record<string, string> = { 'content-type': contentType(candidate), ...init.headers };
      const whole = () => new Response(fileBody(file), { status, headers: { ...headers, 'content-length': String(file.size) } });
      if (!isCompressible(candidate, file.size)) return whole();
      headers.vary = 'Accept-Encoding';
      if (request.headers.has('range')) return whole();
      const chosen = new Negotiator({ headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? undefined } }).encoding(PREFERENCE, {
        preferred: PREFERENCE,
      });
      const encoding = ENCODINGS.find((each) => each.name === chosen);
      if (!encoding) return whole();
      headers['content-encoding'] = encoding.name;

      // The build's copy, unless it is older than the file: then the file was changed after the build.
      const copy = await checkInside(root, candidate + encoding.suffix);
      if (copy && copy.mtimeMs >= file.mtimeMs) return new Response(fileBody(copy), { status, headers: { ...headers, 'content-length': String(copy.size) } });
      if (file.size > MAX_ON_THE_FLY_BYTES) {
        delete headers['content-encoding'];
        return whole();
      }
      const bytes = await compressedBytes(file, encoding.name);
      return new Response(new Uint8Array(bytes), { status, headers: { ...headers, 'content-length': String(bytes.byteLength) } });
    },

    async isCopy(candidate) {
      const copy = sourceOfSibling(candidate);
      if (!copy) return false;
      const source = await checkInside(root, copy.source);
      return source !== undefined && isCompressible(copy.source, source.size);
    },
  };
}
