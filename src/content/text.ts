/** Content files as text: UTF-8 or a located error, never a page of mojibake or raw binary. */
import { DocsiteError, codeFrame } from '../core/errors';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** A frame is shown only when the offending line is short enough to be read as text. */
const FRAME_LINE_LIMIT = 200;

/**
 * Decodes a content file. A NUL byte (binary data, UTF-16) or a byte sequence that is not UTF-8
 * (Latin-1, Windows-1252) is an error at the line and column of the first such byte.
 */
export function decodeText(bytes: Uint8Array, file: string): string {
  try {
    const text = strict.decode(bytes);
    if (!text.includes('\0')) return text;
  } catch {
    // Located below.
  }
  // The two agree on what UTF-8 is; the fallback only keeps a disagreement from crashing the build.
  const bad = firstBadByte(bytes) ?? { offset: 0, kind: 'utf8' as const };
  const lineStart = bad.offset === 0 ? 0 : bytes.lastIndexOf(0x0a, bad.offset - 1) + 1;
  const line = countNewlines(bytes, lineStart) + 1;
  const column = strict.decode(bytes.subarray(lineStart, bad.offset)).length + 1;
  const lineEnd = bytes.indexOf(0x0a, bad.offset);
  const lineLength = (lineEnd < 0 ? bytes.length : lineEnd) - lineStart;
  const hex = `0x${bytes[bad.offset]!.toString(16).padStart(2, '0').toUpperCase()}`;
  const nul = bad.kind === 'nul';
  throw new DocsiteError({
    code: nul ? 'CONTENT_NOT_TEXT' : 'CONTENT_NOT_UTF8',
    message: nul
      ? 'This file is not text: it holds a NUL byte (0x00), which text files never do.'
      : `This file is not UTF-8 text: the byte ${hex} here cannot be read as UTF-8.`,
    hint: nul
      ? 'If it was saved as UTF-16, save it as UTF-8. If it is binary (an image, an archive), it does not belong under this name: move it to content/static or give it its own extension.'
      : 'docsite reads content as UTF-8. Convert the file (e.g. `iconv -f latin1 -t utf-8 old.md > new.md`, or "save with encoding UTF-8" in the editor) and build again.',
    loc: { file, line, column },
    frame: !nul && lineLength <= FRAME_LINE_LIMIT ? codeFrame(lenient.decode(bytes), line, column) : undefined,
  });
}

function countNewlines(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < end; i = bytes.indexOf(0x0a, i + 1)) count++;
  return count;
}

/** The first NUL byte or the first byte that does not start a well-formed UTF-8 sequence (RFC 3629). */
function firstBadByte(bytes: Uint8Array): { offset: number; kind: 'nul' | 'utf8' } | undefined {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead === 0) return { offset: i, kind: 'nul' };
    if (lead < 0x80) {
      i++;
      continue;
    }
    const size = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (size === 0) return { offset: i, kind: 'utf8' };
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < size; k++) {
      const byte = bytes[i + k];
      if (byte === undefined || byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return { offset: i, kind: 'utf8' };
    }
    i += size;
  }
  return undefined;
}
