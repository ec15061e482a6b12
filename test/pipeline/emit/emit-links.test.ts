/**
 * emit takes a file the previous build wrote from the previous output by a hard link, instead of
 * writing it again, only when the bytes are the same and the file is provably untouched since. These
 * tests run emit itself on real folders, as the build does, and look at what lands on disk.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { emit, type EmitInput } from '../../../src/pipeline/emit/emit';
import { piecesBody, type LazyBody } from '../../../src/infra/body';
import { assertOwnBytes, CLI_TIMEOUT_MS, repoRoot } from '../../support/helpers';

interface Place {
  root: string;
  outDir: string;
  cacheDir: string;
}

function scratch(): Place {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsite-emit-')));
  return { root, outDir: path.join(root, 'build'), cacheDir: path.join(root, 'cache') };
}

/** `count` pages of a few kilobytes each, the ones named in `changed` with other bytes. */
function pages(count: number, changed: number[] = []): Map<string, string> {
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++)
    files.set(`docs/page-${i}/index.html`, `<h1>Page ${i}${changed.includes(i) ? ' (edited)' : ''}</h1>${'<p>text</p>'.repeat(200)}`);
  files.set('assets/app.js', 'console.log("app");');
  return files;
}

/** Every file under `dir` with a digest of its bytes; a symbolic link fails the test. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(dir, { recursive: true }).map(String)) {
    const full = path.join(dir, file);
    const info = lstatSync(full);
    assert.ok(!info.isSymbolicLink(), `${file} is a symbolic link`);
    if (info.isFile()) out.set(file.split(path.sep).join('/'), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return out;
}

/** What the output must hold: exactly these files and the marker, byte for byte, none sharing its bytes outside docsite's own folders. */
function assertOutput(outDir: string, files: Map<string, string | Buffer>, cacheDir = path.join(path.dirname(outDir), 'cache')): void {
  const expected = new Map([...files].map(([file, body]) => [file, createHash('sha256').update(body).digest('hex')]));
  const actual = tree(outDir);
  actual.delete('.docsite-output');
  assert.deepEqual([...actual].sort(), [...expected].sort());
  for (const file of actual.keys()) assertOwnBytes(outDir, file, cacheDir);
  assert.deepEqual(
    readdirSync(path.dirname(outDir)).filter((name) => name.startsWith('.build.')),
    [],
    'no temporary folder left',
  );
}

const inode = (place: Place, file: string) => lstatSync(path.join(place.outDir, file)).ino;
const run = (place: Place, files: Map<string, string>, more: Partial<EmitInput> = {}) =>
  emit({ outDir: place.outDir, cacheDir: place.cacheDir, files, ...more });

describe('emit links unchanged files from the previous output', () => {
  test('unchanged files keep their inode, changed, added and removed ones do not; the output is exactly the new files', async () => {
    const place = scratch();
    const first = await run(place, pages(40));
    assert.equal(first.linked, 0);
    const before = new Map([...pages(40).keys()].map((file) => [file, inode(place, file)]));

    const next = pages(41, [3, 7]);
    next.delete('docs/page-9/index.html');
    const second = await run(place, next);
    assertOutput(place.outDir, next);
    assert.equal(second.linked, next.size - 3, 'every file but the two edited and the added one is linked');
    for (const file of next.keys()) {
      const kept = !['docs/page-3/index.html', 'docs/page-7/index.html', 'docs/page-40/index.html'].includes(file);
      assert.equal(inode(place, file) === before.get(file), kept, `${file} ${kept ? 'was written again' : 'was linked'}`);
    }
  });

  test('without the cache folder nothing is recorded and every file is written', async () => {
    const place = scratch();
    await emit({ outDir: place.outDir, files: pages(10) });
    const before = inode(place, 'docs/page-1/index.html');
    const again = await emit({ outDir: place.outDir, files: pages(10) });
    assert.equal(again.linked, 0);
    assert.notEqual(inode(place, 'docs/page-1/index.html'), before);
    assert.throws(() => statSync(place.cacheDir), /ENOENT/);
  });

  test('an output folder that lost its marker is not trusted, nor a record that cannot be read', async () => {
    const place = scratch();
    await run(place, pages(10));
    rmSync(path.join(place.outDir, '.docsite-output'));
    assert.equal((await run(place, pages(10))).linked, 0);
    assertOutput(place.outDir, pages(10));

    const [record] = readdirSync(path.join(place.cacheDir, 'emit'));
    writeFileSync(path.join(place.cacheDir, 'emit', record!), '{"version":1,"outDir":');
    assert.equal((await run(place, pages(10))).linked, 0);
    assertOutput(place.outDir, pages(10));
  });
});

