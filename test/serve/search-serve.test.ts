/**
 * `docsite serve` and search: the search files are served from every page rendered on the first
 * request, and Algolia's `POST /1/indexes/*\/queries` is answered from the same index, so
 * algoliasearch's own client pointed at the dev server finds what the pages say, edits included.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { liteClient } from 'algoliasearch/lite';
import { createSearchEngine } from '../../src/shared/search/engine';
import { copyFixture, fetchWithin, startServe } from '../support/helpers';
import { fetchSearchIndex } from '../support/search-index';

describe('search in docsite serve', () => {
  let site: string;
  let base: string;
  let child: ChildProcess;

  before(async () => {
    site = copyFixture('basic-site');
    ({ base, child } = await startServe(site));
  });

  after(() => {
    child?.kill();
  });

  const client = () => {
    const port = Number(new URL(base).port);
    return liteClient('APPID', 'search-key', { hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }] });
  };

  const firstHits = async (query: string) => {
    const { results } = await client().search({
      requests: [{ indexName: 'docs', query, hitsPerPage: 5, highlightPreTag: '<mark>', highlightPostTag: '</mark>' }],
    });
    return (results[0] as { hits: { url: string; type: string; _highlightResult: { hierarchy: Record<string, { value: string }> } }[] }).hits;
  };

  test('the index, the worker and the modal stylesheet are served', async () => {
    const index = await fetchWithin(`${base}/_docsite/search/index.json`);
    assert.equal(index.status, 200);
    assert.match(index.headers.get('content-type') ?? '', /application\/json/);
    const manifest = (await index.json()) as { shards: string[] };
    assert.ok(manifest.shards.length > 0, 'the manifest lists the shards');
    const engine = createSearchEngine(await fetchSearchIndex(`${base}/`));
    assert.ok(engine.records > 0);
    for (const file of ['worker.js', 'modal.css', 'records.json']) assert.equal((await fetchWithin(`${base}/_docsite/search/${file}`)).status, 200, file);
    assert.equal((await fetchWithin(`${base}/_docsite/search/nothing.json`)).status, 404);
  });

  test("algoliasearch's lite client gets Algolia-shaped answers, and an edit is found once the server has it", async () => {
    const hits = await firstHits('installer');
    assert.equal(hits[0]?.url, 'https://fixture.example.com/docs/guides/setup#install-the-package');
    assert.equal(hits[0]?.type, 'content');

    const intro = path.join(site, 'content/docs/intro.md');
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n## Wombat burrows\n\nWombats dig long burrows.\n`);
    // The server takes the edit in when its watcher sees it: asked again until it has.
    let first: string | undefined;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 150))) {
      first = (await firstHits('wombat'))[0]?.url;
      if (first) break;
    }
    assert.equal(first, 'https://fixture.example.com/docs/intro#wombat-burrows');
  });

  test('a body that is not JSON is refused as Algolia refuses it', async () => {
    const response = await fetchWithin(`${base}/1/indexes/*/queries`, { method: 'POST', body: 'not json' });
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { message: 'Invalid JSON in the request body.', status: 400 });
  });
});
