/**
 * Rendered pages are kept for the whole site in one pack once a site has more pages than a one-page
 * edit should rewrite. What a user sees: a page edited and then edited back is taken from the cache,
 * with the HTML a cold build writes, and the build never fails on a kept page whose HTML went.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CLI_TIMEOUT_MS, cliPath } from '../../support/helpers';

/** More pages than the pack's slack (32), so the first build writes the pack. */
const PAGES = 45;

function build(site: string, outDir = 'build'): string {
  const result = spawnSync(process.execPath, [cliPath, 'build', site, '--out-dir', outDir], {
    encoding: 'utf8',
    timeout: CLI_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1' },
  });
  assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Pages the build rendered; a build that found every page in the caches says so instead of counting. */
const rendered = (summary: string) => (/no input changed since the last build/.test(summary) ? 0 : Number(/pages: (\d+) rendered/.exec(summary)?.[1]));

test('a page edited and edited back comes from the cache with the HTML of a cold build; the store keeps one pack', (t) => {
  const site = mkdtempSync(path.join(os.tmpdir(), 'docsite-render-pack-'));
  t.after(() => rmSync(site, { recursive: true, force: true }));
  const docs = path.join(site, 'content', 'docs');
  mkdirSync(docs, { recursive: true });
  for (let n = 0; n < PAGES; n++) writeFileSync(path.join(docs, `page-${String(n).padStart(2, '0')}.md`), `# Page ${n}\n\nThe text of page ${n}.\n`);
  const edited = path.join(docs, 'page-07.md');
  const original = readFileSync(edited, 'utf8');
  const htmlOf = (out: string) => readFileSync(path.join(site, out, 'docs', 'page-07', 'index.html'), 'utf8');

  const cold = build(site);
  assert.ok(rendered(cold) >= PAGES, cold);
  const coldHtml = htmlOf('build');
  assert.deepEqual(readdirSync(path.join(site, '.docsite', 'store', 'render-pack')), ['pack-3'], 'the first build packs every page');

  // Two edits, so neither the output nor the one emit keeps aside holds the page as it first was.
  for (const sentence of ['A sentence added.', 'Another sentence.']) {
    writeFileSync(edited, `${original}\n${sentence}\n`);
    const afterEdit = build(site);
    assert.equal(rendered(afterEdit), 1, afterEdit);
    assert.ok(htmlOf('build').includes(sentence));
  }

  // Back to the text the pack holds the page for: its HTML was kept with it.
  writeFileSync(edited, original);
  const afterRevert = build(site);
  assert.equal(rendered(afterRevert), 0, afterRevert);
  assert.equal(htmlOf('build'), coldHtml);

  // And what the cache gave is what a cold build of the same files writes.
  rmSync(path.join(site, '.docsite'), { recursive: true, force: true });
  build(site, 'cold');
  assert.equal(htmlOf('cold'), coldHtml);
});
