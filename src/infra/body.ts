/** An output file's body: its bytes, or what is known of them (digest and size) and a way to read them when they must be written. */
import { open } from 'node:fs/promises';
import { contentDigest } from './digest';

/**
 * A file's bytes known by their digest and size, read only if emit must write them. The digest is
 * the contentDigest of the bytes, or, when `holds` is given, any name the caller gives these bytes
 * alone (a digest of what they are made from): emit then compares a file with the bytes, not with
 * the digest, when it has to read one back.
 */
export interface LazyBody {
  digest: string;
  size: number;
  read(): Promise<string | Uint8Array>;
  /** Whether `bytes` are this body's. */
  holds?(bytes: Uint8Array): boolean;
  /** Writes the bytes to `dest`, when the body can do so without reading them into one buffer first. */
  write?(dest: string): Promise<void>;
}

/**
 * A body of bytes in pieces (records.json, joined from every page's records), written with one
 * gathered write: joining them into one buffer only to write it costs a small edit of a large site
 * a copy of the whole file, and writing the pieces one by one costs a round trip to the thread pool
 * each. `digest`, when the caller knows one for these bytes (see LazyBody), spares hashing them all.
 */
export function piecesBody(pieces: readonly Uint8Array[], digest?: string): LazyBody {
  const size = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  return {
    digest: digest ?? contentDigest(pieces),
    size,
    read: async () => Buffer.concat(pieces),
    holds(bytes) {
      if (bytes.byteLength !== size) return false;
      let at = 0;
      for (const piece of pieces) {
        if (Buffer.compare(piece, bytes.subarray(at, at + piece.byteLength)) !== 0) return false;
        at += piece.byteLength;
      }
      return true;
    },
    async write(dest) {
      const handle = await open(dest, 'w');
      try {
        const { bytesWritten } = await handle.writev([...pieces]);
        if (bytesWritten !== size) throw new Error(`docsite: wrote ${bytesWritten} of the ${size} bytes of ${dest}`);
      } finally {
        await handle.close();
      }
    },
  };
}

export type Body = string | Uint8Array | LazyBody;

export const isLazy = (body: Body): body is LazyBody => typeof body === 'object' && !(body instanceof Uint8Array);

/** A body's bytes, read first when it is one read on demand; an absent body reads as nothing. */
export async function readBody<T extends Body | undefined>(body: T): Promise<Exclude<T, LazyBody>> {
  return (body !== undefined && isLazy(body) ? await body.read() : body) as Exclude<T, LazyBody>;
}

/** A body's size in bytes, known without reading it. */
export function bodySize(body: Body): number {
  if (isLazy(body)) return body.size;
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}
