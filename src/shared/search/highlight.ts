/**
 * Algolia's highlight and snippet results for the embedded engine: the text HTML-escaped first, then
 * the matched words wrapped in the pre/post tags, so a page whose text holds `<img onerror>` shows
 * it as text. A snippet is the N words around the first match, with the ellipsis where text was cut.
 */
import type { HighlightResult, SnippetResult } from './types';
import { wordSpans } from './tokenize';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

export interface MatchTerms {
  /** The query's terms, as typed (lower-cased). */
  query: string[];
  /** Index terms the query matched (exactly, by prefix or with a typo), each with the query term it came from. */
  matched: Map<string, string>;
}

export interface Tags {
  pre: string;
  post: string;
}

interface Mark {
  start: number;
  end: number;
  word: string;
}

/** The spans of `text` to mark, and the query terms they answer. */
function findMarks(text: string, terms: MatchTerms): { marks: Mark[]; words: Set<string> } {
  const marks: Mark[] = [];
  const words = new Set<string>();
  const markTerm = (start: number, end: number, term: string) => {
    const word = terms.matched.get(term);
    if (word === undefined) return false;
    // A prefix match marks the typed part alone, as Algolia does (`<mark>sel</mark>ection`).
    const length = term.startsWith(word) && word.length < term.length ? word.length : end - start;
    marks.push({ start, end: start + Math.min(length, end - start), word });
    words.add(word);
    return true;
  };
  for (const span of wordSpans(text)) {
    const offset = text.slice(span.start, span.end).search(/[^_$]/);
    if (markTerm(span.start + Math.max(offset, 0), span.end, span.whole)) continue;
    for (const part of span.parts) markTerm(part.start, part.end, part.term);
  }
  return { marks, words };
}

function render(text: string, marks: Mark[], tags: Tags, from = 0, to = text.length): string {
  let out = '';
  let at = from;
  for (const mark of marks) {
    if (mark.end <= from || mark.start >= to) continue;
    const start = Math.max(mark.start, at);
    const end = Math.min(mark.end, to);
    out += escapeHtml(text.slice(at, start)) + tags.pre + escapeHtml(text.slice(start, end)) + tags.post;
    at = end;
  }
  return out + escapeHtml(text.slice(at, to));
}

const levelOf = (words: Set<string>, terms: MatchTerms): HighlightResult['matchLevel'] =>
  words.size === 0 ? 'none' : terms.query.every((term) => words.has(term)) ? 'full' : 'partial';

export function highlight(text: string, terms: MatchTerms, tags: Tags): HighlightResult {
  const { marks, words } = findMarks(text, terms);
  const value = render(text, marks, tags);
  const marked = marks.reduce((sum, mark) => sum + mark.end - mark.start, 0);
  const letters = text.replace(/[^\p{L}\p{N}]/gu, '').length;
  return { value, matchLevel: levelOf(words, terms), matchedWords: [...words], fullyHighlighted: marks.length > 0 && marked >= letters };
}

export function snippet(text: string, terms: MatchTerms, tags: Tags, size: number, ellipsis: string): SnippetResult {
  const { marks, words } = findMarks(text, terms);
  const spaced = [...text.matchAll(/\S+/g)].map((word) => ({ start: word.index!, end: word.index! + word[0].length }));
  if (spaced.length <= size) return { value: render(text, marks, tags), matchLevel: levelOf(words, terms) };
  const first = marks[0] ? spaced.findIndex((word) => word.end > marks[0]!.start) : 0;
  // The match a little after the start of the window, so the words that lead to it show too.
  const start = Math.max(0, Math.min(first - Math.floor(size / 4), spaced.length - size));
  const end = start + size;
  const from = spaced[start]!.start;
  const to = spaced[end - 1]!.end;
  const value = (start > 0 ? ellipsis : '') + render(text, marks, tags, from, to) + (end < spaced.length ? ellipsis : '');
  return { value, matchLevel: levelOf(words, terms) };
}
