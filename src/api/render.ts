/**
 * Turns pieces of the API model into the HTML the theme shows: comment markdown (with `api:` links
 * resolved and code blocks highlighted by shiki), inline types with links, and highlighted signatures.
 */
import type { Code, Html, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';
import { gfm } from 'micromark-extension-gfm';
import { escapeHtml } from '../render/document';
import type { CodeHighlighter } from '../mdx/highlighter';
import type { ApiComment, ApiRef, ApiTokens } from './model';
import type { ApiCommentView } from '../shared/api-views';

export interface ApiRenderer {
  /** Markdown of a comment to HTML; `api:` links become URLs, fenced code is highlighted. */
  markdown(markdown: string): Promise<string>;
  comment(comment: ApiComment | undefined): Promise<ApiCommentView | undefined>;
  /** Tokens as `<code class="api-type">` with links; for table cells and hierarchy lines. */
  inlineType(tokens: ApiTokens): string;
  /** Tokens as a highlighted block in which referenced names are links. */
  signature(tokens: ApiTokens): Promise<string>;
  href(ref: ApiRef): string;
}

export function createApiRenderer(options: { base: string; highlighter: CodeHighlighter }): ApiRenderer {
  const href = (ref: ApiRef) => `${options.base}${ref}`;

  async function markdown(text: string): Promise<string> {
    if (!text.trim()) return '';
    const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    await replaceCode(tree, options.highlighter);
    visitLinks(tree, (url) => (url.startsWith('api:') ? href(url.slice(4)) : url));
    // Raw HTML in doc comments is shown as text, never injected into the page.
    const hast = toHast(tree, {
      allowDangerousHtml: true,
      handlers: {
        html: (_state, node: Html) => (isTrusted(node) ? { type: 'raw', value: node.value } : { type: 'text', value: node.value }),
      },
    });
    return toHtml(hast, { allowDangerousHtml: true });
  }

  return {
    href,
    markdown,
    async comment(comment) {
      if (!comment) return undefined;
      const view: ApiCommentView = {
        summaryHtml: await markdown(comment.summary),
        examplesHtml: await Promise.all(comment.examples.map(markdown)),
        seeHtml: await Promise.all(comment.see.map(markdown)),
        other: await Promise.all(comment.other.map(async (tag) => ({ tag: tag.tag, html: await markdown(tag.content) }))),
      };
      if (comment.deprecated !== undefined) view.deprecatedHtml = await markdown(comment.deprecated);
      if (comment.returns !== undefined) view.returnsHtml = await markdown(comment.returns);
      return view;
    },
    inlineType(tokens) {
      const inner = tokens
        .map((token) => (token.ref ? `<a href="${escapeHtml(href(token.ref))}">${escapeHtml(token.text)}</a>` : escapeHtml(token.text)))
        .join('');
      return `<code class="api-type">${inner}</code>`;
    },
    async signature(tokens) {
      let code = '';
      const links: { start: number; end: number; href: string }[] = [];
      for (const token of tokens) {
        if (token.ref && token.text.trim()) links.push({ start: code.length, end: code.length + token.text.length, href: href(token.ref) });
        code += token.text;
      }
      return options.highlighter.highlight({ code, lang: 'ts', highlightedLines: new Set(), links });
    },
  };
}

/** Fenced code in comments (mostly `@example`) becomes shiki HTML, kept as raw HTML nodes. */
async function replaceCode(tree: Root, highlighter: CodeHighlighter): Promise<void> {
  const jobs: Promise<void>[] = [];
  const walk = (parent: { children: RootContent[] }) => {
    parent.children.forEach((child, index) => {
      if (child.type === 'code') {
        const code = child as Code;
        jobs.push(
          highlighter.highlight({ code: code.value, lang: code.lang ?? 'ts', highlightedLines: new Set() }).then((html) => {
            parent.children[index] = { type: 'html', value: html, data: { docsiteTrusted: true } } as unknown as RootContent;
          }),
        );
      } else if ('children' in child) walk(child as { children: RootContent[] });
    });
  };
  walk(tree);
  await Promise.all(jobs);
}

function isTrusted(node: Html): boolean {
  return (node.data as { docsiteTrusted?: boolean } | undefined)?.docsiteTrusted === true;
}

function visitLinks(node: Root | RootContent, map: (url: string) => string): void {
  if (node.type === 'link' || node.type === 'definition' || node.type === 'image') node.url = map(node.url);
  if ('children' in node) for (const child of node.children) visitLinks(child, map);
}
