/**
 * Search on the Lexical site as built from this repo: the records the build writes, the embedded
 * index's weight, and a relevance table of queries a Lexical user types, each with the page it must
 * return in the top 3 (the hit rate is printed; every query must hit).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { before, describe, test } from 'node:test';
import type { SearchEngine } from '../../src/shared/search/engine';
import { SEARCH_INDEX_FILE, SEARCH_RECORDS_FILE, type SearchRecord } from '../../src/shared/search/types';
import { readSearchManifest, searchEngineOf } from '../support/search-index';
import { buildLexicalSite } from './site-build';

/** [query, the page it must find in the top 3]. */
const RELEVANCE: [string, string][] = [
  ['registerUpdateListener', '/docs/api/classes/lexical.LexicalEditor'],
  ['editor state', '/docs/concepts/editor-state'],
  ['node transform', '/docs/concepts/transforms'],
  ['$getRoot', '/docs/api/modules/lexical'],
  ['collaboration', '/docs/collaboration/react'],
  ['selction', '/docs/concepts/selection'],
  ['tranforms', '/docs/concepts/transforms'],
  ['commands', '/docs/concepts/commands'],
  ['dispatchCommand', '/docs/api/classes/lexical.LexicalEditor'],
  ['createEditor', '/docs/api/modules/lexical'],
  ['LexicalComposer', '/docs/api/modules/lexical_react_LexicalComposer'],
  ['read mode', '/docs/concepts/read-only'],
  ['serialization', '/docs/concepts/serialization'],
  ['json serialization', '/docs/concepts/serialization'],
  ['undo redo', '/docs/concepts/history'],
  ['key management', '/docs/concepts/key-management'],
  ['node replacement', '/docs/concepts/node-replacement'],
  ['theming', '/docs/getting-started/theming'],
  ['quick start', '/docs/getting-started/quick-start'],
  ['supported browsers', '/docs/getting-started/supported-browsers'],
  ['markdown shortcuts', '/docs/packages/lexical-markdown'],
  ['ElementNode', '/docs/api/classes/lexical.ElementNode'],
  ['TextNode', '/docs/api/classes/lexical.TextNode'],
  ['devtools', '/docs/getting-started/devtools'],
  ['creating plugin', '/docs/getting-started/creating-plugin'],
  ['dom events', '/docs/concepts/dom-events'],
  ['traversals', '/docs/concepts/traversals'],
  ['headless', '/docs/packages/lexical-headless'],
  ['node state', '/docs/concepts/node-state'],
  ['updates', '/docs/concepts/updates'],
  ['testing', '/docs/testing'],
  ['mergeRegister', '/docs/api/modules/lexical_utils'],
];

let outDir: string;
let engine: SearchEngine;
/** The index's files (the manifest and its shards), each as the browser fetches it. */
let indexFiles: Buffer[];
let records: SearchRecord[];

before(async () => {
  outDir = await buildLexicalSite();
  indexFiles = [SEARCH_INDEX_FILE, ...readSearchManifest(outDir).shards].map((file) => readFileSync(path.join(outDir, file)));
  engine = await searchEngineOf(outDir);
  records = JSON.parse(readFileSync(path.join(outDir, SEARCH_RECORDS_FILE), 'utf8')) as SearchRecord[];
});

describe('search on the Lexical site', () => {
  test('records come from the guides, package pages, API pages and blog posts, in the crawler shape', () => {
    const pages = new Set(records.map((record) => new URL(record.url_without_anchor).pathname));
    for (const page of [
      '/docs/concepts/editor-state',
      '/docs/packages/lexical-history',
      '/docs/api/classes/lexical.ElementNode',
      '/blog/welcome',
      '/community/',
    ]) {
      assert.ok(pages.has(page), `${page} has records`);
    }
    for (const page of ['/404.html', '/blog', '/blog/archive', '/blog/tags']) assert.ok(!pages.has(page), `${page} has none`);
    const editorState = records.find((record) => record.url === 'https://lexical.dev/docs/concepts/editor-state#immutability' && record.type === 'lvl2');
    assert.deepEqual(editorState?.hierarchy, {
      lvl0: 'Docs / Concepts',
      lvl1: 'Editor State',
      lvl2: 'Immutability',
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    });
    assert.equal(editorState?.docusaurus_tag, 'docs-default-current');
    const method = records.find((record) => record.url === 'https://lexical.dev/docs/api/classes/lexical.LexicalEditor#registerupdatelistener');
    assert.equal(method?.hierarchy.lvl0, 'API / Classes');
    assert.equal(method?.weight.pageRank, 0, 'the API reference ranks below the guides');
    const post = records.find((record) => record.url_without_anchor === 'https://lexical.dev/blog/welcome');
    assert.deepEqual([post?.hierarchy.lvl0, post?.docusaurus_tag, post?.language], ['Blog', 'default', 'en']);
  });

  test('the embedded index weighs at most 400 KB gzip', () => {
    // Each file is sent compressed on its own.
    const gzip = indexFiles.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0);
    const size = indexFiles.reduce((sum, bytes) => sum + bytes.length, 0);
    console.log(`search index: ${records.length} records, ${indexFiles.length} files, ${Math.round(size / 1024)} KB, ${Math.round(gzip / 1024)} KB gzip`);
    assert.ok(gzip <= 400 * 1024, `${gzip} bytes gzip`);
  });

  test(`relevance: each of ${RELEVANCE.length} queries finds its page in the top 3`, () => {
    const misses: string[] = [];
    for (const [query, page] of RELEVANCE) {
      const { hits } = engine.search({ requests: [{ query, hitsPerPage: 20 }] }).results[0]!;
      const top = hits.slice(0, 3).map((hit) => new URL(hit.url!).pathname);
      if (!top.includes(page)) misses.push(`${query} -> ${top.join(', ')} (wanted ${page})`);
    }
    const rate = (RELEVANCE.length - misses.length) / RELEVANCE.length;
    console.log(`search relevance: ${RELEVANCE.length - misses.length}/${RELEVANCE.length} queries in the top 3 (${Math.round(rate * 100)}%)`);
    assert.deepEqual(misses, []);
  });
});
