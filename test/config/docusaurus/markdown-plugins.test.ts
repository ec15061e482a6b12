/**
 * A Docusaurus site's own remark and rehype plugins run in docsite's compile: a CommonJS remark
 * plugin and an ESM rehype plugin imported by the config change the page; the beforeDefault list runs
 * before docsite's own plugins (a code block is still code) and the other list after them; the pages'
 * own lists run on the Markdown pages of src/pages and not on the docs; editing a plugin file compiles the pages again.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { byTag, parseChecked, text } from '../../support/dom';
import { copyFixture, readOut, runCli } from '../../support/helpers';

const SHOUT = `// Writes "typed fixture" in capitals wherever a text says it.
function visit(node) {
  if (node.type === 'text') node.value = node.value.replace(/typed fixture/g, 'TYPED FIXTURE');
  for (const child of node.children || []) visit(child);
}
module.exports = function shout() {
  return (tree) => visit(tree);
};
`;

const MARK = `// Marks every paragraph with a data attribute.
function visit(node) {
  if (node.type === 'element' && node.tagName === 'p') node.properties = { ...node.properties, dataMarked: 'yes' };
  for (const child of node.children || []) visit(child);
}
export default function markParagraphs() {
  return (tree) => visit(tree);
}
`;

const CODE = `// Ends the page with how many code blocks the tree still holds as code when the plugin runs.
function count(node) {
  return (node.type === 'code' ? 1 : 0) + (node.children || []).reduce((sum, child) => sum + count(child), 0);
}
const reporter = (label) => () => (tree) => {
  tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: label + ' saw ' + count(tree) + ' code blocks' }] });
};
export const before = reporter('before');
export const after = reporter('after');
`;

const SIGN = `// Ends the page with a line saying which list ran on it.
module.exports = function sign() {
  return (tree) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'signed by the pages list' }] });
  };
};
`;

describe("a Docusaurus site's own markdown plugins", () => {
  let site: string;
  const paragraphs = () => byTag(parseChecked(readOut(site, 'start/index.html')), 'p');

  before(() => {
    site = copyFixture('docusaurus-site-ts');
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), content);
    };
    write('src/remark/shout.cjs', SHOUT);
    write('src/rehype/mark-paragraphs.mjs', MARK);
    write('src/remark/count-code.mjs', CODE);
    write('src/remark/sign.cjs', SIGN);
    write('src/pages/notes.md', '# Notes\n\nA typed fixture page of its own.\n');
    write('guides/start.md', "# Start here\n\nThe typed fixture's only page.\n\n```js\nconst answer = 42;\n```\n");
    const config = path.join(site, 'docusaurus.config.ts');
    const source = readFileSync(config, 'utf8')
      .replace(
        "import pkg from './package.json';",
        "import pkg from './package.json';\nimport shout from './src/remark/shout.cjs';\nimport markParagraphs from './src/rehype/mark-paragraphs.mjs';\nimport { before, after } from './src/remark/count-code.mjs';\nimport sign from './src/remark/sign.cjs';",
      )
      .replace(
        "docs: { path: 'guides', routeBasePath: '/' },",
        "docs: { path: 'guides', routeBasePath: '/', beforeDefaultRemarkPlugins: [before], remarkPlugins: [shout, after], rehypePlugins: [markParagraphs] },\n          pages: { remarkPlugins: [sign] },",
      );
    writeFileSync(config, source);
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
  });

  test('a CommonJS remark plugin and an ESM rehype plugin change the page', () => {
    const intro = paragraphs().find((p) => /only page/.test(text(p)));
    assert.ok(intro, 'the page text');
    assert.equal(text(intro), "The TYPED FIXTURE's only page.");
    assert.equal(intro.attribs['data-marked'], 'yes');
  });

  test("the beforeDefault list runs before docsite's own plugins (the code block is still code), the other list after them (it is coloured HTML)", () => {
    const seen = paragraphs()
      .map(text)
      .filter((line) => / saw /.test(line));
    assert.deepEqual(seen, ['before saw 1 code blocks', 'after saw 0 code blocks']);
    assert.match(readOut(site, 'start/index.html'), /<pre class="shiki/);
  });

  test("the pages' own list runs on a Markdown page of src/pages, and the docs' lists do not", () => {
    const lines = byTag(parseChecked(readOut(site, 'notes/index.html')), 'p').map(text);
    assert.ok(lines.includes('signed by the pages list'), lines.join(' | '));
    assert.ok(lines.includes('A typed fixture page of its own.'), "the docs' remark plugin left the page's text as written");
    assert.ok(!paragraphs().map(text).includes('signed by the pages list'), "the pages' list does not run on a doc");
  });

  test('editing a plugin file compiles the page again', () => {
    const file = path.join(site, 'src', 'remark', 'shout.cjs');
    writeFileSync(file, readFileSync(file, 'utf8').replace("'TYPED FIXTURE'", "'Typed Fixture!'"));
    const again = runCli(['build', site]);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /mdx: [1-9]\d* compiled/);
    assert.ok(paragraphs().some((p) => text(p) === "The Typed Fixture!'s only page."));
  });
});
