/**
 * The one error type of docsite: a permanent code, what happened, what to do, and where.
 * Every stage throws or collects these; only src/cli prints them.
 */
import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue';

export interface SourceLocation {
  /** Path of the file, relative to the site folder when possible. */
  file: string;
  line?: number;
  column?: number;
}

export interface DocsiteErrorOptions {
  /** A code of the catalogue (error-catalogue.ts). */
  code: ErrorCode;
  message: string;
  hint?: string;
  loc?: SourceLocation;
  /** A few lines of source around `loc`, already formatted by `codeFrame`. */
  frame?: string;
  cause?: unknown;
}

export class DocsiteError extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly loc?: SourceLocation;
  readonly frame?: string;

  constructor(options: DocsiteErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocsiteError';
    this.code = options.code;
    // The catalogue's general advice when the thrower has nothing more precise to say.
    this.hint = options.hint ?? ERROR_CATALOGUE[options.code]?.hint;
    this.loc = options.loc;
    this.frame = options.frame;
  }
}

/** Several errors found in one pass (broken links on many pages, many bad files): reported together. */
export class DocsiteErrorList extends Error {
  readonly errors: DocsiteError[];
  /** Set when the errors came after the new output was in place (a plugin's postBuild), so the report does not say it was left alone. */
  outputWritten = false;
  constructor(errors: DocsiteError[], summary?: string) {
    super(summary ?? `${errors.length} error${errors.length === 1 ? '' : 's'}`);
    this.name = 'DocsiteErrorList';
    this.errors = errors;
  }
}

/** Throws what a stage found: the one error as it is, several as a list reported together. */
export function throwIfAny(errors: DocsiteError[]): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new DocsiteErrorList(errors);
}

export function isDocsiteError(value: unknown): value is DocsiteError {
  return value instanceof Error && value.name === 'DocsiteError' && 'code' in value;
}

/** `file:line:column`, leaving out what is unknown. */
export function formatLocation(loc: SourceLocation): string {
  let out = loc.file;
  if (loc.line !== undefined) {
    out += `:${loc.line}`;
    if (loc.column !== undefined) out += `:${loc.column}`;
  }
  return out;
}

/** Line and column (1-based) of a character offset into `source`. */
export function positionAt(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, offset)).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** Where a JSON or YAML parser stopped: the YAML parser says it, a JSON message gives an offset. */
export function parsePosition(error: unknown, text: string): { line: number; column: number } | undefined {
  const linePos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
  if (linePos) return { line: linePos.line, column: linePos.col };
  const lineColumn = /line (\d+) column (\d+)/.exec((error as Error).message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const offset = /position (\d+)/.exec((error as Error).message);
  if (offset) return positionAt(text, Number(offset[1]));
  // The text ended before the value did.
  if (/end of (JSON|data) input/i.test((error as Error).message)) return positionAt(text, text.length);
  return undefined;
}

/** A location in `file` with a code frame, or the file alone when `at` is unknown. */
export function placed(file: string, text: string, at: { line: number; column: number } | undefined): { loc: SourceLocation; frame?: string } {
  return at ? { loc: { file, ...at }, frame: codeFrame(text, at.line, at.column) } : { loc: { file } };
}

/**
 * Where a string value is written in a source file, quoted as code or JSON writes it; nothing when
 * it is not found. A best guess that names the line the author has to look at.
 */
export function locateQuoted(file: string, source: string | undefined, value: string): SourceLocation {
  if (source === undefined) return { file };
  for (const quote of ["'", '"', '`']) {
    const at = source.indexOf(`${quote}${value}${quote}`);
    if (at !== -1) return { file, ...positionAt(source, at) };
  }
  return { file };
}

/** Where `key:` (quoted or not) is first written in a source file; the file alone when it is not found. */
export function locateKey(file: string, source: string | undefined, key: string): SourceLocation {
  if (source === undefined) return { file };
  const pattern = new RegExp(`(^|[\\s{,])(['"]?)${key.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')}\\2\\s*:`, 'm');
  const match = pattern.exec(source);
  return match ? { file, ...positionAt(source, match.index + match[1]!.length) } : { file };
}

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * C0 and C1 control characters (but tab and newline) as visible escapes such as `\x1b`: text from
 * a content file (a binary page, an ESC in a title) must never drive the terminal it is printed to.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Lines around `line` (1-based), with a caret under `column` (1-based); control characters are escaped. */
export function codeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = lines[n - 1] ?? '';
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${printable(text)}`);
    // The caret moves with the escapes written before it.
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(printable(text.slice(0, Math.max(0, column - 1))).length)}^`);
  }
  return out.join('\n');
}

/** Plain-text rendering used by the CLI and the terminal side of `serve`. */
export function formatError(error: DocsiteError): string {
  const parts: string[] = [];
  parts.push(error.loc ? `${formatLocation(error.loc)}: ${error.message} [${error.code}]` : `${error.message} [${error.code}]`);
  if (error.frame) parts.push(error.frame);
  if (error.hint) parts.push(`Hint: ${error.hint}`);
  return printable(parts.join('\n'));
}

/**
 * The error as a GitHub Actions workflow command, which the run shows as an annotation on the
 * file's line: `::error file=docs/a.md,line=3,col=5::message [CODE]`, the hint on a line of its own.
 * `%`, CR and LF are escaped as the runner expects, and `,` and `:` in the properties too, so a
 * path holding them cannot end a property early; other control characters as `printable` does.
 * `file` is the error's file as the annotation names it, when not as the error does.
 */
export function formatWorkflowCommand(kind: 'error' | 'warning', error: DocsiteError, file = error.loc?.file): string {
  const properties: string[] = [];
  if (error.loc && file !== undefined) {
    properties.push(`file=${printable(escapeProperty(file))}`);
    if (error.loc.line !== undefined) properties.push(`line=${error.loc.line}`);
    if (error.loc.line !== undefined && error.loc.column !== undefined) properties.push(`col=${error.loc.column}`);
  }
  const message = `${error.message} [${error.code}]${error.hint ? `\nHint: ${error.hint}` : ''}`;
  return `::${kind}${properties.length ? ` ${properties.join(',')}` : ''}::${printable(escapeData(message))}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Files an error by a site's report level (`onBrokenLinks` and friends): `throw` fails the build, `warn`/`log` only print. */
export function fileByLevel(level: 'ignore' | 'log' | 'warn' | 'throw', error: DocsiteError, errors: DocsiteError[], warnings: DocsiteError[]): void {
  if (level === 'throw') errors.push(error);
  else if (level !== 'ignore') warnings.push(error);
}
