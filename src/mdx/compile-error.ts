/** Turns what MDX throws into a DocsiteError that points into the original file and says what to do. */
import { codeFrame, DocsiteError, isDocsiteError } from '../core/errors';
import type { Preprocessed } from './preprocess';

interface Point {
  line?: number;
  column?: number;
  offset?: number;
}

/** The fields of a VFileMessage we read (micromark and the MDX utilities throw these). */
interface MdxMessage extends Error {
  reason: string;
  line?: number;
  column?: number;
  place?: Point | { start: Point; end: Point };
  ruleId?: string;
  source?: string;
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const ESCAPE_LT = 'To write a literal `<`, escape it as `\\<` (or `&lt;`) or put it in `inline code`.';
const ESCAPE_BRACE = 'To write a literal `{`, escape it as `\\{` or put it in `inline code`.';

export interface CompileErrorContext {
  source: string;
  file: string;
  preprocessed: Preprocessed;
}

export function toCompileError(error: unknown, { source, file, preprocessed }: CompileErrorContext): DocsiteError {
  if (isDocsiteError(error)) {
    return error.loc ? error : new DocsiteError({ ...error, message: error.message, loc: { file }, cause: error.cause });
  }
  if (!isMdxMessage(error)) {
    return new DocsiteError({
      code: 'MDX_COMPILE',
      message: `Could not compile this page: ${error instanceof Error ? error.message : String(error)}`,
      hint: 'This is probably a bug in docsite or in an MDX plugin; please report it with this file.',
      loc: { file },
      cause: error,
    });
  }
  const point = locate(error, preprocessed.text);
  if (error.source === 'docsite' && error.ruleId === 'asset-type') {
    const at = point ? { file, line: point.line, column: preprocessed.originalColumn(point.line, point.column) } : { file };
    return new DocsiteError({
      code: 'ASSET_TYPE_UNSUPPORTED',
      message: error.reason,
      loc: at,
      frame: at.line !== undefined ? codeFrame(source, at.line, at.column) : undefined,
      cause: error,
    });
  }
  const detail = error.cause instanceof Error && error.ruleId === 'acorn' ? ` (${error.cause.message})` : '';
  const loc = point ? { file, line: point.line, column: preprocessed.originalColumn(point.line, point.column) } : { file };
  return new DocsiteError({
    code: 'MDX_COMPILE',
    message: `MDX syntax error: ${error.reason}${detail}`,
    hint: hintFor(error),
    loc,
    frame: loc.line !== undefined ? codeFrame(source, loc.line, loc.column) : undefined,
    cause: error,
  });
}

function isMdxMessage(error: unknown): error is MdxMessage {
  return error instanceof Error && typeof (error as Partial<MdxMessage>).reason === 'string';
}

function locate(error: MdxMessage, text: string): { line: number; column: number } | undefined {
  const place = error.place && 'start' in error.place ? error.place.start : error.place;
  // MDX reports an unclosed `{` where the paragraph ends; the author needs the brace itself.
  if (error.ruleId === 'unexpected-eof' && error.source?.includes('expression') && place?.offset !== undefined) {
    const brace = unmatchedBraceBefore(text, place.offset);
    if (brace >= 0) return pointAt(text, brace);
  }
  // For an unclosed tag MDX points at the end of the enclosing block; the tag itself is named in the text.
  const tag = /^Expected a closing tag for `<[^`]*>` \((\d+):(\d+)-/.exec(error.reason);
  if (tag) return { line: Number(tag[1]), column: Number(tag[2]) };
  if (error.line !== undefined && error.column !== undefined) return { line: error.line, column: error.column };
  return undefined;
}

function unmatchedBraceBefore(text: string, offset: number): number {
  let depth = 0;
  for (let i = Math.min(offset, text.length) - 1; i >= 0; i--) {
    if (text[i] === '}') depth++;
    else if (text[i] === '{' && depth-- === 0) return i;
  }
  return -1;
}

function pointAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function hintFor(error: MdxMessage): string {
  const reason = error.reason;
  const unclosed = /Expected a closing tag for `<([^>\s]+)>`/.exec(reason);
  if (unclosed) {
    const tag = unclosed[1]!;
    if (VOID_ELEMENTS.has(tag.toLowerCase())) return `MDX is JSX, so \`<${tag}>\` must be self-closed: write \`<${tag} />\`. ${ESCAPE_LT}`;
    return `Close the tag with \`</${tag}>\` (in the same paragraph) or self-close it as \`<${tag} />\`. ${ESCAPE_LT}`;
  }
  if (error.ruleId === 'end-tag-mismatch' || error.ruleId === 'unexpected-closing-slash') {
    return 'Opening and closing tags must match and nest properly, as in JSX.';
  }
  if (reason.includes('to create a link in MDX')) {
    return 'MDX has no `<https://…>` autolinks: write the bare URL (it is linked automatically) or `[text](url)`.';
  }
  if (error.source?.includes('esm')) {
    return 'Lines starting with `import` or `export` must be valid JavaScript. To start a paragraph with those words, escape the first letter or rephrase.';
  }
  if (error.source?.includes('expression') || error.ruleId === 'acorn' || reason.includes('`{`')) {
    return `\`{\` starts a JavaScript expression in MDX (.md files are compiled as MDX too). ${ESCAPE_BRACE}`;
  }
  if (error.source?.includes('jsx') || reason.includes('`<`')) {
    return `\`<\` starts a JSX tag in MDX (.md files are compiled as MDX too). ${ESCAPE_LT}`;
  }
  return `Fix the syntax at this place. Remember that .md files are compiled as MDX: ${ESCAPE_LT} ${ESCAPE_BRACE}`;
}
