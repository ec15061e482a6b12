/** Gives every heading an id (explicit `{#id}` or a GitHub slug) and records the title, TOC and anchors. */
import GithubSlugger from 'github-slugger';
import type { Heading, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { plainText } from './plain-text';
import { factsOf } from './types';

const CUSTOM_ID = /[ \t]*\{#([^\s{}]+)\}[ \t]*$/;

export function remarkHeadingIds() {
  return (tree: Root, file: VFile): void => {
    const facts = factsOf(file);
    // One slugger per document: duplicates get -1, -2 within the page only.
    const slugger = new GithubSlugger();
    visit(tree, 'heading', (node) => {
      const custom = takeCustomId(node);
      const value = plainText(node).trim();
      const id = custom ?? slugger.slug(value);
      // Reserve the explicit id so a later heading with the same text does not reuse it.
      if (custom) slugger.slug(custom);
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
      facts.anchors.push(id);
      if (node.depth === 1) facts.title ??= value;
      else facts.toc.push({ id, value, level: node.depth });
    });
  };
}

/** Removes a trailing `{#id}` from the heading text and returns the id. */
function takeCustomId(node: Heading): string | undefined {
  const last = node.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const match = CUSTOM_ID.exec(last.value);
  if (!match) return undefined;
  last.value = last.value.slice(0, match.index);
  if (!last.value) node.children.pop();
  return match[1];
}
