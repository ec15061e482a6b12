/**
 * What linking a page's chunk gave is kept in the store, so the next build neither links nor
 * hashes an unchanged page's chunk again. These tests hold the builds that trust it to what a build
 * without it writes: after an edit, and when the kept facts are damaged or name files elsewhere.
 */
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { copyFixture, outputFiles, runCli } from '../../support/helpers';
import { frameEntry, unframeEntry } from '../../../src/infra/entry-frame';

let site: string;
before(() => {
  site = copyFixture('basic-site');
});
after(() => rmSync(site, { recursive: true, force: true }));

function build(outDir: string): void {
  const result = runCli(['build', site, '--out-dir', outDir], site);
  assert.equal(result.status, 0, result.stderr);
}

function assertSameOutput(actual: string, expected: string): void {
  const a = outputFiles(actual);
  const b = outputFiles(expected);
  assert.deepEqual([...a.keys()], [...b.keys()]);
  for (const [file, bytes] of a) assert.ok(bytes.equals(b.get(file)!), `${file} differs from a build without kept links`);
}

/** The store's link memo files of the site's cache. */
function memoFiles(): string[] {
  const dir = path.join(site, '.docsite', 'store', 'chunk-links');
  return existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name)) : [];
}

test('a build after an edit links the edited page anew and writes what a cold build writes', () => {
  build('build');
  assert.equal(memoFiles().length, 1, 'the first build keeps what linking gave');
  appendFileSync(path.join(site, 'content', 'docs', 'intro.md'), '\nA sentence added by the test.\n');
  build('build');
  const out = path.join(site, 'build');
  assert.match(readFileSync(path.join(out, 'docs', 'intro', 'index.html'), 'utf8'), /A sentence added by the test\./);
  // A page's client chunk carries its text: the new one is the file the page loads.
  const routes = JSON.parse(readFileSync(path.join(out, '_docsite', 'routes.json'), 'utf8')) as Record<string, string>;
  const chunk = Object.entries(routes).find(([route]) => route.startsWith('/docs/intro'))![1];
  assert.match(readFileSync(path.join(out, chunk.replace(/^\//, '')), 'utf8'), /A sentence added by the test\./);
  rmSync(path.join(site, '.docsite'), { recursive: true, force: true });
  build('out-cold');
  assertSameOutput(out, path.join(site, 'out-cold'));
});

test('kept link facts that are damaged, or that name a file outside the assets folder, cost a link, never a wrong file', () => {
  // The reference: a build from an empty cache, which keeps the facts the next build reads.
  rmSync(path.join(site, '.docsite'), { recursive: true, force: true });
  build('expected');
  const expected = path.join(site, 'expected');
  const [memo] = memoFiles();
  assert.ok(memo, 'the build kept what linking gave');
  // Entries are framed with their checksums (see entry-frame.ts): the facts are changed under valid ones.
  const kept = JSON.parse(String(unframeEntry(readFileSync(memo)))) as { facts: [string, [string, string, number, string]][] };
  assert.ok(kept.facts.length > 0);
  // Every fact made to name a file outside the output's assets folder and a module outside the modules' folder.
  const misplaced = { ...kept, facts: kept.facts.map(([id, [, digest, size]]) => [id, ['assets/../../outside.js', digest, size, '../outside.mjs']]) };
  writeFileSync(memo, frameEntry(Buffer.from(JSON.stringify(misplaced))));
  build('build');
  assertSameOutput(path.join(site, 'build'), expected);
  assert.ok(!existsSync(path.join(site, 'outside.js')) && !existsSync(path.join(site, 'build', '..', 'outside.js')));
  // Not JSON at all.
  writeFileSync(memoFiles()[0]!, '{ not json');
  build('build');
  assertSameOutput(path.join(site, 'build'), expected);
});
