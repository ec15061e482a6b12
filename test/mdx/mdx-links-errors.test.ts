/** Links, anchors and compile errors: what the compiler reports back to the build, with true positions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDocsiteError, type DocsiteError } from '../../src/core/errors';
import { createMdxCompiler } from '../../src/mdx';

const compiler = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' } });

async function compileError(source: string): Promise<DocsiteError> {
  try {
    await compiler.compile({ source, file: 'docs/broken.md' });
  } catch (error) {
    assert.ok(isDocsiteError(error), `expected a DocsiteError, got ${String(error)}`);
    return error;
  }
  return assert.fail('expected the compile to fail');
}

/** 4 lines of front matter, then content from line 5; line 7 gets the broken text. */
function page(line7: string): string {
  return ['---', 'title: Broken', 'description: A page with a mistake', '---', '## Intro {#intro}', '<!-- note -->', line7, '', 'After.'].join('\n');
}

describe('links', () => {
  it('replaces .md/.mdx links with placeholders and records all other links with positions', async () => {
    const source = [
      '---',
      'title: Links',
      '---',
      'See [intro](./intro.md#getting-started) and [api](../api/index.mdx).',
      '',
      ':::tip Legacy title',
      'Read [guide](/docs/guide.md?x=1#top) too',
      ':::',
      '',
      '[site](https://example.com/readme.md), [anchor](#local), [abs](/blog) and [ref][r].',
      '',
      '<a href="https://jsx.example" id="jsx-anchor">x</a> <span id="inline-id">y</span> <a href={dynamic}>z</a>',
      '',
      '[r]: ./ref.mdx',
    ].join('\n');
    const result = await compiler.compile({ source, file: 'docs/links.md' });
    assert.deepEqual(result.mdLinks, [
      { index: 0, target: './intro.md', hash: 'getting-started', line: 4, column: 5 },
      { index: 1, target: '../api/index.mdx', hash: '', line: 4, column: 45 },
      { index: 2, target: '/docs/guide.md?x=1', hash: 'top', line: 7, column: 6 },
      { index: 3, target: './ref.mdx', hash: '', line: 14, column: 1 },
    ]);
    assert.deepEqual(result.links, [
      { url: 'https://example.com/readme.md', line: 10, column: 1 },
      { url: '#local', line: 10, column: 40 },
      { url: '/blog', line: 10, column: 58 },
      { url: 'https://jsx.example', line: 12, column: 4 },
    ]);
    for (const index of [0, 1, 2, 3]) assert.match(result.code, new RegExp(`"docsite-md://${index}"`));
    assert.doesNotMatch(result.code, /intro\.md|getting-started|ref\.mdx/);
    assert.ok(result.anchors.includes('jsx-anchor') && result.anchors.includes('inline-id'));
  });
});

describe('compile errors', () => {
  it('points at a stray { on line 7 of the original file', async () => {
    const error = await compileError(page('Use the {stray brace here'));
    assert.equal(error.code, 'MDX_COMPILE');
    assert.deepEqual(error.loc, { file: 'docs/broken.md', line: 7, column: 9 });
    assert.match(error.message, /closing brace/);
    assert.match(error.hint!, /escape it as `\\\{`/);
    assert.match(error.frame!, /> 7 \| Use the \{stray brace here\n +\| {9}\^/);
  });

  it('points at an unclosed JSX tag', async () => {
    const error = await compileError(page('<div className="box">'));
    assert.deepEqual(error.loc, { file: 'docs/broken.md', line: 7, column: 1 });
    assert.match(error.message, /Expected a closing tag for `<div>`/);
    assert.match(error.hint!, /<\/div>/);
    assert.match(error.frame!, /^> 7 \| <div/m);
  });

  it('explains a bare < and void HTML tags', async () => {
    const lessThan = await compileError(page('I <3 docs'));
    assert.deepEqual(lessThan.loc, { file: 'docs/broken.md', line: 7, column: 4 });
    assert.match(lessThan.hint!, /escape it as `\\<`/);
    const br = await compileError(page('Line<br>break'));
    assert.equal(br.loc?.line, 7);
    assert.match(br.hint!, /<br \/>/);
  });

  it('points at an unclosed tag inside a paragraph, and explains <url> autolinks', async () => {
    const span = await compileError(page('Some <span>text'));
    assert.deepEqual(span.loc, { file: 'docs/broken.md', line: 7, column: 6 });
    const autolink = await compileError(page('See <https://example.com>.'));
    assert.equal(autolink.loc?.line, 7);
    assert.match(autolink.hint!, /bare URL/);
  });

  it('reports an unknown code theme as a compile error of the page', async () => {
    const bad = createMdxCompiler({ codeThemes: { light: 'no-such-theme', dark: 'dracula' } });
    await assert.rejects(bad.compile({ source: '```js\nx\n```', file: 'docs/code.md' }), (error: unknown) => {
      assert.ok(isDocsiteError(error));
      assert.equal(error.code, 'MDX_COMPILE');
      assert.deepEqual(error.loc, { file: 'docs/code.md' });
      assert.match(error.message, /no-such-theme/);
      return true;
    });
  });

  it('keeps columns true on lines the preprocessing changed', async () => {
    const error = await compileError(['## Fine {#fine}', '', ':::tip Title', 'ok', ':::', '', 'x {1 +} y <!-- c -->'].join('\n'));
    assert.equal(error.loc?.line, 7);
    assert.ok(error.loc!.column! >= 3 && error.loc!.column! <= 8, `column ${error.loc?.column} is inside the expression`);
    assert.match(error.message, /acorn|expression/);
  });
});
