/**
 * A Docusaurus site in a git repository with showLastUpdateTime/Author on and editUrl functions:
 * each doc and post shows when its file was last committed and by whom (front matter's last_update
 * wins; a file never committed shows none, with one warning), and its edit link is what the
 * function returns for it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { byClass, byTag, parseChecked, text, type Doc } from '../../support/dom';
import { copyFixture, readOut, runCli } from '../../support/helpers';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, `${route}/index.html`));

/** What the page says of its last update, and the machine-readable date, or undefined when it says nothing. */
function lastUpdated(doc: Doc): { says: string; datetime: string | undefined } | undefined {
  const [line, ...more] = byClass(doc, 'theme-last-updated');
  assert.equal(more.length, 0, 'one last-update line');
  if (!line) return undefined;
  return { says: text(line).replace(/\s+/g, ' ').trim(), datetime: byTag(line, 'time')[0]?.attribs.datetime };
}

const editHref = (doc: Doc): string | undefined => byClass(doc, 'edit-this-page')[0]?.attribs.href;

/** A copy of the docusaurus-site fixture whose config is `edit` of the fixture's. */
function siteWithConfig(edit: (config: string) => string): string {
  const site = copyFixture('docusaurus-site');
  const file = path.join(site, 'docusaurus.config.js');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  return site;
}

/** Commits what is staged as `author` at `date` (both the author's and the committer's). */
function commit(site: string, author: string, date: string): void {
  execFileSync('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', `by ${author}`], {
    cwd: site,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: 'writer@example.com',
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: 'writer@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
}

describe('last updates from git and editUrl functions in a Docusaurus site', () => {
  let site: string;
  let output: string;
  before(() => {
    site = siteWithConfig((config) =>
      config
        .replace(
          "          editUrl: 'https://github.com/example/fixture-docs/tree/main/',\n",
          [
            '          editUrl: ({ version, versionDocsDirPath, docPath, permalink, locale }) =>',
            "            docPath === 'guides/setup.mdx' ? undefined : `https://edit.example.com/${locale}/${version}/${versionDocsDirPath}/${docPath}?page=${permalink}`,",
            '          showLastUpdateTime: true,',
            '          showLastUpdateAuthor: true,',
            '',
          ].join('\n'),
        )
        .replace(
          "editUrl: 'https://github.com/example/fixture-docs/edit/main/' },",
          'editUrl: ({ blogDirPath, blogPath, permalink, locale }) => `https://edit.example.com/${locale}/${blogDirPath}/${blogPath}?page=${permalink}`, showLastUpdateTime: true },',
        ),
    );
    const deploy = path.join(site, 'docs', 'guides', 'deploy.md');
    writeFileSync(deploy, `---\nlast_update:\n  date: 2020-02-02\n  author: Front Matter Person\n---\n\n${readFileSync(deploy, 'utf8')}`);
    execFileSync('git', ['init', '-q'], { cwd: site });
    // Everything but the setup guide, which stays a file git has never seen.
    execFileSync('git', ['add', '-A', '--', '.', ':!docs/guides/setup.mdx'], { cwd: site });
    commit(site, 'Ada Writer', '2024-03-05T10:00:00Z');
    appendFileSync(path.join(site, 'docs', 'intro.md'), '\nOne more line.\n');
    execFileSync('git', ['add', 'docs/intro.md'], { cwd: site });
    // Late in the day in UTC: a build in a zone ahead of UTC still shows the UTC date.
    commit(site, 'Cy Later', '2025-06-30T23:30:00Z');
    const result = runCli(['build', site], undefined, { TZ: 'Pacific/Kiritimati' });
    assert.equal(result.status, 0, result.stderr);
    output = result.stdout + result.stderr;
  });

  test("a doc shows its file's newest commit: date in the site's locale (UTC) and author", () => {
    assert.deepEqual(lastUpdated(page(site, 'handbook/intro')), {
      says: 'Last updated on Jun 30, 2025 by Cy Later',
      datetime: '2025-06-30T23:30:00.000Z',
    });
  });

  test("front matter's last_update takes the place of git's date and author", () => {
    assert.deepEqual(lastUpdated(page(site, 'handbook/guides/deploy')), {
      says: 'Last updated on Feb 2, 2020 by Front Matter Person',
      datetime: '2020-02-02T00:00:00.000Z',
    });
  });

  test('a doc whose file was never committed shows no last update, and the build warns once', () => {
    assert.equal(lastUpdated(page(site, 'handbook/guides/setup')), undefined);
    assert.match(output, /1 file has no commit, so its page shows no last update: docs\/guides\/setup\.mdx/);
    assert.equal(output.match(/no last update/g)?.length, 1, output);
  });

  test('a blog post shows the date alone when only showLastUpdateTime is on', () => {
    assert.deepEqual(lastUpdated(page(site, 'blog/2024/05/01/welcome')), { says: 'Last updated on Mar 5, 2024', datetime: '2024-03-05T10:00:00.000Z' });
  });

  test("the docs' editUrl function gets the doc's version, folder, path, URL and locale; undefined means no link", () => {
    assert.equal(editHref(page(site, 'handbook/intro')), 'https://edit.example.com/en/current/docs/intro.md?page=/handbook/intro');
    assert.equal(editHref(page(site, 'handbook/guides/deploy')), 'https://edit.example.com/en/current/docs/guides/deploy.md?page=/handbook/guides/deploy');
    assert.equal(editHref(page(site, 'handbook/guides/setup')), undefined);
  });

  test("the blog's editUrl function gets the blog folder, the post's path in it, its URL and the locale", () => {
    assert.equal(editHref(page(site, 'blog/2024/05/01/welcome')), 'https://edit.example.com/en/blog/2024-05-01-welcome.md?page=/blog/2024/05/01/welcome');
  });
});

describe('an editUrl function that fails', () => {
  test('a throw, or a value that is not a URL, is an error naming the page (exit 1)', () => {
    const site = siteWithConfig((config) =>
      config
        .replace(
          "          editUrl: 'https://github.com/example/fixture-docs/tree/main/',\n",
          "          editUrl: ({ docPath }) => { if (docPath === 'intro.md') throw new Error('no edit link here'); return 42; },\n",
        )
        .replace("editUrl: 'https://github.com/example/fixture-docs/edit/main/' },", '},'),
    );
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /EDIT_URL_FAILED/);
    assert.match(result.stderr, /docs editUrl function threw on docs\/intro\.md: no edit link here/);
    assert.match(result.stderr, /docs editUrl function returned number for docs\/guides\/deploy\.md, not a URL/);
  });
});
