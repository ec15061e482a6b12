/**
 * With `markdown.mermaid`, a ```mermaid fence becomes `<Mermaid value="…" />`. The page imports the
 * theme's component itself (not through the component map every page gets), so only pages with a
 * diagram carry it, and the component loads the mermaid library in the browser when it mounts.
 */
import type { Root, RootContent } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import { jsxAttribute } from './jsx';

const LOCAL = '__DocsiteMermaid';
const SOURCE = '@theme/Mermaid';

export function remarkMermaid() {
  return (tree: Root): void => {
    let found = false;
    visit(tree, 'code', (node, index, parent) => {
      if (node.lang !== 'mermaid' || !parent || index === undefined) return;
      (parent.children as RootContent[])[index] = {
        type: 'mdxJsxFlowElement',
        name: LOCAL,
        attributes: [jsxAttribute('value', node.value)],
        children: [],
        position: node.position,
      };
      found = true;
    });
    if (found) tree.children.unshift(mermaidImport());
  };
}

function mermaidImport(): MdxjsEsm {
  return {
    type: 'mdxjsEsm',
    value: `import ${LOCAL} from '${SOURCE}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: LOCAL } }],
            source: { type: 'Literal', value: SOURCE, raw: JSON.stringify(SOURCE) },
            attributes: [],
          },
        ],
      },
    },
  };
}
