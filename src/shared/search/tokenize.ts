/**
 * How the embedded index cuts text into terms, the same when the build indexes and when the browser
 * searches. Like Algolia's DocSearch settings (camelCaseAttributes, separatorsToIndex '_'), an
 * identifier is indexed whole and by its parts, so `registerUpdateListener` is found by
 * `registerupdatelistener`, `update listener` and `listener`, and `$getRoot` by `getRoot`.
 */

/** Runs of letters, digits, `_` and `$`; anything else separates words. */
const WORD = /[\p{L}\p{N}_$]+/gu;
/** Where camelCase and snake_case identifiers split: `getRoot` → get|Root, `HTMLElement` → HTML|Element. */
const PARTS = /[\p{Lu}]+(?![\p{Ll}])|[\p{Lu}]?[\p{Ll}]+|\p{N}+|[^\p{L}\p{N}_$]+/gu;

/** A word PARTS would not split. */
const LOWER_WORD = /^\p{Ll}+$/u;

const normalise = (word: string) => word.replace(/^[_$]+|[_$]+$/g, '').toLowerCase();

/** Terms of a text at index time: each word, and the parts of words that are identifiers. */
export function indexTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of indexWords(text)) addWordTerms(word, terms);
  return terms;
}

/**
 * The words `indexTerms` cuts a text into: its terms are each word's `wordTerms`, word after word,
 * so a caller indexing much text can work out each distinct word once.
 */
export function indexWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** The terms one word of `indexWords` is indexed under (none, one or several, never an empty one). */
export function wordTerms(word: string): string[] {
  const terms: string[] = [];
  addWordTerms(word, terms);
  return terms;
}

function addWordTerms(word: string, terms: string[]): void {
  const whole = normalise(word);
  if (!whole) return;
  terms.push(whole);
  // As Algolia's ignorePlurals: `plugins` is found by `plugin` too.
  const singular = singularOf(whole);
  if (singular) terms.push(singular);
  // Most words of prose are lower-case letters alone, which PARTS leaves whole: no parts to add.
  if (LOWER_WORD.test(word)) return;
  const parts = [...word.replace(/[_$]+/g, ' ').matchAll(PARTS)].map(([part]) => part.trim().toLowerCase()).filter(Boolean);
  if (parts.length > 1) for (const part of parts) if (part !== whole) terms.push(part);
}

/** An English plural's singular (`plugins` → `plugin`, `classes` → `class`, `queries` → `query`), or undefined. */
function singularOf(word: string): string | undefined {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return undefined;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Terms of a query: its words as typed, lower-cased; an identifier stays one term. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  for (const [word] of query.matchAll(WORD)) {
    const term = normalise(word);
    if (term) terms.push(term);
  }
  return terms;
}

/** The spans of `text` that are words, with the terms each one was indexed under (for highlighting). */
export function wordSpans(text: string): { start: number; end: number; whole: string; parts: { start: number; end: number; term: string }[] }[] {
  const spans: ReturnType<typeof wordSpans> = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index!;
    const whole = normalise(word);
    if (!whole) continue;
    const parts: { start: number; end: number; term: string }[] = [];
    for (const part of word.matchAll(PARTS)) {
      const term = part[0].toLowerCase();
      if (/^[\p{L}\p{N}]+$/u.test(term)) parts.push({ start: start + part.index!, end: start + part.index! + term.length, term });
    }
    spans.push({ start, end: start + word.length, whole, parts: parts.length > 1 ? parts : [] });
  }
  return spans;
}
