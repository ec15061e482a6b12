/**
 * The Lexical site's service worker: what a first visit downloads ahead of need stays within the
 * 400 KB budget, and is what every page boots with (the runtime, the stylesheet, the route manifest).
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildLexicalSite } from './site-build';

const BUDGET = 400 * 1024;

test('the Lexical site precaches what every page boots with, within 400 KB', async () => {
  const out = await buildLexicalSite();
  const worker = readFileSync(path.join(out, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  assert.ok(urls.length > 0, 'sw.js carries a precache list');
  const bytes = urls.reduce((sum, url) => sum + statSync(path.join(out, url)).size, 0);
  assert.ok(bytes <= BUDGET, `precache ${Math.round(bytes / 1024)} KB is over the ${BUDGET / 1024} KB budget`);

  const home = readFileSync(path.join(out, 'index.html'), 'utf8');
  const runtime = /import\{start\}from"([^"]+)"/.exec(home)?.[1];
  const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(home)?.[1];
  for (const needed of [runtime, stylesheet, '/_docsite/routes.json', '/_docsite/offline.html'])
    assert.ok(needed && urls.includes(needed), `${needed} is precached`);
  assert.ok(!urls.some((url) => /\/route-/.test(url)), 'route chunks are cached when visited, not ahead');
});
