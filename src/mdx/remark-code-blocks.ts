/**
 * Replaces fenced code with `<CodeBlock html="…" />`: highlighted once at build time, passed as a
 * string so the page's JS stays small and rendering does no highlighting work.
 */
import type { Code, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { applyMagicComments, parseCodeMeta } from './code-meta';
import type { CodeHighlighter, KeptHighlights } from './highlighter';
import { jsxAttribute, jsxNumberAttribute } from './jsx';
import { factsOf } from './types';

export interface RemarkCodeBlocksOptions {
  highlighter: CodeHighlighter;
}

export function remarkCodeBlocks(options: RemarkCodeBlocksOptions) {
  return async (tree: Root, file: VFile): Promise<void> => {
    const found: Array<{ node: Code; index: number; parent: Parent }> = [];
    visit(tree, 'code', (node, index, parent) => {
      if (parent && index !== undefined) found.push({ node, index, parent });
    });
    const kept = file.data.docsiteHighlights;
    // The store keys of the page's blocks, in page order whatever order the lookups finish in.
    const keys: string[] = [];
    // Replacing one node by one keeps every recorded index valid.
    await Promise.all(
      found.map(async ({ node, index, parent }, i) => {
        (parent.children as RootContent[])[index] = await codeBlock(node, options.highlighter, kept && { ...kept, used: (key) => (keys[i] = key) });
      }),
    );
    factsOf(file).highlights.push(...keys);
  };
}

async function codeBlock(node: Code, highlighter: CodeHighlighter, kept: KeptHighlights | undefined): Promise<MdxJsxFlowElement> {
  const meta = parseCodeMeta(node.lang, node.meta);
  const magic = applyMagicComments(node.value);
  const highlightedLines = new Set([...meta.highlightedLines, ...magic.highlightedLines]);
  const html = await highlighter.highlight({ code: magic.code, lang: meta.lang, highlightedLines }, kept);
  const attributes: MdxJsxAttribute[] = [jsxAttribute('html', html)];
  if (meta.lang) attributes.push(jsxAttribute('language', meta.lang));
  if (meta.title) attributes.push(jsxAttribute('title', meta.title));
  if (meta.showLineNumbers) attributes.push(jsxAttribute('showLineNumbers', null));
  if (meta.startLineNumber !== undefined) attributes.push(jsxNumberAttribute('startLineNumber', meta.startLineNumber));
  return { type: 'mdxJsxFlowElement', name: 'CodeBlock', attributes, children: [], position: node.position };
}
