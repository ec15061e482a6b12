/**
 * The two digests docsite names things by. `digestOf` keys a node or a store entry by the parts it
 * is made from; `contentDigest` names one body of bytes, the way emit records a written file.
 */
import { createHash } from 'node:crypto';

/** SHA-256 in hex over the parts, each ended by a NUL so that no two lists of parts run together. */
export function digestOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** A store key: the first 32 hex digits of `digestOf` the parts. */
export function digestKey(...parts: (string | Uint8Array)[]): string {
  return digestOf(...parts).slice(0, 32);
}

/**
 * SHA-256 of the bytes themselves, 32 hex digits: the build cache names its blobs the same way, so a
 * restore can match a record without reading a file. Bytes given in pieces have the digest of the pieces joined.
 */
export function contentDigest(bytes: string | Uint8Array | readonly Uint8Array[]): string {
  const hash = createHash('sha256');
  if (typeof bytes === 'string' || bytes instanceof Uint8Array) hash.update(bytes);
  else for (const piece of bytes) hash.update(piece);
  return hash.digest('hex').slice(0, 32);
}

/** SHA-256 of a text in 64 hex digits: what a page's source is known by in the site model. */
export function textDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
