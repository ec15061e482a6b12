/**
 * Replaces fenced code with `<CodeBlock html="…" />`: highlighted once at build time, passed as a
 * string so the page's JS stays small and rendering does no highlighting work.
 */
import type { Code, Parent, Root, RootContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { applyMagicComments, HIGHLIGHTED_LINE_CLASS, parseCodeMeta, type MagicComment } from './code-meta';
import type { CodeHighlighter, KeptHighlights } from './highlighter';
import { jsxAttribute, jsxNumberAttribute } from './jsx';
import { factsOf } from './types';

export interface RemarkCodeBlocksOptions {
  highlighter: CodeHighlighter;
  /** The site's own kinds of magic comment; Docusaurus's default kind without them. */
  magicComments?: readonly MagicComment[];
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
        (parent.children as RootContent[])[index] = await codeBlock(node, options, kept && { ...kept, used: (key) => (keys[i] = key) });
      }),
    );
    factsOf(file).highlights.push(...keys);
  };
}

async function codeBlock(node: Code, options: RemarkCodeBlocksOptions, kept: KeptHighlights | undefined): Promise<MdxJsxFlowElement> {
  const meta = parseCodeMeta(node.lang, node.meta);
  const magic = applyMagicComments(node.value, options.magicComments);
  // Lines `{1,3}` names get the first kind's class, as under Docusaurus: highlighted when it is the highlighted-line class.
  const first = options.magicComments?.[0]?.className;
  const rangesHighlighted = !first || first.split(' ').includes(HIGHLIGHTED_LINE_CLASS);
  const highlightedLines = new Set([...(rangesHighlighted ? meta.highlightedLines : []), ...magic.highlightedLines]);
  if (first)
    for (const line of meta.highlightedLines)
      if (!magic.lineClasses.get(line)?.includes(first)) magic.lineClasses.set(line, [first, ...(magic.lineClasses.get(line) ?? [])]);
  const lineClasses = magic.lineClasses.size ? { lineClasses: magic.lineClasses } : {};
  const html = await options.highlighter.highlight({ code: magic.code, lang: meta.lang, highlightedLines, ...lineClasses }, kept);
  const attributes: MdxJsxAttribute[] = [jsxAttribute('html', html)];
  if (meta.lang) attributes.push(jsxAttribute('language', meta.lang));
  if (meta.title) attributes.push(jsxAttribute('title', meta.title));
  if (meta.showLineNumbers) attributes.push(jsxAttribute('showLineNumbers', null));
  if (meta.startLineNumber !== undefined) attributes.push(jsxNumberAttribute('startLineNumber', meta.startLineNumber));
  return { type: 'mdxJsxFlowElement', name: 'CodeBlock', attributes, children: [], position: node.position };
}
