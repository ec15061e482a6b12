/**
 * The index in shards: joined, the shards are one index over the same sections (the same hits, in
 * the same order, with the same scores); pages go to shards by their URL, so an edit remakes one
 * shard; a shard none of whose pages changed is taken from the store without its pages' parts being
 * read; and what is made after an edit is what a build from nothing makes, byte for byte.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import MiniSearch from 'minisearch';
import { createStore } from '../../src/infra/store';
import { assembleSearchShard, createSearchIndexFile, searchPageParts } from '../../src/search/index-file';
import { SEARCH_SHARD_PREFIX, shardCount, shardOf } from '../../src/search/index-shards';
import { pageRecords } from '../../src/search/records';
import { createSearchOutput, type SearchFileBody, type SearchPage } from '../../src/search/search-files';
import { createSearchEngine } from '../../src/shared/search/engine';
import { joinSearchIndex, loadSearchIndex } from '../../src/shared/search/join-index';
import { miniSearchOptions, type IndexedSection } from '../../src/shared/search/options';
import { unpackIndex } from '../../src/shared/search/packed-index';
import { SEARCH_INDEX_FILE, type SearchIndexManifest, type SearchIndexShard, type SearchRecord, type SearchRequest } from '../../src/shared/search/types';
import { repoRoot } from '../support/helpers';

const ORIGIN = 'https://docs.example.com/';
const WORDS = [
  'editor',
  'state',
  'node',
  'selection',
  'listener',
  'command',
  'transform',
  'plugin',
  'history',
  'markdown',
  'table',
  'clipboard',
  'update',
  'read',
  'root',
  'paragraph',
];

/** A page whose words depend on `n`, so terms are shared by some pages and not others; every fourth is a blog post (another tag). */
function records(n: number, extra = ''): SearchRecord[] {
  const word = (k: number) => WORDS[(n * 7 + k * 3) % WORDS.length]!;
  const html = `<html lang="en"><body><main><article><h1>Page ${n} about ${word(0)}</h1><p>The ${word(1)} of page ${n} meets the ${word(2)} ${word(2)} and the ${word(3)}.${extra}</p><h2 id="more">More on ${word(4)}</h2><p>Read the ${word(5)} again, ${word(0)} first.</p><h3 id="deep">Deeper ${word(6)}</h3><p>Unique${n} words here.</p></article></main></body></html>`;
  const blog = n % 4 === 3;
  return pageRecords({
    html,
    url: `${ORIGIN}${blog ? 'blog' : 'docs'}/page-${n}`,
    title: `Page ${n}`,
    tag: blog ? 'default' : 'docs-default-current',
    version: blog ? [] : ['current'],
    pageRank: n % 3,
    ...(blog ? { defaultLvl0: 'Blog' } : {}),
  });
}