describe('what a user did to the output folder never reaches the next output', () => {
  test('a file edited by hand in place (same size, same inode), one made read-only and one removed are all written afresh', async () => {
    const place = scratch();
    const files = pages(10);
    await run(place, files);
    const edited = path.join(place.outDir, 'docs/page-1/index.html');
    const handle = openSync(edited, 'r+');
    writeSync(handle, 'EDITED', 4);
    closeSync(handle);
    chmodSync(path.join(place.outDir, 'docs/page-2/index.html'), 0o400);
    const removed = path.join(place.outDir, 'docs/page-3/index.html');
    rmSync(removed);

    const result = await run(place, files);
    assertOutput(place.outDir, files);
    assert.equal(result.linked, files.size - 3);
    assert.equal(
      lstatSync(path.join(place.outDir, 'docs/page-2/index.html')).mode & 0o777,
      lstatSync(path.join(place.outDir, 'docs/page-4/index.html')).mode & 0o777,
    );
  });

  test('a change the file clock cannot show (same tick as the write) is caught by reading the bytes back', async () => {
    const place = scratch();
    const files = pages(5);
    await run(place, files);
    // Edit a page in place keeping its size, then make the record say what a same-tick edit leaves:
    // the identity the file has now, written no earlier than the stamp.
    const edited = path.join(place.outDir, 'docs/page-1/index.html');
    const handle = openSync(edited, 'r+');
    writeSync(handle, 'EDITED', 4);
    closeSync(handle);
    const recordFile = path.join(place.cacheDir, 'emit', readdirSync(path.join(place.cacheDir, 'emit'))[0]!);
    const record = JSON.parse(readFileSync(recordFile, 'utf8'));
    record.files['docs/page-1/index.html'].mtimeNs = String(lstatSync(edited, { bigint: true }).mtimeNs);
    record.stamp = '0';
    writeFileSync(recordFile, JSON.stringify(record));

    const result = await run(place, files);
    assertOutput(place.outDir, files);
    assert.equal(result.linked, files.size - 1, 'the other files, read back and found right, are linked');
  });

  test('an output file replaced by a symbolic link to a file outside becomes a regular file; the outside file is untouched', async () => {
    const place = scratch();
    const files = pages(5);
    await run(place, files);
    const outside = path.join(place.root, 'outside.html');
    writeFileSync(outside, files.get('docs/page-1/index.html')!);
    utimesSync(outside, new Date('2020-01-01'), new Date('2020-01-01'));
    const linkPath = path.join(place.outDir, 'docs/page-1/index.html');
    rmSync(linkPath);
    symlinkSync(outside, linkPath);

    await run(place, files);
    assertOutput(place.outDir, files);
    assert.equal(readFileSync(outside, 'utf8'), files.get('docs/page-1/index.html'));
    assert.equal(statSync(outside).mtime.toISOString(), '2020-01-01T00:00:00.000Z');
    assert.equal(lstatSync(outside).nlink, 1);
  });

  test('a folder of the output moved outside and replaced by a link to it: its files are written, not linked, and stay outside untouched', async () => {
    const place = scratch();
    const files = pages(5);
    await run(place, files);
    const moved = path.join(place.root, 'moved-docs');
    renameSync(path.join(place.outDir, 'docs'), moved);
    symlinkSync(moved, path.join(place.outDir, 'docs'));
    const outsideInode = lstatSync(path.join(moved, 'page-1', 'index.html')).ino;

    const result = await run(place, files);
    assert.equal(result.linked, 1, 'only assets/app.js, outside the linked folder');
    assertOutput(place.outDir, files);
    assert.notEqual(inode(place, 'docs/page-1/index.html'), outsideInode);
    assert.equal(lstatSync(path.join(moved, 'page-1', 'index.html')).nlink, 1);
  });

  test('a file with a second link outside the output (a backup made with cp -al) is written, so the backup stays its own', async () => {
    const place = scratch();
    const files = pages(5);
    await run(place, files);
    const backup = path.join(place.root, 'backup.html');
    linkSync(path.join(place.outDir, 'docs/page-1/index.html'), backup);

    await run(place, files);
    assertOutput(place.outDir, files);
    writeFileSync(backup, 'changed in the backup');
    assert.equal(readFileSync(path.join(place.outDir, 'docs/page-1/index.html'), 'utf8'), files.get('docs/page-1/index.html'));
  });
});

