/**
 * Images next to the page (`![Diagram](./diagram.svg)`) become imports, so the bundler copies them
 * to assets/ under a content hash and the page points at that URL, as Docusaurus does. Absolute
 * paths (`/img/...`, served from static/) and URLs are left as they are.
 */
import { parse } from 'acorn';
import type { Program } from 'estree';
import type { Image, Root } from 'mdast';
import type { MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import { ASSET_FILE } from '../core/paths';
import type { VFile } from 'vfile';
import { factsOf } from './types';

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

export function remarkLocalImages() {
  return (tree: Root, file: VFile): void => {
    const facts = factsOf(file);
    const imports: string[] = [];
    visit(tree, 'image', (node: Image, index, parent) => {
      if (!parent || index === undefined || !isLocal(node.url)) return;
      const name = `__docsiteImage${imports.length}`;
      const written = decodeURI(node.url.split(/[?#]/)[0]!);
      // `assets/a.png` is beside the page too, as Docusaurus reads it; `@site/...` is the site folder.
      const specifier = written.startsWith('.') || written.startsWith('@') ? written : `./${written}`;
      // Only the kinds of file the bundler copies as assets: anything else (a key, a script, a
      // config file) is not published, and would otherwise fail in the bundle with no page named.
      if (!ASSET_FILE.test(specifier)) {
        const message = file.message(
          `The image "${node.url}" is not a file type docsite publishes as an image or asset (.png, .jpg, .gif, .svg, .webp, .avif, .ico, .pdf, .mp4, .webm, fonts).`,
          { place: node.position, ruleId: 'asset-type', source: 'docsite' },
        );
        message.fatal = true;
        throw message;
      }
      imports.push(`import ${name} from ${JSON.stringify(specifier)};`);
      // The import is made here, so a missing image is reported at the image.
      if (node.position) facts.imports.push({ specifier, line: node.position.start.line, column: node.position.start.column });
      const element: MdxJsxTextElement = {
        type: 'mdxJsxTextElement',
        name: 'img',
        attributes: [
          { type: 'mdxJsxAttribute', name: 'src', value: { type: 'mdxJsxAttributeValueExpression', value: name, data: { estree: program(name) } } },
          { type: 'mdxJsxAttribute', name: 'alt', value: node.alt ?? '' },
          ...(node.title ? [{ type: 'mdxJsxAttribute' as const, name: 'title', value: node.title }] : []),
          { type: 'mdxJsxAttribute', name: 'loading', value: 'lazy' },
        ],
        children: [],
        ...(node.position ? { position: node.position } : {}),
      };
      parent.children[index] = element;
    });
    if (imports.length === 0) return;
    const value = imports.join('\n');
    const esm: MdxjsEsm = { type: 'mdxjsEsm', value, data: { estree: program(value) } };
    tree.children.unshift(esm);
  };
}

function isLocal(url: string): boolean {
  return url !== '' && !HAS_SCHEME.test(url) && !url.startsWith('/') && !url.startsWith('#');
}

/** MDX wants an estree program for every expression and ESM node it did not parse itself; acorn makes one. */
function program(code: string): Program {
  return parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as Program;
}
