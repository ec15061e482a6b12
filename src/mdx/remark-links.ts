/**
 * Records every link target with its position and every JSX `id`; rewrites links to `.md`/`.mdx`
 * files to `docsite-md://<index>` so the caller can put in the route once it knows it, and links
 * to the site's own public URL to site-relative ones.
 */
import type { Definition, Image, Link, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { MD_LINK_SCHEME } from './md-links';
import { factsOf, type DocumentFacts } from './types';

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const MARKDOWN_PATH = /\.mdx?$/i;

export interface RemarkLinksOptions {
  siteUrl?: string;
}

export function remarkLinks(options: RemarkLinksOptions = {}) {
  const ownOrigin = options.siteUrl ? ownUrlPattern(options.siteUrl) : undefined;
  return (tree: Root, file: VFile): void => {
    const facts = factsOf(file);
    visit(tree, (node) => {
      if (ownOrigin && (node.type === 'link' || node.type === 'definition' || node.type === 'image')) localize(node, ownOrigin);
      if (node.type === 'link' || node.type === 'definition') recordUrl(node, facts);
      else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') recordJsx(node, facts);
    });
  };
}

/** For `https://lexical.dev`: `https://lexical.dev/...` and `http://www.lexical.dev/...`, never `https://lexical.dev.example/`. */
function ownUrlPattern(siteUrl: string): RegExp {
  const host = new URL(siteUrl).host.replace(/^www\./, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^https?://(?:www\\.)?${host}(?=[/?#]|$)`, 'i');
}

/** Keeps the path (base URL included), drops the origin. */
function localize(node: Link | Definition | Image, ownOrigin: RegExp): void {
  if (!ownOrigin.test(node.url)) return;
  const rest = node.url.replace(ownOrigin, '');
  node.url = rest.startsWith('/') ? rest : `/${rest}`;
}

function recordUrl(node: Link | Definition, facts: DocumentFacts): void {
  const { line, column } = node.position?.start ?? { line: 0, column: 0 };
  const hashAt = node.url.indexOf('#');
  const target = hashAt < 0 ? node.url : node.url.slice(0, hashAt);
  const path = target.split('?')[0]!;
  const isDocLink = MARKDOWN_PATH.test(path) && !HAS_SCHEME.test(target) && !target.startsWith('//');
  if (!isDocLink) {
    facts.links.push({ url: node.url, line, column });
    return;
  }
  const index = facts.mdLinks.length;
  facts.mdLinks.push({ index, target, hash: hashAt < 0 ? '' : node.url.slice(hashAt + 1), line, column });
  node.url = MD_LINK_SCHEME + index;
}

/** Only literal string values: an expression's value is unknown until the page renders. */
function recordJsx(node: MdxJsxFlowElement | MdxJsxTextElement, facts: DocumentFacts): void {
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'string') continue;
    const isAnchor = attribute.name === 'id' || (node.name === 'a' && attribute.name === 'name');
    if (isAnchor) facts.anchors.push(attribute.value);
    if (node.name === 'a' && attribute.name === 'href') {
      const { line, column } = attribute.position?.start ?? node.position?.start ?? { line: 0, column: 0 };
      facts.links.push({ url: attribute.value, line, column });
    }
  }
}
