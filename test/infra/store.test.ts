import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { createStore } from '../../src/infra/store';
import { CLI_TIMEOUT_MS, repoRoot } from '../support/helpers';
import { digestKey } from '../../src/infra/digest';

const tempCache = () => mkdtempSync(path.join(os.tmpdir(), 'docsite-store-'));

test('JSON values and byte blobs come back as they were put; an absent key is a miss', async () => {
  const store = createStore(tempCache());
  await store.putJson('pages', 'a1', { title: 'Intro', toc: [1, 2], nothing: null });
  await store.putBytes('blobs', 'b2', new Uint8Array([0, 1, 2, 255]));
  await store.putBytes('blobs', 'b3', 'text kept as bytes');
  assert.deepEqual(await store.getJson('pages', 'a1'), { title: 'Intro', toc: [1, 2], nothing: null });
  assert.deepEqual([...(await store.getBytes('blobs', 'b2'))!], [0, 1, 2, 255]);
  assert.equal((await store.getBytes('blobs', 'b3'))!.toString('utf8'), 'text kept as bytes');
  assert.equal(await store.getJson('pages', 'absent'), undefined);
  assert.equal(await store.getBytes('never-written', 'absent'), undefined);
  assert.equal(store.fileOf('pages', 'a1'), path.join(store.dir, 'pages', 'a1'));
});

test('a corrupt or cut-short entry reads as a miss, and putting it again mends it', async () => {
  const store = createStore(tempCache());
  await store.putJson('model', 'k', { modules: ['lexical'] });
  writeFileSync(store.fileOf('model', 'k'), '{"modules": ["lexi');
  assert.equal(await store.getJson('model', 'k'), undefined);
  writeFileSync(store.fileOf('model', 'k'), '');
  assert.equal(await store.getJson('model', 'k'), undefined);
  writeFileSync(store.fileOf('model', 'k'), Buffer.from([0xff, 0xfe, 0x00]));
  assert.equal(await store.getJson('model', 'k'), undefined);
  await store.putJson('model', 'k', { modules: ['lexical'] });
  assert.deepEqual(await store.getJson('model', 'k'), { modules: ['lexical'] });
});

test('kinds and keys are names, never paths', async () => {
  const store = createStore(tempCache());
  await assert.rejects(store.putJson('../outside', 'k', 1), /not a kind/);
  await assert.rejects(store.putJson('pages', '../../etc', 1), /not a key/);
  await assert.rejects(store.getBytes('pages', '.hidden'), /not a key/);
  await assert.rejects(store.retain('Pages/x', []), /not a kind/);
});

test('retain removes the entries of a kind that were not used, and only those', async () => {
  const store = createStore(tempCache());
  for (const key of ['k1', 'k2', 'k3', 'k4']) await store.putJson('mdx', key, key);
  await store.putJson('other', 'k1', 'other kind');
  assert.equal(await store.retain('mdx', ['k2', 'k4', 'never-put']), 2);
  assert.deepEqual(readdirSync(path.join(store.dir, 'mdx')).sort(), ['k2', 'k4']);
  assert.equal(await store.getJson('mdx', 'k1'), undefined);
  assert.equal(await store.getJson('mdx', 'k2'), 'k2');
  assert.equal(await store.getJson('other', 'k1'), 'other kind');
  assert.equal(await store.retain('mdx', []), 2);
  assert.deepEqual(readdirSync(path.join(store.dir, 'mdx')), []);
  assert.equal(await store.retain('kind-never-written', ['x']), 0);
});

test('a temporary file left by a killed writer is never read as an entry, and is swept once it is old', async () => {
  const store = createStore(tempCache());
  await store.putJson('mdx', 'kept', 'whole');
  // What write-file-atomic leaves when the process dies between writing and renaming.
  const fresh = `${store.fileOf('mdx', 'kept')}.123456`;
  const stale = `${store.fileOf('mdx', 'gone')}.654321`;
  writeFileSync(fresh, '"half');
  writeFileSync(stale, '"half');
  const anHourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(stale, anHourAgo, anHourAgo);
  assert.equal(await store.getJson('mdx', 'gone'), undefined);
  assert.equal(await store.getJson('mdx', 'kept'), 'whole');
  // A fresh one may belong to a build still running in another process: it stays until it is old.
  assert.equal(await store.retain('mdx', ['kept']), 1);
  assert.deepEqual(readdirSync(path.join(store.dir, 'mdx')).sort(), ['kept', path.basename(fresh)]);
});

