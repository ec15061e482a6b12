/**
 * The scan's memo on disk, seen from outside: what a scan of an unchanged site still reads and walks
 * (nothing), what one edit makes it read (that file), and that no edit can hide from it: a new file,
 * a rewrite at the same size within the same second, a link pointed elsewhere.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { loadSiteModel } from '../../../src/pipeline/scan/site-model';
import { loadConfig } from '../../../src/config/load';
import { DocsiteError } from '../../../src/core/errors';
import { createContentReader, type SiteFiles } from '../../../src/content/site-files';
import { copyFixture } from '../../support/helpers';

const aMinuteAgo = () => new Date(Date.now() - 60_000);
/** Past the memo's window for files changed too recently to be trusted (3 s). */
const SETTLE_MS = 3_100;

/** Every file and folder under content/ last modified a minute ago (their change times are now). */
function settleAll(site: string): void {
  const content = path.join(site, 'content');
  for (const entry of [...readdirSync(content, { recursive: true }).map(String), '.']) utimesSync(path.join(content, entry), aMinuteAgo(), aMinuteAgo());
}

// The sites the memo is to trust, made together: their change times must be a few seconds old.
const sites = { unchanged: '', added: '', linked: '' };
before(async () => {
  sites.unchanged = copyFixture('basic-site');
  sites.added = copyFixture('basic-site');
  sites.linked = copyFixture('basic-site');
  const site = sites.linked;
  const shared = path.join(site, 'shared');
  mkdirSync(shared);
  writeFileSync(path.join(shared, 'linked.md'), '# Linked\n');
  // Two links: content/docs/more -> shared-link -> shared, both inside the site folder.
  symlinkSync(shared, path.join(site, 'shared-link'));
  symlinkSync(path.join(site, 'shared-link'), path.join(site, 'content/docs/more'));
  for (const each of Object.values(sites)) settleAll(each);
  await setTimeout(SETTLE_MS);
});

/** The disk, with a count of the files read and the folders walked by globs. */
async function countingFiles(site: string): Promise<SiteFiles & { reads: string[]; walks: number }> {
  const disk = await createContentReader(site);
  const counted = {
    ...disk,
    reads: [] as string[],
    walks: 0,
    async readText(file: string) {
      counted.reads.push(path.relative(site, file));
      return disk.readText(file);
    },
    async glob(patterns: string[], options: { cwd: string; ignore?: string[] }) {
      const result = await disk.glob(patterns, options);
      counted.walks += result.walked?.folders.size ?? 0;
      return result;
    },
  };
  return counted;
}

async function scanner(site: string) {
  const config = await loadConfig({ siteDir: site });
  return async () => {
    const files = await countingFiles(site);
    const model = await loadSiteModel(config, { includeDrafts: false, fingerprint: 'test', files });
    return {
      model,
      reads: files.reads.sort(),
      walks: files.walks,
      docs: JSON.stringify(model.docs),
      titles: model.docs.map((doc) => [doc.id, doc.frontMatter.title ?? null]),
    };
  };
}

test('a scan of an unchanged site reads no file and walks no folder; after an edit it reads that file alone', async () => {
  const site = sites.unchanged;
  const scan = await scanner(site);
  const cold = await scan();
  assert.ok(cold.reads.includes('content/docs/intro.md'));
  assert.ok(cold.walks > 0);

  const warm = await scan();
  assert.deepEqual(warm.reads, ['content/docs/01-guides/_category_.json'], 'only the category file, which the memo does not keep');
  assert.equal(warm.walks, 0);
  assert.equal(warm.docs, cold.docs);
  assert.deepEqual(JSON.stringify(warm.model.staticFiles), JSON.stringify(cold.model.staticFiles));

  const intro = path.join(site, 'content/docs/intro.md');
  writeFileSync(intro, '---\ntitle: Edited\n---\n\n# Edited\n');
  utimesSync(intro, aMinuteAgo(), aMinuteAgo());
  const edited = await scan();
  assert.deepEqual(edited.reads, ['content/docs/01-guides/_category_.json', 'content/docs/intro.md']);
  assert.equal(edited.walks, 0, 'no name changed in any folder');
  assert.deepEqual(
    edited.titles.find(([id]) => id === 'intro'),
    ['intro', 'Edited'],
  );
});

test('a file added, or one removed, is found by the next scan: its folder is walked again', async () => {
  const site = sites.added;
  const scan = await scanner(site);
  await scan();
  const added = path.join(site, 'content/docs/01-guides/02-advanced/added.md');
  writeFileSync(added, '# Added\n');
  const withNew = await scan();
  assert.ok(withNew.walks > 0);
  assert.ok(withNew.titles.some(([id]) => id === 'guides/advanced/added'));

  unlinkSync(added);
  const without = await scan();
  assert.ok(!without.titles.some(([id]) => id === 'guides/advanced/added'));
});

test('a rewrite at the same size within the same second as the last write is seen by the next scan', async () => {
  const site = copyFixture('basic-site');
  const scan = await scanner(site);
  const intro = path.join(site, 'content/docs/intro.md');
  writeFileSync(intro, '---\ntitle: First\n---\n');
  const { mtime } = statSync(intro);
  assert.deepEqual(
    (await scan()).titles.find(([id]) => id === 'intro'),
    ['intro', 'First'],
  );
  // The same size, and the modification time put back where it was: only the change time moved, and
  // perhaps not even that on a file system with a coarse clock.
  writeFileSync(intro, '---\ntitle: Other\n---\n');
  utimesSync(intro, mtime, mtime);
  const next = await scan();
  assert.ok(next.reads.includes('content/docs/intro.md'));
  assert.deepEqual(
    next.titles.find(([id]) => id === 'intro'),
    ['intro', 'Other'],
  );
});

test('a name added to a folder within the same second as its last change is found by the next scan', async () => {
  const site = copyFixture('basic-site');
  const scan = await scanner(site);
  const folder = path.join(site, 'content/docs/01-guides');
  writeFileSync(path.join(folder, 'one.md'), '# One\n');
  const { mtime } = statSync(folder);
  await scan();
  writeFileSync(path.join(folder, 'two.md'), '# Two\n');
  // As if both names had come within one tick of a coarse clock.
  utimesSync(folder, mtime, mtime);
  assert.ok((await scan()).titles.some(([id]) => id === 'guides/two'));
});

test('a link the last scan followed is checked again: pointed out of the site folder, it is an error', async () => {
  const site = sites.linked;
  const scan = await scanner(site);
  assert.ok((await scan()).titles.some(([id]) => id === 'more/linked'));
  assert.equal((await scan()).walks, 0);

  // Retargeted outside the site folder, without any folder under content/ changing.
  const outside = copyFixture('basic-site');
  unlinkSync(path.join(site, 'shared-link'));
  symlinkSync(path.join(outside, 'content/docs'), path.join(site, 'shared-link'));
  await assert.rejects(scan(), (error: unknown) => error instanceof DocsiteError && error.code === 'CONTENT_LINK_OUTSIDE');
  rmSync(outside, { recursive: true, force: true });
});
