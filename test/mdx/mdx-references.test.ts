/** Undefined components fail the compile at the element; imports carry where they are written. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { THEME_MDX_COMPONENTS } from '../../src/pipeline/compile/compile';
import { isDocsiteError, type DocsiteError } from '../../src/core/errors';
import { createMdxCompiler } from '../../src/mdx';
import { importPosition, withImportPositions } from '../../src/mdx/import-positions';

const compiler = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' }, providedComponents: THEME_MDX_COMPONENTS });

async function compileError(source: string): Promise<DocsiteError> {
  try {
    await compiler.compile({ source, file: 'docs/page.mdx' });
  } catch (error) {
    assert.ok(isDocsiteError(error), `expected a DocsiteError, got ${String(error)}`);
    return error;
  }
  return assert.fail('expected the compile to fail');
}

describe('undefined components', () => {
  test('are a compile error at the first element, naming the others', async () => {
    const error = await compileError(
      ['---', 'title: T', '---', '', '## Intro {#intro}', '', '<Nope size="2" />', '', 'Text with <Inline /> and {<InExpr />}.', ''].join('\n'),
    );
    assert.equal(error.code, 'MDX_UNDEFINED_COMPONENT');
    assert.deepEqual(error.loc, { file: 'docs/page.mdx', line: 7, column: 1 });
    assert.equal(
      error.message,
      '<Nope> is not defined: the page neither imports nor defines it, and the theme does not provide it. <Inline> (line 9) and <InExpr> (line 9) are not defined either.',
    );
    assert.match(error.frame!, /^> 7 \| <Nope size="2" \/>\n +\| \^$/m);
    assert.match(error.hint!, /import Nope from '\.\/Nope';.*Admonition, CodeBlock, Details, TabItem, Tabs/);
  });

  test('an element inside a line is located at its own column', async () => {
    const error = await compileError('# Title {#custom}\n\n> Quoted text with a <Badge /> in it.\n');
    assert.deepEqual(error.loc, { file: 'docs/page.mdx', line: 3, column: 22 });
  });

  test('the object of a member expression is checked too', async () => {
    const error = await compileError('# T\n\n<Motion.div />\n');
    assert.match(error.message, /^<Motion> is not defined/);
    assert.deepEqual(error.loc, { file: 'docs/page.mdx', line: 3, column: 1 });
  });

  test("imported, exported and the theme's components pass; so do admonitions and code blocks", async () => {
    const source = [
      "import Card from './Card';",
      'export const Local = () => null;',
      '',
      '<Card />',
      '<Local />',
      '<Tabs><TabItem value="a">A</TabItem></Tabs>',
      '<Details><summary>S</summary>Body</Details>',
      '',
      ':::tip',
      'A tip.',
      ':::',
      '',
      '```js',
      'x()',
      '```',
      '',
      '<div><span>intrinsic</span></div>',
    ].join('\n');
    await compiler.compile({ source, file: 'docs/ok.mdx' });
  });

  test('a partial is not checked: whoever renders it may pass the component', async () => {
    await compiler.compile({ source: '<FromCaller />\n', file: 'docs/_partial.mdx', partial: true });
  });

  test('without providedComponents nothing is checked', async () => {
    const plain = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' } });
    await plain.compile({ source: '<Anything />\n', file: 'docs/a.mdx' });
  });

  test("the list matches the capitalized keys of the theme's component map", async () => {
    const { mdxComponents } = await import('../../theme/mdx-components');
    const capitalized = Object.keys(mdxComponents)
      .filter((name) => /^[A-Z]/.test(name))
      .sort();
    assert.deepEqual([...THEME_MDX_COMPONENTS].sort(), capitalized);
  });
});

describe('import positions', () => {
  test('the compiled module records where each import and local image is written', async () => {
    const source = [
      '---',
      'title: T',
      '---',
      '',
      "import A from './a';",
      'import {',
      '  b,',
      "} from '../b';",
      '',
      '![diagram](./img/d%20x.png)',
      '',
      '{import("./lazy")}',
      '',
    ].join('\n');
    const { code } = await compiler.compile({ source, file: 'docs/page.mdx' });
    assert.deepEqual(importPosition(code, './a'), { line: 5, column: 15 });
    assert.deepEqual(importPosition(code, '../b'), { line: 8, column: 8 });
    assert.deepEqual(importPosition(code, './img/d x.png'), { line: 10, column: 1 });
    assert.deepEqual(importPosition(code, './lazy'), { line: 12, column: 9 });
    assert.equal(importPosition(code, './other'), undefined);
  });

  test('a specifier holding */ cannot end the comment early', () => {
    const code = withImportPositions('export default 1;', [{ specifier: './a*/b', line: 2, column: 3 }]);
    assert.equal(code.match(/\*\//g)!.length, 1);
    assert.deepEqual(importPosition(code, './a*/b'), { line: 2, column: 3 });
  });

  test('a page without imports is left as compiled', () => {
    assert.equal(withImportPositions('export default 1;', []), 'export default 1;');
  });
});
