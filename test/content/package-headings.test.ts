/** A package page made from a README has an outline without skipped levels, and nothing else of the README changes. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closeHeadingGaps } from '../../src/content/package-docs';

test('each heading sits one level below the nearest heading above it that the README put higher', async () => {
  const readme = ['# `@lexical/list`', '', 'Lists for Lexical.', '', '### Installation', '', '#### With npm', '', '### Usage', '', '## API', ''].join('\n');
  assert.equal(
    await closeHeadingGaps(readme),
    ['# `@lexical/list`', '', 'Lists for Lexical.', '', '## Installation', '', '### With npm', '', '## Usage', '', '## API', ''].join('\n'),
  );
});

test('code blocks, underlined headings and closing hashes are left as they are', async () => {
  const readme = ['# Title', '', '```md', '### not a heading', '```', '', 'Setext', '------', '', '   #### Indented ####', ''].join('\n');
  assert.equal(
    await closeHeadingGaps(readme),
    ['# Title', '', '```md', '### not a heading', '```', '', 'Setext', '------', '', '   ### Indented ####', ''].join('\n'),
  );
});

test('a README whose outline skips nothing comes back unchanged', async () => {
  const readme = '# A\n\n## B\n\n### C\n\n## D\n';
  assert.equal(await closeHeadingGaps(readme), readme);
});

test("a page has one h1: a README's later `#` headings become sections under its title, their subsections follow", async () => {
  // The shape of @lexical/html's and @lexical/table's READMEs: a second title under the package name.
  const readme = ['# `@lexical/table`', '', '# Lexical Table Plugin', '', '## Installation', '', '### With npm', '', '# HTML', '', '### Exporting', ''].join(
    '\n',
  );
  assert.equal(
    await closeHeadingGaps(readme),
    ['# `@lexical/table`', '', '## Lexical Table Plugin', '', '### Installation', '', '#### With npm', '', '## HTML', '', '### Exporting', ''].join('\n'),
  );
});

test('an underlined second title is written with hashes at its new level', async () => {
  const readme = ['Package', '=======', '', 'Second', 'title', '===', '', '## Usage', ''].join('\n');
  assert.equal(await closeHeadingGaps(readme), ['Package', '=======', '', '## Second title', '', '### Usage', ''].join('\n'));
});
