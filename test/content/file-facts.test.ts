/** The scan's memo of unchanged files: what it trusts, what it reads again, and that a scan through it gives the same model. */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { loadConfig } from '../../src/config/load';
import { openFileFacts } from '../../src/content/file-facts';
import { createStore } from '../../src/infra/store';
import { loadSiteModel } from '../../src/pipeline/scan/site-model';
import { copyFixture } from '../support/helpers';

const aMinuteAgo = () => new Date(Date.now() - 60_000);
/** Past the memo's window for files changed too recently to be trusted (3 s). */
const SETTLE_MS = 3_100;
const facts = (digest: string) => ({ digest, frontMatter: { title: `Title ${digest}` } });

/** A file last modified a minute ago (its change time is now). */
function settled(file: string, text: string, when = aMinuteAgo()): void {
  writeFileSync(file, text);
  utimesSync(file, when, when);
}

/**
 * A clock a minute ahead: a file's change time cannot be set back, so a file written by a test is
 * settled only for a memo that reads its times a while later.
 */
const aMinuteLater = () => Date.now() + 60_000;

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-facts-'));
  return {
    dir,
    store: createStore(path.join(dir, 'cache')),
    open: (store = createStore(path.join(dir, 'cache')), fingerprint = 'f1', now: () => number = aMinuteLater) =>
      openFileFacts({ store, contentDir: dir, fingerprint, now }),
  };
}

test('facts recorded for a file are found again while the file is unchanged', async () => {
  const { dir, open } = setup();
  const file = path.join(dir, 'a.md');
  settled(file, '# A\n');
  const first = await open();
  const looked = await first.lookup(file);
  assert.equal(looked.facts, undefined);
  assert.ok(looked.stamp);
  first.record(file, looked.stamp, facts('d1'));
  await first.save();

  const second = await open();
  assert.deepEqual((await second.lookup(file)).facts, facts('d1'));
  // Another docsite (fingerprint) parsed nothing of these.
  assert.equal((await (await open(undefined, 'f2')).lookup(file)).facts, undefined);
});

test('any write is noticed, even one of the same size that sets the modification time back', async () => {
  const { dir, open } = setup();
  const file = path.join(dir, 'a.md');
  const when = aMinuteAgo();
  settled(file, '# A\n', when);
  const memo = await open();
  memo.record(file, (await memo.lookup(file)).stamp, facts('d1'));
  await memo.save();

  settled(file, '# B\n', when);
  assert.equal((await (await open()).lookup(file)).facts, undefined, 'the change time moved');

  const memo2 = await open();
  memo2.record(file, (await memo2.lookup(file)).stamp, facts('d2'));
  await memo2.save();
  // Replaced by another file (a new inode) with the same size and times, as a checkout might.
  const other = path.join(dir, 'other.md');
  settled(other, '# C\n', when);
  renameSync(other, file);
  assert.equal((await (await open()).lookup(file)).facts, undefined, 'another file took its name');
});

test('a file modified in the last seconds is not recorded, so a second write in the same tick cannot hide', async () => {
  const { dir, open } = setup();
  const file = path.join(dir, 'fresh.md');
  writeFileSync(file, '# Fresh\n');
  const memo = await open(undefined, undefined, Date.now);
  const looked = await memo.lookup(file);
  assert.equal(looked.stamp, undefined);
  memo.record(file, looked.stamp, facts('d1'));
  await memo.save();
  utimesSync(file, aMinuteAgo(), aMinuteAgo());
  assert.equal((await (await open()).lookup(file)).facts, undefined);
});

test('a file whose modification time was put back is not recorded while its change time is recent', async () => {
  const { dir, open } = setup();
  const file = path.join(dir, 'restored.md');
  // As rsync -t or tar leave a file: written now, dated a minute ago.
  settled(file, '# Restored\n');
  const memo = await open(undefined, undefined, Date.now);
  const looked = await memo.lookup(file);
  assert.equal(looked.stamp, undefined);
});

test('files not seen by a scan leave the memo, and a corrupt memo reads as empty', async () => {
  const { dir, store, open } = setup();
  const [a, b] = ['a.md', 'b.md'].map((name) => path.join(dir, name));
  settled(a!, 'a');
  settled(b!, 'b');
  const memo = await open();
  for (const file of [a!, b!]) memo.record(file, (await memo.lookup(file)).stamp, facts(path.basename(file)));
  await memo.save();

  const onlyA = await open();
  assert.ok((await onlyA.lookup(a!)).facts);
  await onlyA.save();
  const after = await open();
  assert.ok((await after.lookup(a!)).facts);
  assert.equal((await after.lookup(b!)).facts, undefined);

  const [entry] = readdirSync(path.join(store.dir, 'file-facts'));
  writeFileSync(path.join(store.dir, 'file-facts', entry!), 'garbage');
  assert.equal((await (await open()).lookup(a!)).facts, undefined);
});

test('a scan through the memo gives the model a scan reading every file gives, texts included', async () => {
  const site = copyFixture('basic-site');
  for (const file of readdirSync(path.join(site, 'content'), { recursive: true }).map(String)) {
    utimesSync(path.join(site, 'content', file), aMinuteAgo(), aMinuteAgo());
  }
  // Until the change times the copy gave the files are old enough to be trusted.
  await setTimeout(SETTLE_MS);
  const config = await loadConfig({ siteDir: site });
  const scan = async () => {
    const model = await loadSiteModel(config, { includeDrafts: false, fingerprint: 'test' });
    return { json: JSON.stringify(model.docs), texts: await Promise.all(model.docs.map((doc) => doc.readText())) };
  };
  const cold = await scan();
  const memo = await openFileFacts({ store: createStore(config.cacheDir), contentDir: config.contentDir, fingerprint: 'test' });
  for (const file of ['intro.md', '01-guides/01-setup.md']) assert.ok((await memo.lookup(path.join(config.contentDir, 'docs', file))).facts, file);
  const warm = await scan();
  assert.equal(warm.json, cold.json);
  assert.deepEqual(warm.texts, cold.texts);
});
