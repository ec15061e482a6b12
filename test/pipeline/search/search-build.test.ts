/**
 * `docsite build` writes the search records and the embedded index with the site, says how large the
 * index is, and never ships an index older than its pages: a build that reuses every rendered page
 * writes the same index, and an edit is found by the next build's index.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { SEARCH_INDEX_FILE, SEARCH_RECORDS_FILE, type SearchRecord } from '../../../src/shared/search/types';
import { copyFixture, readOut, runCli } from '../../support/helpers';
import { readSearchIndex, searchEngineOf } from '../../support/search-index';

let site: string;
let firstRun: { stdout: string; status: number | null };

const search = async (query: string) => (await searchEngineOf(path.join(site, 'build'))).search({ requests: [{ query }] }).results[0]!;

before(() => {
  site = copyFixture('basic-site');
  firstRun = runCli(['build', site]);
});

describe('search files in the build output', () => {
  test('the build writes records and the index, and its summary says how large the index is', () => {
    assert.equal(firstRun.status, 0, firstRun.stdout);
    const line = /^ {2}search: (\d+) records from (\d+) pages; index (\d+) KB \((\d+) KB gzip\)$/m.exec(firstRun.stdout);
    assert.ok(line, firstRun.stdout);
    const records = JSON.parse(readOut(site, SEARCH_RECORDS_FILE)) as SearchRecord[];
    assert.equal(records.length, Number(line[1]));
    assert.equal(new Set(records.map((record) => record.url_without_anchor)).size, Number(line[2]));
    const intro = records.filter((record) => record.url_without_anchor === 'https://fixture.example.com/docs/intro');
    assert.equal(intro[0]!.type, 'lvl1');
    assert.equal(intro[0]!.hierarchy.lvl1, 'Welcome to the fixture');
    assert.ok(
      intro.some((record) => record.type === 'lvl2' && record.url === 'https://fixture.example.com/docs/intro#code-samples'),
      'headings keep their explicit ids',
    );
    assert.ok(!records.some((record) => record.url.includes('hidden') || record.url.includes('404')), 'drafts and the 404 page are not searched');
  });

  test('a build that reuses every page writes the same index; an edit is found by the next one', async () => {
    const before = readOut(site, SEARCH_INDEX_FILE);
    const joined = await readSearchIndex(path.join(site, 'build'));
    const again = runCli(['build', site]);
    assert.equal(again.status, 0, again.stdout);
    assert.match(again.stdout, /from cache|output was reused/);
    assert.equal(readOut(site, SEARCH_INDEX_FILE), before);
    assert.deepEqual(await readSearchIndex(path.join(site, 'build')), joined);
    assert.equal((await search('zanzibar')).nbHits, 0);

    const intro = path.join(site, 'content/docs/intro.md');
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n## Zanzibar section\n\nA paragraph about zanzibar spices.\n`);
    const edited = runCli(['build', site]);
    assert.equal(edited.status, 0, edited.stdout);
    const hits = (await search('zanzibar')).hits;
    assert.deepEqual(
      hits.map((hit) => [hit.type, hit.url]),
      [['lvl2', 'https://fixture.example.com/docs/intro#zanzibar-section']],
    );
  });
});
