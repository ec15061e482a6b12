/**
 * While the dev server's first scan runs, its threads compile the file the first page asked for
 * most likely comes from. Which files those are is decided from the request's path alone, so it
 * must never name a file outside the docs folder, whatever the path holds.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { likelyDocFiles } from '../../src/pipeline/graph';
import { memoryConfig } from '../support/memory-site';

const siteDir = '/memory/first-page';
const docs = path.join(siteDir, 'content', 'docs');

test('a docs path names the markdown files it would be read from, in the docs folder', () => {
  const config = memoryConfig(siteDir);
  assert.deepEqual(likelyDocFiles(config, '/docs/concepts/editor-state'), [
    path.join(docs, 'concepts', 'editor-state.md'),
    path.join(docs, 'concepts', 'editor-state.mdx'),
    path.join(docs, 'concepts', 'editor-state', 'index.md'),
    path.join(docs, 'concepts', 'editor-state', 'index.mdx'),
    path.join(docs, 'concepts', 'editor-state', 'README.md'),
    path.join(docs, 'concepts', 'editor-state', 'README.mdx'),
  ]);
  // The docs root is its index; a trailing slash changes nothing.
  assert.deepEqual(likelyDocFiles(config, '/docs/'), likelyDocFiles(config, '/docs'));
  assert.equal(likelyDocFiles(config, '/docs')[0], path.join(docs, 'index.md'));
  // Percent-encoding is read as the router reads it.
  assert.equal(likelyDocFiles(config, '/docs/caf%C3%A9')[0], path.join(docs, 'café.md'));
});

test("the site's base URL, docs folder and route base are followed", () => {
  const config = memoryConfig(siteDir, { baseUrl: '/lexical/', docs: { path: 'guides', routeBasePath: 'learn' } } as never);
  assert.equal(likelyDocFiles(config, '/lexical/learn/intro')[0], path.join(siteDir, 'content', 'guides', 'intro.md'));
  assert.deepEqual(likelyDocFiles(config, '/docs/intro'), []);
  assert.deepEqual(likelyDocFiles(config, '/learn/intro'), []);
});

test('no path leads out of the docs folder', () => {
  const config = memoryConfig(siteDir);
  for (const pathname of [
    '/docs/../../site.config',
    '/docs/..%2F..%2F..%2Fetc%2Fpasswd',
    '/docs/%2e%2e/%2e%2e/package',
    '/docs/a/../../../outside',
    '/docsecret',
    '/blog/post',
    '/docs/%E0%A4%A',
  ]) {
    for (const file of likelyDocFiles(config, pathname)) {
      assert.ok(file.startsWith(`${docs}${path.sep}`), `${pathname} named ${file}`);
    }
  }
  assert.deepEqual(likelyDocFiles(config, '/docs/..%2F..%2F..%2Fetc%2Fpasswd'), []);
  assert.deepEqual(likelyDocFiles(config, '/docsecret'), []);
});
