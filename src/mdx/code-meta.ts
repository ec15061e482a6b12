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
// Any of the comment syntaxes Docusaurus knows, whatever the language: a line this exact is never code.
const MAGIC_COMMENT =
  /^\s*(?:(?:\/\/|#|--|%|;+)\s*(highlight-(?:next-line|start|end))|(?:\/\*|<!--|\{\/\*)\s*(highlight-(?:next-line|start|end))\s*(?:\*\/\}|\*\/|-->))\s*$/;

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
 * Drops `highlight-next-line` / `highlight-start` / `highlight-end` comment lines and returns the
 * lines they mark, numbered as in the code that remains.
 */
export function applyMagicComments(code: string): { code: string; highlightedLines: Set<number> } {
  const kept: string[] = [];
  const highlightedLines = new Set<number>();
  let nextLine = false;
  let depth = 0;
  for (const line of code.split('\n')) {
    const magic = MAGIC_COMMENT.exec(line);
    const kind = magic?.[1] ?? magic?.[2];
    if (kind === 'highlight-next-line') nextLine = true;
    else if (kind === 'highlight-start') depth++;
    else if (kind === 'highlight-end') depth = Math.max(0, depth - 1);
    else {
      kept.push(line);
      if (nextLine || depth > 0) highlightedLines.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlightedLines };
}
