/**
 * The layout of a code pack: a whole site's entries of one kind in one file, each an object with a
 * `code` string (a page's compile result, a page's bundled chunk). Most builds need the code of a
 * few pages only, so a pack's header is decoded at once and each entry's code when first asked for.
 */
import { bufferSource, type ByteSource } from './store';

type Section = 0 | 1;
type WithCode = { code: string };
type Packed<T extends WithCode> = Omit<T, 'code'> & { code: [Section, number] };

/**
 * Layout: the header's byte length (uint32, little-endian); the header, JSON; the code of the pages
 * whose every character fits in one byte, as Latin-1; then the code of the others, as UTF-16LE. The
 * header is `{ oneByte, pages }`: the first section's length, and `[store key, result]` for each page
 * in order, the result's code replaced by `[section, length]` (0 for Latin-1, 1 for UTF-16; length
 * in characters), so the key order of the objects read back is the order written.
 */
export function encodePack<T extends WithCode>(results: ReadonlyMap<string, T>): Buffer {
  const pages: [string, Packed<T>][] = [];
  const sections: [string[], string[]] = [[], []];
  for (const [key, result] of results) {
    const section: Section = /[^\x00-\xff]/.test(result.code) ? 1 : 0;
    sections[section].push(result.code);
    pages.push([key, { ...result, code: [section, result.code.length] }]);
  }
  const oneByte = Buffer.from(sections[0].join(''), 'latin1');
  const twoByte = Buffer.from(sections[1].join(''), 'utf16le');
  const header = Buffer.from(JSON.stringify({ oneByte: oneByte.length, pages }), 'utf8');
  const size = Buffer.alloc(4);
  size.writeUInt32LE(header.length);
  return Buffer.concat([size, header, oneByte, twoByte]);
}

/**
 * The results a pack holds, or undefined when the bytes are not a whole pack (cut short, another
 * layout). Each result's `code` is read from the pack and decoded when it is first asked for, then
 * kept: from the bytes given, or from the store's entry the source reads (see Store.openBytes).
 * Nearly all of a pack's bytes are code, and most builds keep the other pages' chunks and remember
 * their links into the shared bundle (see src/pipeline/graph.ts): decoding, or even reading, the
 * whole site's code at every build would cost time and the collector's work after it for nothing.
 */
export function decodePack<T extends WithCode>(bytes: Buffer | ByteSource): Map<string, T> | undefined {
  const source = Buffer.isBuffer(bytes) ? bufferSource(bytes) : bytes;
  const { size } = source;
  if (size < 4) return undefined;
  const headerEnd = 4 + source.read(0, 4).readUInt32LE(0);
  if (headerEnd > size) return undefined;
  let header: { oneByte?: unknown; pages?: unknown };
  try {
    header = JSON.parse(source.read(4, headerEnd).toString('utf8')) as typeof header;
  } catch {
    return undefined;
  }
  const { oneByte, pages } = header ?? {};
  if (!isLength(oneByte) || headerEnd + oneByte > size || (size - headerEnd - oneByte) % 2 !== 0 || !Array.isArray(pages)) return undefined;
  // Where each section starts in the pack, its length in characters and the bytes a character takes.
  const sections = [
    { start: headerEnd, length: oneByte, encoding: 'latin1', width: 1 },
    { start: headerEnd + oneByte, length: (size - headerEnd - oneByte) / 2, encoding: 'utf16le', width: 2 },
  ] as const;
  const taken = [0, 0];
  const results = new Map<string, T>();
  for (const page of pages as unknown[]) {
    if (!Array.isArray(page) || typeof page[0] !== 'string') return undefined;
    const result = page[1] as { code?: unknown } | null;
    const code = typeof result === 'object' && result !== null ? result.code : undefined;
    if (!Array.isArray(code) || (code[0] !== 0 && code[0] !== 1) || !isLength(code[1])) return undefined;
    const [index, length] = code as [Section, number];
    const section = sections[index];
    const start = taken[index]!;
    if (start + length > section.length) return undefined;
    const from = section.start + start * section.width;
    decodedOnRead(result!, () => source.read(from, from + length * section.width).toString(section.encoding));
    taken[index] = start + length;
    results.set(page[0], result as T);
  }
  return taken[0] === sections[0].length && taken[1] === sections[1].length ? results : undefined;
}

/**
 * Makes `result.code` a property that decodes the code when first read and from then on holds it
 * as a plain value (so does a write). It keeps its place among the result's keys.
 */
function decodedOnRead(result: object, decode: () => string): void {
  const settle = (target: object, value: string) => Object.defineProperty(target, 'code', { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(result, 'code', {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const value = decode();
      settle(this, value);
      return value;
    },
    set(this: object, value: string) {
      settle(this, value);
    },
  });
}

function isLength(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}
