/** Turns `:::tip[Title]` container directives into `<Admonition type="tip" title="Title">` JSX. */
import type { Root } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import { isAdmonitionType } from './admonition-types';
import { jsxAttribute } from './jsx';
import { plainText } from './plain-text';

export function remarkAdmonitions() {
  return (tree: Root): void => {
    visit(tree, 'containerDirective', (node, index, parent) => {
      if (!parent || index === undefined || !isAdmonitionType(node.name)) return;
      const first = node.children[0];
      let title = node.attributes?.title ?? undefined;
      if (first?.type === 'paragraph' && first.data?.directiveLabel) {
        // The label wins over a title attribute, as in Docusaurus.
        title = plainText(first).trim() || title;
        node.children.shift();
      }
      const element: MdxJsxFlowElement = {
        type: 'mdxJsxFlowElement',
        name: 'Admonition',
        attributes: [jsxAttribute('type', node.name), ...(title ? [jsxAttribute('title', title)] : [])],
        // Same array as the directive's, so nested admonitions that visit() finds next are replaced in place.
        children: node.children,
        position: node.position,
      };
      parent.children[index] = element;
    });
  };
}