const QUERIES = [
  'editor',
  'state node',
  'selction',
  'listen',
  'page 12',
  'unique7',
  'history markdown',
  'deeper transform',
  'read again',
  'clipboard',
  'pa',
  'zzzz',
  '',
];
const REQUEST: SearchRequest = {
  hitsPerPage: 50,
  attributesToSnippet: ['content:10', 'hierarchy.lvl1:10'],
  facets: ['*'],
  facetFilters: [['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
};

describe('shards joined are one index', () => {
  test('the same index, hits, order and scores as one index over the same sections in the same order', async () => {
    const pages = Array.from({ length: 40 }, (_, n) => records(n));
    const count = 4;
    const buckets: SearchRecord[][][] = Array.from({ length: count }, () => []);
    pages.forEach((page) => buckets[shardOf(page[0]!.url_without_anchor, count)]!.push(page));
    assert.ok(buckets.filter((bucket) => bucket.length > 0).length >= 3, 'the pages fall in several shards');
    const shards = buckets
      .filter((bucket) => bucket.length > 0)
      .map((bucket) => JSON.parse(assembleSearchShard(searchPageParts(bucket.flat()), ORIGIN)) as SearchIndexShard);
    const joined = joinSearchIndex(ORIGIN, shards);
    // One index over the pages in the order the shards list them.
    const whole = JSON.parse(createSearchIndexFile(buckets.flat(2), ORIGIN));
    assert.deepEqual(joined, whole);
    assert.ok(
      shards.every((shard) => shard.index.fieldLength.length < joined.index.fieldLength.length),
      'each shard numbers its own sections',
    );

    const joinedEngine = createSearchEngine(joined);
    const wholeEngine = createSearchEngine(whole);
    for (const query of QUERIES) {
      const answer = (engine: typeof joinedEngine) => engine.search({ requests: [{ ...REQUEST, query }] }).results[0]!;
      const a = answer(joinedEngine);
      const b = answer(wholeEngine);
      if (query === 'editor') assert.ok(a.nbHits > 10, 'a common word finds many sections');
      assert.deepEqual({ ...a, processingTimeMS: 0 }, { ...b, processingTimeMS: 0 }, `"${query}"`);
    }
    // The scores under the hits: MiniSearch on the joined postings against MiniSearch given the sections one by one.
    const documents: IndexedSection[] = whole.sections.map(
      ([, , heading, , parent, contents]: [number, number, string, string | null, number, string[]], id: number) => {
        const titles: string[] = [];
        for (let above = parent; above >= 0; above = whole.sections[above][4]) titles.unshift(whole.sections[above][2]);
        return { id, title: heading, titles: titles.join('\n'), text: contents.map((line) => `${line}\n`).join('') };
      },
    );
    const reference = new MiniSearch<IndexedSection>(miniSearchOptions);
    reference.addAll(documents);
    const fromShards = MiniSearch.loadJS<IndexedSection>(unpackIndex(joined.index), miniSearchOptions);
    for (const query of QUERIES.filter(Boolean)) {
      const options = { prefix: true, fuzzy: 0.2, boost: { title: 4, titles: 2, text: 1 } };
      const scored = (index: MiniSearch<IndexedSection>) => index.search(query, options).map((result) => [result.id, result.score]);
      assert.deepEqual(scored(fromShards), scored(reference), `"${query}"`);
    }
  });

  test('a manifest of another version, or a shard that is not one, is refused with a message', async () => {
    const shard = JSON.parse(assembleSearchShard(searchPageParts(records(1)), ORIGIN)) as SearchIndexShard;
    const manifest: SearchIndexManifest = { v: 2, origin: ORIGIN, shards: ['a.json'] };
    assert.equal((await loadSearchIndex(manifest, () => shard)).pages.length, 1);
    await assert.rejects(
      loadSearchIndex(JSON.parse(createSearchIndexFile(records(1), ORIGIN)), () => shard),
      /not a docsite search index/,
    );
    await assert.rejects(
      loadSearchIndex(manifest, () => ({ pages: [] })),
      /not a docsite search index/,
    );
    await assert.rejects(
      loadSearchIndex(null, () => shard),
      /not a docsite search index/,
    );
  });

  test('a small site has one shard; more pages, more shards, a power of two', () => {
    assert.deepEqual([1, 128, 181, 182, 1000, 3000, 10_000].map(shardCount), [1, 1, 1, 2, 8, 32, 64]);
  });
});

describe('the build writes the index in shards', () => {
  const PAGES = 400;
  const options = { origin: ORIGIN, workerEntry: path.join(repoRoot, 'src', 'runtime', 'search-worker.ts'), stylesheets: [] };
  const bytesOf = async (body: SearchFileBody | undefined) =>
    typeof body === 'string' ? Buffer.from(body) : Buffer.from(await (body as { read(): Promise<Uint8Array> }).read());
  /** The manifest and the shards, by path, as bytes. */
  const indexFiles = async (files: Map<string, SearchFileBody>) =>
    new Map(
      await Promise.all(
        [...files]
          .filter(([file]) => file === SEARCH_INDEX_FILE || file.startsWith(SEARCH_SHARD_PREFIX))
          .map(async ([file, body]) => [file, await bytesOf(body)] as const),
      ),
    );

  test('an edit remakes the shard of the page edited, from the store the others, and gives the bytes a build from nothing gives', async (t) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-search-shards-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const cache = { store: createStore(dir), fingerprint: 'test' };
    const made = Array.from({ length: PAGES }, (_, n) => records(n));
    // Pages as the render cache gives them back, counting how often their parts are asked for.
    let partsRead = new Set<number>();
    const kept = (list: SearchRecord[][]): SearchPage[] =>
      list.map((page, n) => {
        const json = JSON.stringify(page);
        const parts = JSON.stringify(searchPageParts(page));
        return {
          recordsBytes: Buffer.from(json),
          digest: `digest-${n}-${json.length}`,
          url: page[0]!.url_without_anchor,
          searchParts: () => (partsRead.add(n), JSON.parse(parts)),
        };
      });

    const first = await createSearchOutput({ ...options, pages: kept(made), cache });
    const summary = await first.summary();
    const manifest = JSON.parse(first.files.get(SEARCH_INDEX_FILE) as string) as SearchIndexManifest;
    assert.equal(manifest.shards.length, shardCount(PAGES));
    assert.equal(partsRead.size, PAGES, 'a build from nothing reads every page');
    const firstFiles = await indexFiles(first.files);
    const joined = await loadSearchIndex(manifest, (file) => JSON.parse(firstFiles.get(file)!.toString()));
    assert.equal(joined.pages.length, PAGES, 'every page is in one shard');
    assert.equal(new Set(joined.pages.map((page) => page[0])).size, PAGES);
    assert.equal(
      summary.indexBytes,
      [...firstFiles.values()].reduce((sum, bytes) => sum + bytes.length, 0),
    );
    assert.equal(summary.records, made.flat().length);

    const edited = made.slice();
    edited[123] = records(123, ' Wombats were edited in.');
    partsRead = new Set();
    const second = await createSearchOutput({ ...options, pages: kept(edited), cache });
    await second.summary();
    const shardOfEdited = shardOf(made[123]![0]!.url_without_anchor, manifest.shards.length);
    const sameShard = made.flatMap((page, n) => (shardOf(page[0]!.url_without_anchor, manifest.shards.length) === shardOfEdited ? [n] : []));
    assert.deepEqual(
      [...partsRead].sort((a, b) => a - b),
      sameShard,
      'only the pages of the edited shard are read',
    );
    const secondManifest = JSON.parse(second.files.get(SEARCH_INDEX_FILE) as string) as SearchIndexManifest;
    const changed = secondManifest.shards.filter((file, i) => file !== manifest.shards[i]);
    assert.equal(changed.length, 1, 'one shard has a new name');
    assert.equal(secondManifest.shards.indexOf(changed[0]!), shardOfEdited);

    // From nothing (no store), the same bytes.
    const cold = await createSearchOutput({ ...options, pages: kept(edited) });
    assert.deepEqual(await indexFiles(second.files), await indexFiles(cold.files));
    const engine = createSearchEngine(await loadSearchIndex(secondManifest, async (file) => JSON.parse((await bytesOf(second.files.get(file))).toString())));
    assert.deepEqual(
      engine.search({ requests: [{ query: 'wombats' }] }).results[0]!.hits.map((hit) => hit.url),
      [edited[123]![0]!.url_without_anchor],
    );
  });
});
