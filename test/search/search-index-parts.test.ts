/**
 * The search files made from pages an earlier build rendered (their records kept as JSON and as
 * their parts of the index) are the files made from the same pages' records, byte for byte, and a
 * site whose pages share a URL is still folded as one run of records.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { createSearchIndexFile, searchPageParts } from '../../src/search/index-file';
import { pageRecords } from '../../src/search/records';
import { createSearchFiles, type SearchPage } from '../../src/search/search-files';
import { SEARCH_RECORDS_FILE, type SearchRecord } from '../../src/shared/search/types';
import { repoRoot } from '../support/helpers';
import { joinedIndexOf } from '../support/search-index';

const ORIGIN = 'https://docs.example.com/';

function html(title: string, body: string): string {
  return `<html lang="en"><body><nav class="navbar"><a class="navbar__link navbar__link--active" href="/docs/">Docs</a></nav><main><article><h1>${title}</h1>${body}</article></main></body></html>`;
}

/** Three pages with nested headings, a table row, content under no heading, words repeated across pages. */
const PAGES: SearchRecord[][] = [
  pageRecords({
    html: html(
      'Editor state',
      '<p>The editor state holds every node.</p><h2 id="read">Reading</h2><p>Read the editor state with read.</p><h4 id="deep">Deep</h4><p>Skipped a level.</p>',
    ),
    url: `${ORIGIN}docs/state`,
    title: 'State',
    tag: 'docs-default-current',
    version: ['current'],
    pageRank: 1,
  }),
  pageRecords({
    html: html(
      'Nodes',
      '<h3 id="keys">Keys</h3><table><tbody><tr><td>Key</td><td>Every node has a key, and the key names the node.</td></tr></tbody></table><ul><li>Text nodes<ul><li>Nested item about nodes</li></ul></li></ul>',
    ),
    url: `${ORIGIN}docs/nodes`,
    title: 'Nodes',
    tag: 'docs-default-current',
    version: ['current'],
    pageRank: 0,
  }),
  pageRecords({
    html: html('Release notes', '<p>What changed in the editor, node by node.</p>'),
    url: `${ORIGIN}blog/release`,
    title: 'Release',
    tag: 'default',
    version: [],
    defaultLvl0: 'Blog',
  }),
];

async function searchFiles(pages: SearchPage[]): Promise<{ index: string; records: string }> {
  const { files } = await createSearchFiles({ pages, origin: ORIGIN, workerEntry: path.join(repoRoot, 'src', 'runtime', 'search-worker.ts'), stylesheets: [] });
  return { index: await joinedIndexOf(files), records: files.get(SEARCH_RECORDS_FILE)! };
}

/** A page as the render cache gives it back: no record objects, its JSON and its index parts. */
const kept = (records: SearchRecord[]): SearchPage => ({ recordsJson: JSON.stringify(records), search: JSON.parse(JSON.stringify(searchPageParts(records))) });

test('pages kept with their index parts give the index and records.json that their records give', async () => {
  assert.ok(PAGES.every((records) => records.length >= 2));
  const fresh = await searchFiles([...PAGES.map((records) => ({ records })), undefined]);
  assert.equal(fresh.index, createSearchIndexFile(PAGES.flat(), ORIGIN));
  assert.equal(fresh.records, JSON.stringify(PAGES.flat()));
  // Every page kept, and one page rendered again among kept ones, as after a one-page edit.
  assert.deepEqual(await searchFiles([...PAGES.map(kept), undefined]), fresh);
  assert.deepEqual(await searchFiles([kept(PAGES[0]!), { records: PAGES[1]! }, kept(PAGES[2]!)]), fresh);
  const index = JSON.parse(fresh.index);
  assert.equal(index.pages.length, 3);
  assert.ok(
    index.sections.some((section: unknown[]) => section[4] !== -1),
    'sections nest',
  );
});

test('two pages in a row with one URL are folded as the single run of records they make', async () => {
  const shared = PAGES[1]!.map((record) => ({ ...record, url_without_anchor: PAGES[0]![0]!.url_without_anchor }));
  const pages = [PAGES[0]!, shared, PAGES[2]!];
  const expected = createSearchIndexFile(pages.flat(), ORIGIN);
  assert.equal(JSON.parse(expected).pages.length, 2, 'the first two pages are one page of the index');
  assert.equal((await searchFiles(pages.map(kept))).index, expected);
  assert.equal((await searchFiles(pages.map((records) => ({ records })))).index, expected);
});
