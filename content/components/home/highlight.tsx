// A tiny, deterministic TypeScript/TSX colouriser for the home page's code samples (the page is TSX,
// so the build-time highlighter is not available here). Same input, same spans on server and client.
import type { ReactNode } from 'react';

const KEYWORDS = new Set([
  'as', 'async', 'await', 'class', 'const', 'default', 'else', 'export', 'extends', 'false', 'for',
  'from', 'function', 'if', 'import', 'interface', 'let', 'new', 'null', 'return', 'static', 'string', 'super',
  'this', 'throw', 'true', 'type', 'undefined',
]);

// Comments, strings, `<` or `</` before a name, identifiers and numbers; everything between matches
// is punctuation or whitespace. (No lookbehind: Safari 15, a build target, cannot parse it.)
const TOKEN =
  /(\/\/[^\n]*)|('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)|(<\/?)([A-Za-z][\w.]*)|([A-Za-z_$][\w$]*)|(\d+(?:\.\d+)?)/g;

type Kind = 'comment' | 'string' | 'keyword' | 'tag' | 'type' | 'function' | 'property' | 'number';

export function highlight(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  const push = (text: string, kind?: Kind) => {
    if (!text) return;
    out.push(kind ? <span key={key++} className={`home-code__${kind}`}>{text}</span> : text);
  };
  const pushWord = (word: string, start: number, end: number) => {
    const rest = code.slice(end);
    if (KEYWORDS.has(word)) push(word, 'keyword');
    else if (/^\s*\(/.test(rest) || /^\s*=\s*(?:\([^)]*\)|\w+)\s*=>/.test(rest)) push(word, 'function');
    else if (/^[A-Z]/.test(word)) push(word, 'type');
    else if (/^\s*:/.test(rest) && /[{,]\s*$/.test(code.slice(0, start))) push(word, 'property');
    else push(word);
  };
  for (const match of code.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    push(code.slice(last, index));
    last = index + match[0].length;
    const [, comment, string, tagOpen, tagName, word, number] = match;
    if (comment) push(comment, 'comment');
    else if (string) push(string, 'string');
    else if (tagOpen && tagName) {
      push(tagOpen);
      // A `<` glued to an identifier opens type arguments (`createCommand<string>`), not a JSX tag.
      if (/[\w$]$/.test(code.slice(0, index))) pushWord(tagName, index + tagOpen.length, last);
      else push(tagName, 'tag');
    } else if (word) pushWord(word, index, last);
    else if (number) push(number, 'number');
  }
  push(code.slice(last));
  return out;
}
