/** Text pass that turns Markdown habits into valid MDX without moving any line. */
import { ADMONITION_TYPES } from './admonition-types';

export interface Preprocessed {
  text: string;
  /** Maps a column of `text` back to the column of the original source on the same line. */
  originalColumn(line: number, column: number): number;
}

const FENCE = /^[ \t]*(?:>[ \t]?)*(`{3,}|~{3,})(.*)$/;
const HEADING = /^[ \t]*(?:>[ \t]?)*#{1,6}[ \t]/;
const HEADING_ID = /\{#[^\s{}]+\}[ \t]*$/;
const LEGACY_TITLE = new RegExp(`^([ \\t]*(?:>[ \\t]?)*:{3,}(?:${ADMONITION_TYPES.join('|')}))[ \\t](.*?)[ \\t]*$`);

/**
 * Fenced code and front matter are left alone. Every rewrite keeps the line count, so positions
 * that MDX reports are true lines of the original file; the few inserted characters are recorded
 * so columns can be mapped back too.
 */
export function preprocessMarkdown(source: string, options: { mdx?: boolean } = {}): Preprocessed {
  // CommonMark (markdown.format 'md'/'detect') reads HTML comments and `{#id}` as they are.
  const mdx = options.mdx ?? true;
  const lines = source.split('\n');
  const inserted = new Map<number, number[]>();
  let fence: { char: string; size: number } | undefined;
  let inComment = false;

  for (let i = frontMatterEnd(lines); i < lines.length; i++) {
    const raw = lines[i]!;
    const eol = raw.endsWith('\r') ? '\r' : '';
    let line = eol ? raw.slice(0, -1) : raw;

    if (!inComment) {
      const match = FENCE.exec(line);
      if (fence) {
        if (match && match[1]![0] === fence.char && match[1]!.length >= fence.size && !match[2]!.trim()) fence = undefined;
        continue;
      }
      if (match && !(match[1]![0] === '`' && match[2]!.includes('`'))) {
        fence = { char: match[1]![0]!, size: match[1]!.length };
        continue;
      }
    }

    if (mdx) {
      const converted = convertComments(line, inComment);
      line = converted.line;
      inComment = converted.open;
    }

    if (HEADING.test(line)) {
      if (!mdx) {
        lines[i] = line + eol;
        continue;
      }
      const id = HEADING_ID.exec(line);
      if (id && line[id.index - 1] !== '\\') {
        const close = line.indexOf('}', id.index);
        line = `${line.slice(0, id.index)}\\${line.slice(id.index, close)}\\${line.slice(close)}`;
        inserted.set(i + 1, [id.index + 1, close + 2]);
      }
    } else {
      const legacy = LEGACY_TITLE.exec(line);
      const title = legacy?.[2];
      if (legacy && title?.trim() && !/^\s*[[{]/.test(title)) {
        const head = `${legacy[1]}[${title}`;
        line = `${head}]`;
        inserted.set(i + 1, [head.length + 1]);
      }
    }
    lines[i] = line + eol;
  }

  return {
    text: lines.join('\n'),
    originalColumn(line, column) {
      const columns = inserted.get(line);
      if (!columns) return column;
      return column - columns.filter((c) => c < column).length;
    },
  };
}

function frontMatterEnd(lines: string[]): number {
  if (lines[0]?.trimEnd() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trimEnd();
    if (line === '---' || line === '...') return i + 1;
  }
  return 0;
}

/**
 * `<!--` and `{/* ` have the same length, as do `-->` and `*\/}`, so columns do not move. Braces
 * and `*\/` inside the comment would end the MDX expression early, and comment text is never
 * shown, so they are swapped for harmless characters. Inline code spans are skipped.
 */
function convertComments(line: string, open: boolean): { line: string; open: boolean } {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (open) {
      const end = line.indexOf('-->', i);
      const stop = end < 0 ? line.length : end;
      out += line
        .slice(i, stop)
        .replace(/[{}]/g, (c) => (c === '{' ? '(' : ')'))
        .replace(/\*\//g, '*_');
      if (end < 0) return { line: out, open };
      out += '*/}';
      i = end + 3;
      open = false;
    } else if (line[i] === '`') {
      const run = /^`+/.exec(line.slice(i))![0];
      const close = findClosingRun(line, i + run.length, run.length);
      const stop = close < 0 ? i + run.length : close + run.length;
      out += line.slice(i, stop);
      i = stop;
    } else if (line.startsWith('<!--', i)) {
      out += '{/* ';
      i += 4;
      open = true;
    } else {
      out += line[i];
      i++;
    }
  }
  return { line: out, open };
}

function findClosingRun(line: string, from: number, size: number): number {
  const pattern = /`+/g;
  pattern.lastIndex = from;
  for (let m = pattern.exec(line); m; m = pattern.exec(line)) {
    if (m[0].length === size) return m.index;
  }
  return -1;
}
