/** Reads a code fence's info string and Docusaurus magic comments into what the code block shows. */

export interface CodeMeta {
  lang?: string;
  title?: string;
  /** 1-based line numbers from `{1,3-5}`. */
  highlightedLines: Set<number>;
  showLineNumbers: boolean;
  startLineNumber?: number;
}

const TITLE = /\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const RANGES = /\{([\d\s,-]+)\}/;
const LINE_NUMBERS = /\bshowLineNumbers(?:=(\d+))?/;
/** `lang` may carry the ranges itself (```` ```js{1,3} ````), which micromark keeps in the language. */
export function parseCodeMeta(lang: string | null | undefined, meta: string | null | undefined): CodeMeta {
  let info = meta ?? '';
  let language = lang ?? undefined;
  const glued = language ? /^([^{]+)(\{.*)$/.exec(language) : null;
  if (glued) {
    language = glued[1];
    info = `${glued[2]} ${info}`;
  }
  const title = TITLE.exec(info);
  const numbers = LINE_NUMBERS.exec(info);
  const ranges = RANGES.exec(info.replace(TITLE, ''));
  return {
    lang: language,
    title: title ? (title[1] ?? title[2] ?? title[3]) : undefined,
    highlightedLines: ranges ? parseRanges(ranges[1]!) : new Set(),
    showLineNumbers: Boolean(numbers),
    startLineNumber: numbers?.[1] ? Number(numbers[1]) : undefined,
  };
}

function parseRanges(text: string): Set<number> {
  const lines = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to = from] = part.split('-').map((n) => Number.parseInt(n.trim(), 10));
    if (from === undefined || Number.isNaN(from) || Number.isNaN(to)) continue;
    // A typo like {1-99999} must not stall the build.
    for (let n = from; n <= Math.min(to!, from + 10_000); n++) lines.add(n);
  }
  return lines;
}

/**
 * A kind of magic comment (Docusaurus's `themeConfig.prism.magicComments`): a comment line `line`
 * gives the next line `className`, and the lines between `block.start` and `block.end` get it too.
 */
export interface MagicComment {
  className: string;
  line?: string;
  block?: { start: string; end: string };
}

/** The class of Docusaurus's highlighted lines: lines of a kind with it are shown highlighted. */
export const HIGHLIGHTED_LINE_CLASS = 'theme-code-block-highlighted-line';

/** Docusaurus's one kind when a site names none. */
export const DEFAULT_MAGIC_COMMENTS: MagicComment[] = [
  { className: HIGHLIGHTED_LINE_CLASS, line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A line that is only a comment holding one of `words`, in any of the comment syntaxes Docusaurus
 * knows, whatever the language: a line this exact is never code.
 */
function directiveLine(words: string[]): RegExp {
  const word = `(${words.map(escapeRegExp).join('|')})`;
  return new RegExp(`^\\s*(?:(?:\\/\\/|#|--|%|;+)\\s*${word}|(?:\\/\\*|<!--|\\{\\/\\*)\\s*${word}\\s*(?:\\*\\/\\}|\\*\\/|-->))\\s*$`);
}

const defaultLine = directiveLine(['highlight-next-line', 'highlight-start', 'highlight-end']);

/** What the magic comments of a block give: the code without them, and the lines they mark, numbered as in that code. */
export interface MagicLines {
  code: string;
  /** Lines a kind of the highlighted-line class marks: shown highlighted. */
  highlightedLines: Set<number>;
  /** Classes the site's own kinds give lines, when it names them (the highlighted-line class included, for the site's CSS). */
  lineClasses: Map<number, string[]>;
}

/**
 * Drops the magic comment lines of `code` and returns the lines they mark. `comments` are the
 * site's kinds, in their order; without them, Docusaurus's default kind.
 */
export function applyMagicComments(code: string, comments?: readonly MagicComment[]): MagicLines {
  const kinds = comments ?? DEFAULT_MAGIC_COMMENTS;
  const pattern = comments
    ? directiveLine(kinds.flatMap((kind) => [kind.line, kind.block?.start, kind.block?.end].filter((word): word is string => !!word)))
    : defaultLine;
  const kept: string[] = [];
  const highlightedLines = new Set<number>();
  const lineClasses = new Map<number, string[]>();
  // Per kind: whether the next line is marked, and how many blocks are open.
  const next = kinds.map(() => false);
  const depth = kinds.map(() => 0);
  for (const line of code.split('\n')) {
    const match = pattern.exec(line);
    const word = match?.[1] ?? match?.[2];
    if (word !== undefined) {
      kinds.forEach((kind, k) => {
        if (word === kind.line) next[k] = true;
        else if (word === kind.block?.start) depth[k]!++;
        else if (word === kind.block?.end) depth[k] = Math.max(0, depth[k]! - 1);
      });
      continue;
    }
    kept.push(line);
    const at = kept.length;
    kinds.forEach((kind, k) => {
      if (!next[k] && depth[k] === 0) return;
      if (kind.className.split(' ').includes(HIGHLIGHTED_LINE_CLASS)) highlightedLines.add(at);
      if (comments) lineClasses.set(at, [...(lineClasses.get(at) ?? []), kind.className]);
      next[k] = false;
    });
  }
  return { code: kept.join('\n'), highlightedLines, lineClasses };
}