describe('static files', () => {
  function site(place: Place) {
    const siteDir = path.join(place.root, 'site');
    const dir = path.join(siteDir, 'content', 'static');
    mkdirSync(path.join(dir, 'img'), { recursive: true });
    const old = new Date(Date.now() - 3600_000);
    for (const [file, body] of [
      ['img/logo.svg', '<svg>logo</svg>'],
      ['robots.txt', 'User-agent: *\n'],
    ] as const) {
      writeFileSync(path.join(dir, file), body);
      utimesSync(path.join(dir, file), old, old);
    }
    return { dir, siteDir, files: ['img/logo.svg', 'robots.txt'] };
  }

  test('a static file whose source has not changed is linked; one whose source changed is copied anew', async () => {
    const place = scratch();
    const statics = site(place);
    await run(place, new Map(), { statics });
    const before = inode(place, 'img/logo.svg');
    const second = await run(place, new Map(), { statics });
    assert.equal(second.linked, 2);
    assert.equal(inode(place, 'img/logo.svg'), before);

    writeFileSync(path.join(statics.dir, 'img/logo.svg'), '<svg>LOGO</svg>');
    const third = await run(place, new Map(), { statics });
    assert.equal(third.linked, 1);
    assertOutput(
      place.outDir,
      new Map([
        ['img/logo.svg', '<svg>LOGO</svg>'],
        ['robots.txt', 'User-agent: *\n'],
      ]),
    );
    // Changed a moment ago, so it might change again within the same tick of the file clock: copied until it settles.
    assert.equal((await run(place, new Map(), { statics })).linked, 1);
  });

  test('a static file and a generated file at the same path: the generated one wins, linked or not', async () => {
    const place = scratch();
    const statics = site(place);
    const files = new Map([['robots.txt', 'generated\n']]);
    await run(place, new Map(), { statics });
    await run(place, files, { statics });
    assertOutput(
      place.outDir,
      new Map([
        ['img/logo.svg', '<svg>logo</svg>'],
        ['robots.txt', 'generated\n'],
      ]),
    );
    await run(place, files, { statics });
    assertOutput(
      place.outDir,
      new Map([
        ['img/logo.svg', '<svg>logo</svg>'],
        ['robots.txt', 'generated\n'],
      ]),
    );
  });
});

describe('atomic output with links: an emit killed at any file operation leaves the previous or the new output', () => {
  const hook = path.join(repoRoot, 'test', 'support', 'fault', 'kill-during-emit.mjs');
  const driver = path.join(repoRoot, 'test', 'support', 'fault', 'emit-driver.ts');

  test('20 random kill points in emits that link most of their files, each followed by a check of what the next emit writes', (t) => {
    const place = scratch();
    const siteDir = path.join(place.root, 'site');
    mkdirSync(path.join(siteDir, 'static', 'img'), { recursive: true });
    const old = new Date(Date.now() - 3600_000);
    for (const [file, body] of [
      ['img/logo.svg', '<svg>logo</svg>'],
      ['robots.txt', 'User-agent: *\n'],
    ] as const) {
      writeFileSync(path.join(siteDir, 'static', file), body);
      utimesSync(path.join(siteDir, 'static', file), old, old);
    }
    const countFile = path.join(place.root, 'count');
    const emitVersion = (version: 'a' | 'b', killAt: number) =>
      spawnSync(process.execPath, ['--import', 'tsx', '--import', hook, driver, place.outDir, place.cacheDir, siteDir, version], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: CLI_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        env: { ...process.env, FAULT_OUT_DIR: place.outDir, FAULT_KILL_AT: String(killAt), FAULT_COUNT_FILE: countFile },
      });
    const counted = (version: 'a' | 'b') => {
      const result = emitVersion(version, 0);
      assert.equal(result.status, 0, result.stderr);
      return Number(readFileSync(countFile, 'utf8'));
    };

    counted('a');
    counted('a');
    const unchanged = path.join(place.outDir, 'docs', 'page-0', 'index.html');
    const before = lstatSync(unchanged).ino;
    const opsB = counted('b');
    assert.equal(lstatSync(unchanged).ino, before, 'the emits link unchanged files, so kill points fall among links');
    const snapB = tree(place.outDir);
    const opsA = counted('a');
    const snapA = tree(place.outDir);
    assert.notDeepEqual(snapA, snapB);

    const seed = Number(process.env.FAULT_SEED ?? Date.now() % 100000);
    t.diagnostic(`seed ${seed} (FAULT_SEED=${seed} repeats this run); ${opsB} operations in emitting B over A, ${opsA} in A over B`);
    let state = seed;
    const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    let previous = snapA;
    let cut = 0;
    for (let i = 0; i < 20; i++) {
      const [version, snap, ops] = i % 2 === 0 ? (['b', snapB, opsB] as const) : (['a', snapA, opsA] as const);
      // The last two operations (the marker stamped just before the swap, the old output removed
      // just after it) come up often; the rest anywhere.
      const killAt = i % 5 === 0 ? ops - (i % 10 === 0 ? 0 : 1) : 1 + Math.floor(random() * ops);
      const result = emitVersion(version, killAt);
      // How many operations an emit makes depends on the spare the run before left (a cut run leaves
      // none): a point past the end lets the emit finish, which must then leave the new output.
      if (result.signal === 'SIGKILL') cut += 1;
      else assert.equal(result.status, 0, `run ${i} (kill at ${killAt} of about ${ops}) failed: ${result.stderr}`);
      const now = tree(place.outDir);
      if (result.signal !== 'SIGKILL') assert.ok(isSame(now, snap), `run ${i} finished without a cut but left another output`);
      assert.ok(
        isSame(now, previous) || isSame(now, snap),
        `run ${i}, killed at operation ${killAt} of ${ops}: the output is neither the previous nor the new one`,
      );
      previous = now;
      // Whatever record the cut left, the next whole emit writes exactly its version.
      if (i % 4 === 3) {
        const whole = i % 8 === 3 ? 'a' : 'b';
        assert.equal(emitVersion(whole, 0).status, 0);
        previous = tree(place.outDir);
        assert.ok(isSame(previous, whole === 'a' ? snapA : snapB), `after run ${i}, a whole emit of ${whole} wrote something else`);
      }
    }
    assert.ok(cut >= 14, `only ${cut} of 20 emits were cut`);
    assert.equal(emitVersion('b', 0).status, 0);
    assert.ok(isSame(tree(place.outDir), snapB));
    assert.deepEqual(
      readdirSync(place.root).filter((name) => name.startsWith('.build.')),
      [],
      'leftovers removed',
    );
    for (const file of tree(place.outDir).keys()) assertOwnBytes(place.outDir, file, place.cacheDir);
  });
});

