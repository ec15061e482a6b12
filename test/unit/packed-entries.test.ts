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
  const singles = () => readdirSync(path.join(cacheDir, 'store', 'chunk')).filter((name) => !name.includes('.')).sort();
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
});
