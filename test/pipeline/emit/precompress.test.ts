/**
 * Precompressed copies decode to the bytes they were made from, at the levels for ordinary files and
 * at the faster ones for files of a megabyte or more (the search index).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { ENCODINGS, compress } from '../../../src/pipeline/emit/precompress';

// JSON-like text that compresses about as poorly as a search index: short random tokens.
const text = (bytes: number) => {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const part = `"${randomBytes(6).toString('base64url')}":[${randomBytes(2).readUInt16LE()}],`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
};

for (const [label, size] of [
  ['a small file', 4 * 1024],
  ['a file of a megabyte or more', 2 * 1024 * 1024],
] as const) {
  test(`the copies of ${label} decode to its bytes`, async () => {
    const input = Buffer.from(text(size));
    const [br, gz] = await Promise.all(ENCODINGS.map((encoding) => compress(input, encoding.name)));
    assert.ok(zlib.brotliDecompressSync(br!).equals(input));
    assert.ok(zlib.gunzipSync(gz!).equals(input));
    assert.ok(br!.byteLength < input.byteLength && gz!.byteLength < input.byteLength, 'each copy is smaller than the file');
  });
}
