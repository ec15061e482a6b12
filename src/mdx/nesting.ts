/**
 * How deep a page may nest blockquotes, lists and elements. The compiled page nests its calls about
 * three brackets per level, and es-module-lexer, which reads the bundled pages, stops at 1024 open
 * brackets; the markdown parser also slows down sharply with depth. Past the limit a page is
 * refused at the place it passes it.
 */
import type { Root } from 'mdast';
import type { Node, Parent } from 'unist';

/** The deepest a node of a page's tree may lie (the root's children are at depth 1). */
export const NESTING_LIMIT = 100;

/** Where a page passes the limit (1-based line and column, of the text the parser read). */
export class NestingTooDeep extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
  ) {
    super(`nesting passes ${NESTING_LIMIT} levels`);
    this.name = 'NestingTooDeep';
  }
}

/**
 * A look at the text before it is parsed, so that a page nested thousands of levels deep is refused
 * before the parser spends minutes on it: per line, the blockquote markers and list markers it
 * opens with, and the lists its indentation keeps open (a stack of the columns of their markers).
 * An estimate, so it refuses only what is past twice the limit, at the first line past the limit;
 * the tree's own check (`remarkNestingLimit`) catches the rest exactly.
 */
export function nestingBeyondLimit(text: string): NestingTooDeep | undefined {
  let first: NestingTooDeep | undefined;
  let fence: string | undefined;
  const open: number[] = [];
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber++;
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    if (line.trim() === '') continue;
    let column = 0;
    let quotes = 0;
    let markers = 0;
    let indent = 0;
    // The line's prefix: spaces, `>` and list markers, each marker one more container.
    for (;;) {
      const space = /^[ \t]*/.exec(line.slice(column))![0];
      const at = column + space.length;
      if (quotes === 0 && markers === 0) indent = at;
      const rest = line.slice(at);
      if (rest.startsWith('>')) {
        quotes++;
        column = at + 1;
      } else {
        const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(rest)?.[0];
        if (!marker) break;
        markers++;
        column = at + marker.length;
      }
      const depth = quotes + 2 * (markers + open.length);
      if (depth > NESTING_LIMIT) first ??= new NestingTooDeep(lineNumber, at + 1);
      if (depth > 2 * NESTING_LIMIT) return first;
    }
    if (quotes > 0) continue;
    while (open.length > 0 && open[open.length - 1]! >= indent) open.pop();
    if (markers > 0) open.push(indent);
  }
  return undefined;
}

/** A remark plugin that refuses a tree deeper than the limit, at its first node past it. */
export function remarkNestingLimit() {
  return (tree: Root) => {
    // Walked with a stack of its own: a deep tree must not exhaust the call stack here.
    const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }];
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      if (depth > NESTING_LIMIT) {
        const start = node.position?.start;
        throw new NestingTooDeep(start?.line ?? 1, start?.column ?? 1);
      }
      const children = (node as Partial<Parent>).children;
      if (children) for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
    }
  };
}