test('concurrent puts of one key leave one whole value, in one process and across processes', async () => {
  const cacheDir = tempCache();
  const store = createStore(cacheDir);
  const big = (n: number) => ({ writer: n, text: String(n).repeat(200_000) });
  await Promise.all(Array.from({ length: 12 }, (_, n) => store.putJson('race', 'same', big(n))));
  const inProcess = await store.getJson<{ writer: number; text: string }>('race', 'same');
  assert.ok(inProcess);
  assert.deepEqual(inProcess, big(inProcess.writer));

  const script = path.join(cacheDir, 'writer.mts');
  writeFileSync(
    script,
    `import { createStore } from ${JSON.stringify(pathToFileURL(path.join(repoRoot, 'src', 'infra', 'store.ts')).href)};\n` +
      `const store = createStore(${JSON.stringify(cacheDir)});\n` +
      `const n = Number(process.argv[2]);\n` +
      `for (let i = 0; i < 20; i++) await store.putJson('race', 'shared', { writer: n, text: String(n).repeat(200_000) });\n`,
  );
  const writers = [1, 2, 3].map(
    (n) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, String(n)], {
          cwd: repoRoot,
          stdio: ['ignore', 'ignore', 'pipe'],
          timeout: CLI_TIMEOUT_MS,
          killSignal: 'SIGKILL',
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`writer ${n} exited with ${code}: ${stderr}`))));
      }),
  );
  let reading = true;
  const reads = (async () => {
    let seen = 0;
    while (reading) {
      const value = await store.getJson<{ writer: number; text: string }>('race', 'shared');
      // Never half of one writer's value, nor a mix of two: a miss or a whole one.
      if (value) {
        assert.deepEqual(value, big(value.writer));
        seen++;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return seen;
  })();
  await Promise.all(writers).finally(() => (reading = false));
  assert.ok((await reads) > 0, 'the reader saw the value while it was being written');
  const last = await store.getJson<{ writer: number; text: string }>('race', 'shared');
  assert.ok(last && [1, 2, 3].includes(last.writer));
  assert.deepEqual(last, big(last.writer));
  // Every writer renamed its temporary file into place or removed it.
  assert.deepEqual(readdirSync(path.join(store.dir, 'race')).sort(), ['same', 'shared']);
});

test('a store recreates its folders when the cache is deleted under it', async () => {
  const cacheDir = tempCache();
  const store = createStore(cacheDir);
  await store.putJson('mdx', 'one', 1);
  rmSync(cacheDir, { recursive: true, force: true });
  await store.putJson('mdx', 'two', 2);
  assert.equal(await store.getJson('mdx', 'two'), 2);
});

test('digestKey separates its parts and makes a valid key', () => {
  assert.notEqual(digestKey('ab', 'c'), digestKey('a', 'bc'));
  assert.equal(digestKey('x'), digestKey('x'));
  assert.match(digestKey('x', new Uint8Array([1, 2])), /^[0-9a-f]{32}$/);
});

test('an entry opened for reading by range gives its bytes, as it was when opened, though a writer replaces it', async () => {
  const store = createStore(tempCache());
  assert.equal(store.openBytes('packs', 'absent'), undefined);
  await store.putBytes('packs', 'p1', 'first version of the pack');
  const source = store.openBytes('packs', 'p1')!;
  assert.equal(source.size, Buffer.byteLength('first version of the pack'));
  assert.equal(source.read(6, 13).toString('utf8'), 'version');
  await store.putBytes('packs', 'p1', 'SECOND VERSION, LONGER THAN THE FIRST');
  assert.equal(source.read(0, 5).toString('utf8'), 'first');
  assert.equal(store.openBytes('packs', 'p1')!.read(0, 6).toString('utf8'), 'SECOND');
});

test('one flipped byte anywhere in an entry is a miss, noted as damage, and the entry goes; a range read of a damaged block throws', async () => {
  const { damageMark, damagedSince, StoreDamagedError } = await import('../../src/infra/damage');
  const store = createStore(tempCache());
  const value = Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 251));
  await store.putBytes('blobs', 'k', value);
  const file = store.fileOf('blobs', 'k');
  const whole = readFileSync(file);
  // The header (tag, length, checksums) and the body's first and last bytes alike.
  for (const at of [0, 3, 5, 9, whole.length >> 1, whole.length - 1]) {
    const damaged = Buffer.from(whole);
    damaged[at]! ^= 0x01;
    writeFileSync(file, damaged);
    const mark = damageMark();
    assert.equal(await store.getBytes('blobs', 'k'), undefined, `byte ${at}`);
    assert.deepEqual(damagedSince(mark), [file], `byte ${at}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(existsSync(file), false, `byte ${at}: the damaged entry goes`);
  }
  // Read a range at a time: the blocks read are checked, the others are not read.
  const damaged = Buffer.from(whole);
  damaged[damaged.length - 10]! ^= 0x01;
  writeFileSync(file, damaged);
  const source = store.openBytes('blobs', 'k')!;
  assert.deepEqual(source.read(0, 100), value.subarray(0, 100));
  assert.throws(() => source.read(39_000, 39_100), StoreDamagedError);
  // An entry of an older layout (not framed) is a plain miss, not damage.
  writeFileSync(file, '{"older": true}');
  const mark = damageMark();
  assert.equal(await store.getJson('blobs', 'k'), undefined);
  assert.deepEqual(damagedSince(mark), []);
});
