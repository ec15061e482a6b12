/** Reads the fenced code blocks of a markdown/MDX file, with the line each one starts on. */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Code, Nodes } from 'mdast';

export interface CodeBlock {
  lang: string;
  value: string;
  /** 1-based line of the opening fence. */
  line: number;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'code') blocks.push(toBlock(node));
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(fromMarkdown(markdown));
  return blocks;
}

function toBlock(node: Code): CodeBlock {
  return { lang: (node.lang ?? '').toLowerCase(), value: node.value, line: node.position?.start.line ?? 0 };
}