function isSame(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([file, digest]) => b.get(file) === digest);
}

describe("the spare, the previous output the next emit starts from, is judged by the output's record", () => {
  const spareDir = (place: Place) => {
    const emitDir = path.join(place.cacheDir, 'emit');
    return path.join(
      emitDir,
      readdirSync(emitDir).find((name) => name.endsWith('.spare'))!,
    );
  };

  test('an older version it holds, a file edited by hand, replaced or added in it: none reaches the output', async () => {
    const place = scratch();
    await run(place, pages(20));
    await run(place, pages(20, [5]));
    // The spare is the first output: its page 5 is the older version, which the record no longer describes.
    const third = await run(place, pages(20, [5]));
    assertOutput(place.outDir, pages(20, [5]));
    assert.equal(third.linked, pages(20).size, 'every file kept from the spare or linked from the output');

    // Page 1 edited in place: the spare's page 1 is the same inode, so it changed as well.
    const handle = openSync(path.join(place.outDir, 'docs/page-1/index.html'), 'r+');
    writeSync(handle, 'EDITED', 4);
    closeSync(handle);
    // In the spare, page 2 replaced by another file of the same size, and a file added.
    const spare = spareDir(place);
    const page2 = path.join(spare, 'docs/page-2/index.html');
    const bytes = readFileSync(page2);
    rmSync(page2);
    writeFileSync(page2, Buffer.from(bytes.toString().replace('Page 2', 'Page X')));
    writeFileSync(path.join(spare, 'docs/page-3/extra.html'), "not docsite's");

    const fourth = await run(place, pages(20, [5]));
    assertOutput(place.outDir, pages(20, [5]));
    assert.equal(fourth.linked, pages(20).size - 1, 'page 1 written afresh; page 2, found changed in the spare, linked from the output');
  });
});

test('a body given in pieces is written as the pieces joined, recorded by their digest and linked the next time', async () => {
  const place = scratch();
  // More pieces than one gathered write takes (IOV_MAX, 1024 on Linux).
  const pieces = Array.from({ length: 3000 }, (_, i) => Buffer.from(`{"record":${i},"text":"✓ ${'x'.repeat(i % 50)}"},`));
  const files = new Map<string, string | LazyBody>([...pages(3), ['_docsite/search/records.json', piecesBody(pieces)]]);
  const expected = new Map<string, string | Buffer>([...pages(3), ['_docsite/search/records.json', Buffer.concat(pieces)]]);
  await emit({ outDir: place.outDir, cacheDir: place.cacheDir, files });
  assertOutput(place.outDir, expected);
  const again = await emit({ outDir: place.outDir, cacheDir: place.cacheDir, files });
  assertOutput(place.outDir, expected);
  assert.equal(again.linked, files.size);
});

