/**
 * `.md` links across builds that reuse the cache: a link follows its target when the target's route
 * changes although the linking page did not, and a broken link is reported by every build, not only
 * by the one that compiled its page.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyFixture, readOut, runCli } from '../../support/helpers';

const edit = (site: string, file: string, change: (text: string) => string) => {
  const at = path.join(site, 'content', 'docs', file);
  writeFileSync(at, change(readFileSync(at, 'utf8')));
};

test("a page's .md link follows its target to a new route though the page itself is unchanged", () => {
  const site = copyFixture('basic-site');
  const build = () => {
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
  };
  build();
  assert.match(readOut(site, 'docs/intro/index.html'), /href="\/docs\/guides\/setup#install-the-package"/);

  edit(site, '01-guides/01-setup.md', (text) => text.replace('title: Setup\n', 'title: Setup\nslug: /getting-started\n'));
  build();
  const intro = readOut(site, 'docs/intro/index.html');
  assert.match(intro, /href="\/docs\/getting-started#install-the-package"/);
  assert.doesNotMatch(intro, /href="\/docs\/guides\/setup/);
});

test('a broken .md link is reported by every build, not only the one that first resolved it', () => {
  const site = copyFixture('basic-site');
  const config = path.join(site, 'site.config.ts');
  // The link is left as written, which the link check then finds broken too: both warn.
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace("onBrokenMarkdownLinks: 'throw',", "onBrokenMarkdownLinks: 'warn',")
      .replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'warn',"),
  );
  edit(site, 'intro.md', (text) => text.replace('This page links to', 'A link to [nowhere](./missing-page.md#part). This page links to'));
  for (const run of [1, 2]) {
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    const output = built.stdout + built.stderr;
    assert.match(output, /Markdown link to "\.\/missing-page\.md" does not match any doc or page/, `build ${run} warns`);
    // The link check's warning for it names the place in the page, not the theme.
    const line = output.split('\n').findIndex((text) => text.includes('Broken link on /docs/intro'));
    assert.match(output.split('\n')[line] ?? '', /content\/docs\/intro\.md:\d+:\d+: Broken link on \/docs\/intro: "\.\/missing-page\.md#part"/, `build ${run}`);
    assert.match(output.split('\n')[line + 1] ?? '', /Fix the link in the content/, `build ${run}`);
  }
  // Left as written, hash and all.
  assert.match(readOut(site, 'docs/intro/index.html'), /href="\.\/missing-page\.md#part"/);
  // The page with the broken link is edited elsewhere: the warning is still there, once.
  edit(site, 'intro.md', (text) => `${text}\nOne more sentence.\n`);
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  assert.equal((built.stdout + built.stderr).match(/Markdown link to "\.\/missing-page\.md"/g)?.length, 1);
});
