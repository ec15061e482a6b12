/**
 * Packed entries, on a store on disk as builds use it: the first build packs what it wrote, an edit
 * writes one entry beside the pack and leaves the pack as it is, and anything unreadable is a miss.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createPackedEntries } from '../../src/infra/packed-entries';
import { createStore } from '../../src/infra/store';

interface Entry {
  code: string;
}
const isEntry = (value: unknown): value is Entry => typeof (value as Entry | undefined)?.code === 'string';

describe('packed entries', () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-packed-'));
  const store = createStore(cacheDir);
  const open = () => createPackedEntries<Entry>({ store, kind: 'chunk', version: '1', isEntry });
  const singles = () =>
    readdirSync(path.join(cacheDir, 'store', 'chunk'))
      .filter((name) => !name.includes('.'))
      .sort();
  const packFile = path.join(cacheDir, 'store', 'chunk-pack', 'pack-1');
  const keys = Array.from({ length: 40 }, (_, i) => `page${i}`);
  after(() => rmSync(cacheDir, { recursive: true, force: true }));

  test('a first build packs every entry it wrote and keeps none on its own', async () => {
    const entries = open();
    for (const key of keys) assert.equal(await entries.get(key), undefined);
    for (const key of keys) await entries.put(key, { code: `code of ${key}` });
    await entries.retain(keys);
    assert.deepEqual(singles(), []);
    const next = open();
    for (const key of keys) assert.deepEqual(await next.get(key), { code: `code of ${key}` });
  });

  test('a one-page edit writes its entry alone and leaves the pack as it was', async () => {
    const before = readFileSync(packFile);
    const entries = open();
    const now = keys.map((key) => (key === 'page3' ? 'page3-edited' : key));
    for (const key of now) if (!(await entries.get(key))) await entries.put(key, { code: `edited ${key}` });
    await entries.retain(now);
    assert.deepEqual(singles(), ['page3-edited']);
    assert.deepEqual(readFileSync(packFile), before);
    // Edited back: the pack still holds the page as it was.
    const again = open();
    assert.deepEqual(await again.get('page3'), { code: 'code of page3' });
    assert.deepEqual(await again.get('page3-edited'), { code: 'edited page3-edited' });
  });

  test('the pack is written anew once more than the slack lies outside it', async () => {
    const entries = open();
    const now = Array.from({ length: 40 }, (_, i) => `fresh${i}`);
    for (const key of now) await entries.put(key, { code: key });
    await entries.retain(now);
    assert.deepEqual(singles(), []);
    const next = open();
    assert.equal(await next.get('page0'), undefined);
    assert.deepEqual(await next.get('fresh39'), { code: 'fresh39' });
  });

  test('a damaged pack, a damaged entry and an entry of another shape read as misses', async () => {
    writeFileSync(packFile, 'not a pack');
    const entries = open();
    assert.equal(await entries.get('fresh0'), undefined);
    await store.putBytes('chunk', 'torn', 'cut short');
    assert.equal(await entries.get('torn'), undefined);
    await entries.put('odd', { code: 1 } as unknown as Entry);
    assert.equal(await open().get('odd'), undefined);
  });

  test('retain names every entry still kept, packed or on its own, until the pack is written anew', async () => {
    const base = Array.from({ length: 40 }, (_, i) => `kept${i}`);
    const first = open();
    for (const key of base) await first.put(key, { code: key });
    assert.deepEqual([...(await first.retain(base))].sort(), [...base].sort());
    // An edit: the edited entry goes on its own, and the pack still holds the page as it was.
    const edit = open();
    const now = base.map((key) => (key === 'kept1' ? 'kept1-edited' : key));
    for (const key of now) if (!(await edit.get(key))) await edit.put(key, { code: key });
    assert.deepEqual([...(await edit.retain(now))].sort(), [...new Set([...now, ...base])].sort());
    assert.deepEqual(singles(), ['kept1-edited']);
  });

  test('a run that leaves the pack unread keeps it as it is and its entries on their own', async () => {
    const before = readFileSync(packFile);
    const entries = createPackedEntries<Entry>({ store, kind: 'chunk', version: '1', isEntry, usePack: false });
    // Packed, so not found when the pack is not read.
    assert.equal(await entries.get('kept0'), undefined);
    const now = Array.from({ length: 40 }, (_, i) => `alone${i}`);
    for (const key of now) await entries.put(key, { code: key });
    await entries.retain(now);
    assert.deepEqual(singles(), [...now].sort());
    assert.deepEqual(readFileSync(packFile), before);
    assert.deepEqual(await open().get('kept0'), { code: 'kept0' });
  });

  test('a dropped entry goes with the pack, so every page packed with it is made anew', async () => {
    const entries = open();
    assert.deepEqual(await entries.get('kept0'), { code: 'kept0' });
    await entries.drop('alone3');
    const next = open();
    assert.equal(await next.get('alone3'), undefined);
    assert.equal(await next.get('kept0'), undefined);
    assert.deepEqual(await next.get('alone4'), { code: 'alone4' });
  });

  test('a pack under its own key, with its own layout for an entry on its own', async () => {
    const layout = {
      encode: (key: string, value: Entry) => Buffer.from(JSON.stringify([key, value.code])),
      decode: (key: string, bytes: Buffer) => ({ code: (JSON.parse(bytes.toString()) as [string, string])[1] }),
    };
    const entries = createPackedEntries<Entry>({ store, kind: 'code', version: '1', packKey: 'abc', isEntry, entryCodec: layout });
    await entries.put('one', { code: 'first' });
    assert.equal(readFileSync(store.fileOf('code', 'one')).includes('["one","first"]'), true);
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
    for (const key of keys) await entries.put(key, { code: key });
    await entries.retain(keys);
    assert.deepEqual(readdirSync(path.join(cacheDir, 'store', 'code-pack')), ['abc']);
    assert.deepEqual(await createPackedEntries<Entry>({ store, kind: 'code', version: '1', packKey: 'abc', isEntry, entryCodec: layout }).get('k7'), {
      code: 'k7',
    });
  });
});
