/**
 * How a store entry lies on disk: a short header, then the bytes put. The header holds a tag, the
 * body's length and a CRC-32 of each block of the body. A reader checks every block it reads, so one
 * flipped byte anywhere in the file is always caught.
 */
import { crc32 } from 'node:zlib';

const TAG = Buffer.from('DSC1', 'latin1');
const BLOCK = 16 * 1024;

export interface Frame {
  /** Where the body starts in the file, and its length. */
  bodyStart: number;
  bodySize: number;
  checksums: Uint32Array;
  /** The body range of whole blocks that holds `start` to `end`. */
  blocksOf(start: number, end: number): { from: number; to: number };
}

/**
 * The entry's header and body as the file to write. A whole entry's reader checks all the blocks;
 * one that reads a range checks those the range lies in. Layout: "DSC1"; the body's length (uint32,
 * little-endian); one CRC-32 (uint32, little-endian) per block; the body. CRC-32 catches every error
 * of up to 32 bits in a block, and zlib computes it fast enough that checking a build's reads costs
 * next to nothing.
 */
export function frameEntry(body: Buffer): Buffer {
  const count = Math.ceil(body.length / BLOCK);
  const header = Buffer.alloc(8 + 4 * count);
  TAG.copy(header, 0);
  header.writeUInt32LE(body.length, 4);
  for (let i = 0; i < count; i++) header.writeUInt32LE(crc32(body.subarray(i * BLOCK, (i + 1) * BLOCK)), 8 + 4 * i);
  return Buffer.concat([header, body]);
}

/**
 * The header of a file of `size` bytes whose first bytes are `head` (up to 8), reading the rest of
 * the header with `read`. 'other': not an entry of this layout (an older docsite's, or no entry at
 * all), a plain miss. 'damaged': this layout, but its header does not hold together.
 */
export function readFrame(head: Buffer, size: number, read: (start: number, end: number) => Buffer): Frame | 'other' | 'damaged' {
  if (head.length < 4) return 'other';
  // A tag one byte off is this layout, damaged; further off, another layout.
  let differing = 0;
  for (let i = 0; i < 4; i++) if (head[i] !== TAG[i]) differing++;
  if (differing > 1) return 'other';
  if (differing === 1 || head.length < 8) return 'damaged';
  const bodySize = head.readUInt32LE(4);
  const count = Math.ceil(bodySize / BLOCK);
  const bodyStart = 8 + 4 * count;
  if (bodyStart + bodySize !== size) return 'damaged';
  const table = read(8, bodyStart);
  const checksums = new Uint32Array(count);
  for (let i = 0; i < count; i++) checksums[i] = table.readUInt32LE(4 * i);
  return {
    bodyStart,
    bodySize,
    checksums,
    blocksOf: (start, end) => ({ from: Math.floor(start / BLOCK) * BLOCK, to: Math.min(bodySize, Math.ceil(end / BLOCK) * BLOCK) }),
  };
}

/** Whether the body's blocks from `from` to `to` (block bounds, as blocksOf gives) match their checksums; `slice` gives body bytes. */
export function checkBlocks(frame: Frame, from: number, to: number, slice: (start: number, end: number) => Buffer): boolean {
  for (let at = from; at < to; at += BLOCK) {
    const end = Math.min(at + BLOCK, frame.bodySize);
    if (crc32(slice(at, end)) !== frame.checksums[at / BLOCK]) return false;
  }
  return true;
}

/** The body of a whole entry read as `bytes`; 'other' or 'damaged' as readFrame says, or 'damaged' when a block fails its checksum. */
export function unframeEntry(bytes: Buffer): Buffer | 'other' | 'damaged' {
  const frame = readFrame(bytes.subarray(0, 8), bytes.length, (start, end) => bytes.subarray(start, end));
  if (typeof frame === 'string') return frame;
  const body = bytes.subarray(frame.bodyStart);
  return checkBlocks(frame, 0, frame.bodySize, (start, end) => body.subarray(start, end)) ? body : 'damaged';
}
