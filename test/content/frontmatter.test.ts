import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFrontMatter } from '../../src/content/frontmatter';
import { DocsiteError } from '../../src/core/errors';

test('frontmatter keys are read with their types', () => {
  const fm = readFrontMatter('---\ntitle: Hello\nsidebar_position: 2.5\nkeywords: [a, b]\npagination_next: null\nhide_title: true\n---\n\nBody', 'doc.md');
  assert.equal(fm.title, 'Hello');
  assert.equal(fm.sidebar_position, 2.5);
  assert.deepEqual(fm.keywords, ['a', 'b']);
  assert.equal(fm.pagination_next, null);
  assert.equal(fm.hide_title, true);
});

test('invalid YAML names the file, line and column', () => {
  const source = '---\ntitle: ok\ndescription: [unclosed\n---\n';
  assert.throws(
    () => readFrontMatter(source, 'docs/bad.md'),
    (error: unknown) => {
      assert.ok(error instanceof DocsiteError);
      assert.equal(error.code, 'FRONTMATTER_SYNTAX');
      assert.equal(error.loc?.file, 'docs/bad.md');
      assert.ok((error.loc?.line ?? 0) >= 3, `line ${error.loc?.line}`);
      assert.match(error.frame ?? '', /description/);
      return true;
    },
  );
});

test('a wrongly typed key is named with its line', () => {
  assert.throws(
    () => readFrontMatter('---\ntitle: ok\nsidebar_position: first\n---\n', 'a.md'),
    (error: unknown) => {
      assert.ok(error instanceof DocsiteError);
      assert.equal(error.code, 'FRONTMATTER_INVALID');
      assert.match(error.message, /sidebar_position/);
      assert.equal(error.loc?.line, 3);
      return true;
    },
  );
});

test('draft and unlisted together are rejected', () => {
  assert.throws(() => readFrontMatter('---\ndraft: true\nunlisted: true\n---\n', 'a.md'), /draft and unlisted/);
});

test('JavaScript frontmatter is refused, never evaluated', () => {
  const marker = '__docsiteFrontMatterRan';
  const source = `---js\n{ title: (globalThis.${marker} = true, 'Ran') }\n---\n\nBody`;
  assert.throws(
    () => readFrontMatter(source, 'evil.md'),
    (error: DocsiteError) => {
      assert.equal(error.code, 'FRONTMATTER_LANGUAGE');
      assert.deepEqual(error.loc, { file: 'evil.md', line: 1, column: 1 });
      return true;
    },
  );
  assert.equal((globalThis as Record<string, unknown>)[marker], undefined);
  assert.throws(() => readFrontMatter(source.replace('---js', '---javascript'), 'evil.md'), /not supported/);
});
