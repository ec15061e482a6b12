/** Visible text of an mdast subtree, for heading slugs, the TOC and admonition titles. */
import type { Nodes } from 'mdast';

/**
 * Unlike mdast-util-to-string, skips MDX expressions: `## Title <!-- note -->` becomes
 * `{/* note *\/}` after preprocessing, and its comment must not leak into ids or the TOC.
 */
export function plainText(node: Nodes): string {
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression' || node.type === 'mdxjsEsm') return '';
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if ('children' in node) return node.children.map((child) => plainText(child as Nodes)).join('');
  return '';
}
