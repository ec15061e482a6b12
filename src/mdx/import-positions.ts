/**
 * The compiled module of a page carries, in a trailing comment, where each import is written in the
 * page. esbuild reports an unresolvable import at its line in the compiled code, which the author
 * never sees; the bundle stage reads this table back to point at the page instead. The comment is
 * not a legal comment, so esbuild leaves it out of every bundle.
 */
import type { SourceImport } from './types';

const MARKER = '/* docsite-import-positions ';

export function withImportPositions(code: string, imports: SourceImport[]): string {
  if (imports.length === 0) return code;
  // `*\/` is a valid JSON escape and keeps a specifier holding `*/` from ending the comment.
  const table = JSON.stringify(imports.map((item) => [item.specifier, item.line, item.column])).replace(/\*\//g, '*\\/');
  return `${code}\n${MARKER}${table} */\n`;
}

/** Where `specifier` is first imported in the page the module was compiled from. */
export function importPosition(code: string, specifier: string): { line: number; column: number } | undefined {
  const found = importPositions(code).find((item) => item.specifier === specifier);
  return found && { line: found.line, column: found.column };
}

/** Every import the page the module was compiled from writes, with where. */
export function importPositions(code: string): SourceImport[] {
  const start = code.lastIndexOf(MARKER);
  if (start < 0) return [];
  const end = code.indexOf(' */', start + MARKER.length);
  try {
    const table = JSON.parse(code.slice(start + MARKER.length, end)) as [string, number, number][];
    return table.map(([specifier, line, column]) => ({ specifier, line, column }));
  } catch {
    return [];
  }
}