test('bytes known by a name instead of their digest are kept while unchanged, and a same-tick edit of them is caught by comparing the bytes', async () => {
  const place = scratch();
  const pieces = Array.from({ length: 50 }, (_, i) => Buffer.from(`{"record":${i}},`));
  const records = '_docsite/search/records.json';
  const index = '_docsite/search/index.json';
  const indexBytes = Buffer.from('{"v":1,"pages":[]}'.repeat(100));
  const files = new Map<string, string | Buffer | LazyBody>([...pages(3), [records, piecesBody(pieces, 'name-of-the-records')], [index, indexBytes]]);
  const digests = new Map([[index, 'name-of-the-index']]);
  const expected = new Map<string, string | Buffer>([...pages(3), [records, Buffer.concat(pieces)], [index, indexBytes]]);
  await emit({ outDir: place.outDir, cacheDir: place.cacheDir, files, digests });
  assertOutput(place.outDir, expected);

  const recordFile = () =>
    path.join(
      place.cacheDir,
      'emit',
      readdirSync(path.join(place.cacheDir, 'emit')).find((name) => name.endsWith('.json') && !name.includes('spare'))!,
    );
  assert.equal(JSON.parse(readFileSync(recordFile(), 'utf8')).files[records].digest, 'name-of-the-records');
  // Every file as if written in the stamp's tick, so that only reading it back can vouch for it.
  const sameTick = (edited: string[]) => {
    for (const file of edited) {
      const handle = openSync(path.join(place.outDir, file), 'r+');
      writeSync(handle, 'EDITED', 2);
      closeSync(handle);
    }
    const record = JSON.parse(readFileSync(recordFile(), 'utf8'));
    for (const file of edited) record.files[file].mtimeNs = String(lstatSync(path.join(place.outDir, file), { bigint: true }).mtimeNs);
    record.stamp = '0';
    writeFileSync(recordFile(), JSON.stringify(record));
  };

  sameTick([]);
  const unchanged = await emit({ outDir: place.outDir, cacheDir: place.cacheDir, files, digests });
  assertOutput(place.outDir, expected);
  assert.equal(unchanged.linked, files.size, 'read back and found to be the same bytes, the named files are kept too');

  // The two named files edited in place by hand: their names say nothing of the new bytes.
  sameTick([records, index]);
  const edited = await emit({ outDir: place.outDir, cacheDir: place.cacheDir, files, digests });
  assertOutput(place.outDir, expected);
  assert.equal(edited.linked, files.size - 2, 'the pages are kept; the two edited files are written afresh');
});

test("a folder or a file of the output moved away and copied back with the same times: the spare's inode it shares stays outside the new output", async () => {
  const place = scratch();
  const files = pages(20);
  await run(place, files);
  await run(place, files);
  // cp -a of a folder: new inodes, the same bytes and times; the original moved out of the output.
  const folder = path.join(place.outDir, 'docs/page-1');
  const movedFolder = path.join(place.root, 'moved-page-1');
  renameSync(folder, movedFolder);
  mkdirSync(folder);
  const copy = (from: string, to: string) => {
    writeFileSync(to, readFileSync(from));
    const { atime, mtime } = statSync(from);
    utimesSync(to, atime, mtime);
  };
  copy(path.join(movedFolder, 'index.html'), path.join(folder, 'index.html'));
  utimesSync(folder, statSync(movedFolder).atime, statSync(movedFolder).mtime);
  // The same for a single file, in a folder left in place.
  const file = path.join(place.outDir, 'docs/page-2/index.html');
  const movedFile = path.join(place.root, 'moved-page-2.html');
  renameSync(file, movedFile);
  copy(movedFile, file);

  await run(place, files);
  assertOutput(place.outDir, files);
  for (const [moved, name] of [
    [path.join(movedFolder, 'index.html'), 'docs/page-1/index.html'],
    [movedFile, 'docs/page-2/index.html'],
  ] as const) {
    assert.equal(lstatSync(moved).nlink, 1, `${moved} shares its inode with nothing docsite keeps`);
    assert.notEqual(inode(place, name), lstatSync(moved).ino);
  }
});
