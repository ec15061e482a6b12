/**
 * The render cache gives back what it was given: a page's ids, links and digest, and its search
 * records as the bytes records.json is joined from, with its index parts, whether the page was kept
 * on its own or in the site's pack. The search files made from pages read back are the files their
 * records make, byte for byte; a pack cut short is a miss, never a wrong page.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { createRenderCache } from '../../../src/pipeline/render/render-cache';
import { createStore } from '../../../src/infra/store';
import { searchPageParts } from '../../../src/search/index-file';
import { pageRecords } from '../../../src/search/records';
import { createSearchFiles, type SearchPage } from '../../../src/search/search-files';
import { SEARCH_RECORDS_FILE } from '../../../src/shared/search/types';
import { repoRoot } from '../../support/helpers';
import { joinedIndexOf } from '../../support/search-index';

const ORIGIN = 'https://docs.example.com/';
/** More pages than the pack's slack (32), so retaining them writes the pack. */
const PAGES = 40;

const records = (n: number) =>
  pageRecords({
    html: `<html lang="en"><body><main><article><h1>Page ${n}</h1><p>The editor state of page ${n} holds every node ✓.</p><h2 id="more">More on ${n % 3 ? 'nodes' : 'keys'}</h2><p>Read it again.</p></article></main></body></html>`,
    url: `${ORIGIN}docs/page-${n}`,
    title: `Page ${n}`,
    tag: 'docs-default-current',
    version: ['current'],
    pageRank: n % 2,
  });

async function searchFiles(pages: SearchPage[]): Promise<{ index: string; records: string }> {
  const { files } = await createSearchFiles({ pages, origin: ORIGIN, workerEntry: path.join(repoRoot, 'src', 'runtime', 'search-worker.ts'), stylesheets: [] });
  return { index: await joinedIndexOf(files), records: files.get(SEARCH_RECORDS_FILE)! };
}

test('pages read back from the render cache, on their own and packed, give the search files their records give', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-render-cache-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const store = createStore(dir);
  const keys = Array.from({ length: PAGES }, (_, n) => n.toString(16).padStart(32, '0'));
  // The last page has no records, as the 404 page.
  const made = keys.map((_, n) => (n === PAGES - 1 ? [] : records(n)));
  const expected = await searchFiles(made.map((list) => (list.length ? { records: list } : undefined)));
  assert.ok(expected.records.includes('✓'), 'the records hold a character of more than one byte');

  const writer = createRenderCache(store);
  for (const [n, list] of made.entries()) {
    const search = list.length ? { records: list, recordsJson: JSON.stringify(list), search: searchPageParts(list) } : {};
    await writer.put(keys[n]!, { html: `<p>${n}</p>`, ids: [`id-${n}`], links: [`/docs/page-${(n + 1) % PAGES}`], ...search });
  }

  const single = createRenderCache(store);
  const alone = await Promise.all(keys.map((key) => single.get(key)));
  assert.deepEqual(
    alone.map((page) => page?.ids),
    keys.map((_, n) => [`id-${n}`]),
  );
  assert.equal(alone[PAGES - 1]!.recordsBytes, undefined);
  const html = alone[3]!.html;
  assert.ok(typeof html !== 'string', 'a kept page brings its HTML to read on demand');
  assert.equal(Buffer.from(await html.read()).toString(), '<p>3</p>');
  assert.deepEqual(await searchFiles(alone), expected);

  // Retaining every page, all single, writes them into the pack and drops the single entries.
  await single.retain(keys);
  assert.deepEqual(readdirSync(path.join(dir, 'store', 'render-pack')), ['pack-3']);
  assert.deepEqual(readdirSync(path.join(dir, 'store', 'render')), []);
  const packed = await Promise.all(keys.map((key) => createRenderCache(store).get(key)));
  assert.deepEqual(
    packed.map((page) => page?.links),
    keys.map((_, n) => [`/docs/page-${(n + 1) % PAGES}`]),
  );
  assert.deepEqual(await searchFiles(packed), expected);

  // A pack cut short reads as no pack: every page is a miss, to be rendered again.
  const pack = path.join(dir, 'store', 'render-pack', 'pack-3');
  writeFileSync(pack, readFileSync(pack).subarray(0, -1));
  assert.deepEqual(
    await Promise.all(keys.map((key) => createRenderCache(store).get(key))),
    keys.map(() => undefined),
  );
});
