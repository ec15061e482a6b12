/**
 * Second instances of Docusaurus's content plugins with options of their own, on
 * test/fixtures/docusaurus-instance-versions (a second docs instance, id sdk, in English and French):
 * each docs and blog instance runs its own markdown plugin lists on its own files only (in every
 * version and locale), in Docusaurus's order, and editing one instance's list compiles its pages again;
 * a locale's docusaurus-plugin-content-docs-<id>/<version>.json translates that instance's sidebar labels;
 * a pages plugin listed in `plugins` with an id of its own builds its folder at its route.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { byClass, byTag, parseChecked, text } from '../support/dom';
import { copyFixture, readOut, runCli } from '../support/helpers';

const SIGN = `// Ends the page with a line naming who signed it (the plugin's option).
module.exports = function sign(options) {
  return (tree) => {
    tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'signed by ' + options.by }] });
  };
};
`;

const COUNT = `// Ends the page with how many code blocks the tree still holds as code when the plugin runs.
function count(node) {
  return (node.type === 'code' ? 1 : 0) + (node.children || []).reduce((sum, child) => sum + count(child), 0);
}
module.exports = (label) => () => (tree) => {
  tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: label + ' saw ' + count(tree) + ' code blocks' }] });
};
`;

const lines = (site: string, route: string) => byTag(parseChecked(readOut(site, path.join(route, 'index.html'))), 'p').map(text);
const signatures = (site: string, route: string) => lines(site, route).filter((line) => line.startsWith('signed by '));

describe("second instances' own markdown plugin lists", () => {
  let site: string;
  let postRoute: string;
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), content);
  };
  const editConfig = (edit: (config: string) => string) => {
    const file = path.join(site, 'docusaurus.config.js');
    const before = readFileSync(file, 'utf8');
    const after = edit(before);
    assert.notEqual(after, before, 'the edit changes the config');
    writeFileSync(file, after);
  };

  before(() => {
    site = copyFixture('docusaurus-instance-versions');
    write('plugins/sign.cjs', SIGN);
    write('plugins/count-code.cjs', COUNT);
    write('sdk/fences.md', '# Fences\n\n```js\nconst kiln = 1;\n```\n');
    // The French labels of the instance's sidebars: its docs folder's, and its release 2.0's.
    const label = (message: string) => ({ message, description: 'a label of the SDK sidebar' });
    write(
      'i18n/fr/docusaurus-plugin-content-docs-sdk/current.json',
      JSON.stringify({ 'sidebar.sdk.category.API': label('Interface (canari)'), 'sidebar.sdk.link.Kiln site': label('Site du four') }),
    );
    write('i18n/fr/docusaurus-plugin-content-docs-sdk/version-2.0.json', JSON.stringify({ 'sidebar.sdk.category.API': label('Interface') }));
    write(
      'sidebarsSdk.js',
      "module.exports = { sdk: ['overview', { type: 'category', label: 'API', items: ['api/client', 'api/streams'] }, { type: 'link', label: 'Kiln site', href: 'https://example.com/kiln' }] };\n",
    );
    // A second pages instance: Markdown and React pages, one left out by its exclude, one translated.
    write('more-pages/index.md', '# More about the kiln\n\nThe extra pages start here.\n');
    write('more-pages/glazes/notes.md', '# Glaze notes\n\nCone six glazes.\n');
    write('more-pages/draft-ideas.md', '# Ideas\n\nNot yet.\n');
    write(
      'more-pages/widget.js',
      "import React from 'react';\nimport Layout from '@theme/Layout';\n\nexport default function Widget() {\n  return <Layout title=\"Widget\"><main><p>A widget of the extra pages.</p></main></Layout>;\n}\n",
    );
    write('i18n/fr/docusaurus-plugin-content-pages-more/glazes/notes.md', '# Notes sur les émaux\n\nÉmaux de cône six.\n');
    write('changelog/2024-01-02-first-firing.md', '---\ntitle: First firing\n---\n\nThe changelog opens.\n');
    editConfig((config) =>
      config
        .replace('module.exports = {', "const sign = require('./plugins/sign.cjs');\nconst count = require('./plugins/count-code.cjs');\n\nmodule.exports = {")
        .replace(
          "docs: { sidebarPath: require.resolve('./sidebars.js') }",
          "docs: { sidebarPath: require.resolve('./sidebars.js'), remarkPlugins: [[sign, { by: 'the manual' }]] }",
        )
        .replace(
          "routeBasePath: 'sdk',",
          "routeBasePath: 'sdk',\n        remarkPlugins: [[sign, { by: 'the SDK' }], count('after')],\n        beforeDefaultRemarkPlugins: [count('before')],",
        )
        .replace(
          '  plugins: [',
          "  plugins: [\n    ['@docusaurus/plugin-content-blog', { id: 'changelog', path: 'changelog', routeBasePath: 'changelog', remarkPlugins: [[sign, { by: 'the changelog' }]] }],\n" +
            "    ['@docusaurus/plugin-content-pages', { id: 'more', path: 'more-pages', routeBasePath: '/more', exclude: ['**/draft-*'], remarkPlugins: [[sign, { by: 'the more pages' }]] }],",
        ),
    );
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    const [year] = readdirSync(path.join(site, 'build', 'changelog')).filter((name) => /^\d{4}$/.test(name));
    postRoute = `changelog/${year}/01/02/first-firing`;
  });

  test("a docs instance's list runs on its docs, in each version and in a locale's translated file, and on no other page", () => {
    assert.deepEqual(signatures(site, 'sdk/overview'), ['signed by the SDK']);
    assert.deepEqual(signatures(site, 'sdk/next/overview'), ['signed by the SDK']);
    assert.deepEqual(signatures(site, 'sdk/legacy/overview'), ['signed by the SDK']);
    const french = lines(site, 'fr/sdk/overview');
    assert.ok(french.includes('La deuxième version du SDK.'), french.join(' | '));
    assert.deepEqual(
      french.filter((line) => line.startsWith('signed by ')),
      ['signed by the SDK'],
    );
  });

  test("the main docs run their own list and not the instance's, a second blog its own, a page of src/pages none", () => {
    assert.deepEqual(signatures(site, 'docs/intro'), ['signed by the manual']);
    assert.deepEqual(signatures(site, 'docs/next/intro'), ['signed by the manual']);
    assert.deepEqual(signatures(site, ''), []);
    assert.deepEqual(signatures(site, postRoute), ['signed by the changelog']);
  });

  test("an instance's beforeDefault list runs before docsite's own plugins (the code block is still code), its other list after them", () => {
    const seen = lines(site, 'sdk/next/fences').filter((line) => / saw /.test(line));
    assert.deepEqual(seen, ['before saw 1 code blocks', 'after saw 0 code blocks']);
    assert.match(readOut(site, 'sdk/next/fences/index.html'), /<pre class="shiki/);
  });

  test("a locale's translation file of the instance gives its sidebar's category and link labels, per version", () => {
    const sidebar = (route: string) => byClass(byTag(parseChecked(readOut(site, path.join(route, 'index.html'))), 'aside')[0]!, 'menu__link').map(text);
    assert.deepEqual(sidebar('fr/sdk/next/overview'), ['SDK overview', 'Interface (canari)', 'Site du four']);
    assert.deepEqual(sidebar('fr/sdk/overview'), ['Aperçu du SDK', 'Interface']);
    // English keeps the sidebars' own labels.
    assert.deepEqual(sidebar('sdk/next/overview'), ['SDK overview', 'API', 'Kiln site']);
    assert.deepEqual(sidebar('sdk/overview'), ['SDK overview', 'API']);
  });

  test('a second pages instance builds its folder at its route, with its own list, its exclude and its translations', () => {
    assert.ok(lines(site, 'more').includes('The extra pages start here.'));
    assert.deepEqual(signatures(site, 'more'), ['signed by the more pages']);
    assert.deepEqual(signatures(site, 'more/glazes/notes'), ['signed by the more pages']);
    assert.ok(lines(site, 'more/widget').includes('A widget of the extra pages.'));
    const french = lines(site, 'fr/more/glazes/notes');
    assert.ok(french.includes('Émaux de cône six.'), french.join(' | '));
    assert.deepEqual(signatures(site, 'fr/more/glazes/notes'), ['signed by the more pages']);
    assert.ok(lines(site, 'fr/more').includes('The extra pages start here.'), 'an untranslated page is shown as it is');
    assert.equal(existsSync(path.join(site, 'build', 'more', 'draft-ideas')), false, 'its exclude leaves the draft out');
    // The main pages stay at the root, without the instance's list.
    assert.ok(lines(site, '').includes('Notes for the kiln and its SDK.'));
  });

  test("editing one instance's list in the config compiles its pages again with the new list", () => {
    editConfig((config) => config.replace("by: 'the SDK'", "by: 'the SDK team'"));
    const again = runCli(['build', site]);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(signatures(site, 'sdk/overview'), ['signed by the SDK team']);
    assert.deepEqual(signatures(site, 'fr/sdk/overview'), ['signed by the SDK team']);
    assert.deepEqual(signatures(site, 'docs/intro'), ['signed by the manual']);
    assert.deepEqual(signatures(site, postRoute), ['signed by the changelog']);
  });
});
