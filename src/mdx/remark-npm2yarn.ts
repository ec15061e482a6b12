/**
 * Docusaurus's npm2yarn: a fence whose meta holds `npm2yarn` (```bash npm2yarn) becomes tabs showing
 * the command for npm, Yarn and pnpm, in the `npm2yarn` tab group so a reader's choice sticks across
 * pages. The commands are converted with npm-to-yarn.
 */
import type { Code, Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import convert from 'npm-to-yarn';
import { visit } from 'unist-util-visit';
import { jsxAttribute } from './jsx';

const FLAG = /(^|\s)npm2yarn(?=\s|$)/;
const MANAGERS = [
  { value: 'npm', label: 'npm' },
  { value: 'yarn', label: 'Yarn' },
  { value: 'pnpm', label: 'pnpm' },
] as const;

export function remarkNpm2yarn() {
  return (tree: Root): void => {
    visit(tree, 'code', (node, index, parent) => {
      if (!node.meta || !FLAG.test(node.meta) || !parent || index === undefined) return;
      (parent.children as RootContent[])[index] = tabsFor(node);
    });
  };
}

function tabsFor(node: Code): MdxJsxFlowElement {
  const meta = node.meta!.replace(FLAG, '$1').trim() || null;
  const items: MdxJsxFlowElement[] = MANAGERS.map((manager) => ({
    type: 'mdxJsxFlowElement',
    name: 'TabItem',
    attributes: [jsxAttribute('value', manager.value), jsxAttribute('label', manager.label)],
    children: [
      { type: 'code', lang: node.lang, meta, value: manager.value === 'npm' ? node.value : convert(node.value, manager.value), position: node.position },
    ],
  }));
  return { type: 'mdxJsxFlowElement', name: 'Tabs', attributes: [jsxAttribute('groupId', 'npm2yarn')], children: items, position: node.position };
}
