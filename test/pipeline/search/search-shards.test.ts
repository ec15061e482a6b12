/**
 * `docsite build` of a site large enough for more than one shard of the search index: a one-page
 * edit gives one shard a new name and leaves the others as they were (the same files, linked from
 * the previous output), the manifest lists the new shard, search finds the new text, and the output
 * is the one a build from nothing writes of the edited site, byte for byte.
 */
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { SEARCH_SHARD_PREFIX } from '../../../src/search/index-shards';
import { copyFixture, outputFiles, runCli } from '../../support/helpers';
import { readSearchManifest, searchEngineOf } from '../../support/search-index';

/** Past 181 pages with records the index has two shards (about 128 pages to a shard). */
const EXTRA_PAGES = 200;

let site: string;

function build(dir: string): string {
  const result = runCli(['build', dir]);
  assert.equal(result.status, 0, result.stdout + result.stderr);
  return result.stdout;
}

/** The shard files of an output folder with their inodes. */
function shardInodes(outDir: string): Map<string, number> {
  const dir = path.join(outDir, path.dirname(SEARCH_SHARD_PREFIX));
  const prefix = path.basename(SEARCH_SHARD_PREFIX);
  return new Map(
    readdirSync(dir)
      .filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
      .map((name) => [name, statSync(path.join(dir, name)).ino]),
  );
}

before(() => {
  site = copyFixture('basic-site');
  const many = path.join(site, 'content/docs/kangaroos');
  mkdirSync(many, { recursive: true });
  for (let n = 1; n <= EXTRA_PAGES; n++)
    writeFileSync(
      path.join(many, `roo-${n}.md`),
      `---\ntitle: Kangaroo ${n}\n---\n\nKangaroo number ${n} jumps the fence.\n\n## Pouch ${n}\n\nA joey lives here.\n`,
    );
});

test('a one-page edit renames one shard, keeps the others, and writes what a build from nothing writes', async () => {
  build(site);
  const out = path.join(site, 'build');
  const manifest = readSearchManifest(out);
  assert.equal(manifest.shards.length, 2, 'two shards');
  const inodes = shardInodes(out);
  assert.deepEqual([...inodes.keys()].sort(), manifest.shards.map((file) => path.basename(file)).sort(), 'the output holds the shards the manifest lists');
  for (const file of manifest.shards) assert.ok(statSync(path.join(out, `${file}.gz`)).isFile(), `${file} has its compressed copies`);
  assert.equal((await searchEngineOf(out)).search({ requests: [{ query: 'platypus' }] }).results[0]!.nbHits, 0);

  appendFileSync(path.join(site, 'content/docs/kangaroos/roo-7.md'), '\nA platypus wandered into this page.\n');
  build(site);
  const edited = readSearchManifest(out);
  const after = shardInodes(out);
  const kept = manifest.shards.filter((file) => edited.shards.includes(file));
  const added = edited.shards.filter((file) => !manifest.shards.includes(file));
  assert.equal(kept.length, 1, 'one shard is as it was');
  assert.equal(added.length, 1, 'one shard has a new name');
  assert.equal(after.get(path.basename(kept[0]!)), inodes.get(path.basename(kept[0]!)), 'the shard kept is the same file, not written again');
  assert.equal(after.size, 2, "the old shard's file is gone");
  const hits = (await searchEngineOf(out)).search({ requests: [{ query: 'platypus' }] }).results[0]!.hits;
  assert.deepEqual(
    hits.map((hit) => hit.url),
    ['https://fixture.example.com/docs/kangaroos/roo-7#pouch-7'],
  );

  // The edited site built from nothing, in a folder of its own.
  const cold = copyFixture('basic-site');
  cpSync(path.join(site, 'content'), path.join(cold, 'content'), { recursive: true });
  build(cold);
  const expected = outputFiles(path.join(cold, 'build'));
  const actual = outputFiles(out);
  assert.deepEqual([...actual.keys()], [...expected.keys()]);
  for (const [file, bytes] of actual) assert.ok(bytes.equals(expected.get(file)!), `${file} differs from a build from nothing`);
});
