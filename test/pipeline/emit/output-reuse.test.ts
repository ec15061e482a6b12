/**
 * What a user sees of a build taking unchanged files from the previous output instead of writing
 * them: after an edit the output is what a cold build writes, byte for byte; nothing done by hand
 * to build/ survives the next build; and build/ shares no file with anything outside it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { coldBuildOf } from '../../support/cold-builds';
import { assertOwnBytes, CLI_TIMEOUT_MS, cliPath, copyFixture, repoRoot } from '../../support/helpers';

function build(site: string, outDir = 'build', cacheDir = path.join(site, '.docsite')): string {
  const result = spawnSync(process.execPath, [cliPath, 'build', site, '--out-dir', outDir], {
    encoding: 'utf8',
    timeout: CLI_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    env: { ...process.env, NO_COLOR: '1', DOCSITE_CACHE_DIR: cacheDir },
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

/**
 * Every file under `dir` with a digest of its bytes; a symbolic link, or a file with a second link
 * anywhere but in the spare emit keeps in the cache (`cacheDir`, by default `.docsite` beside the output), fails the test.
 */
function tree(dir: string, cacheDir = path.join(path.dirname(dir), '.docsite')): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, file);
    const info = lstatSync(full);
    assert.ok(!info.isSymbolicLink(), `${file} is a symbolic link`);
    if (!info.isFile()) continue;
    assertOwnBytes(dir, file, cacheDir);
    out.set(file, createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return out;
}

/** The fixture site, its static file dated an hour back, as one that has not changed for a while. */
function site(): string {
  const dir = copyFixture('basic-site');
  const old = new Date(Date.now() - 3600_000);
  utimesSync(path.join(dir, 'content', 'static', 'img', 'favicon.svg'), old, old);
  return dir;
}

function editPage(dir: string, n: number): void {
  const file = path.join(dir, 'content', 'docs', '01-guides', '01-setup.md');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nA sentence written by edit ${n}.\n`);
}

/**
 * The output a cold build of the site as it is now writes, in a folder and cache of its own; one made
 * of the same files earlier in this run (several tests make the same edits) is read instead.
 */
async function coldBuild(dir: string): Promise<Map<string, string>> {
  const made = await coldBuildOf({ site: dir, docsite: repoRoot }, (outDir, cacheDir) => {
    build(dir, outDir, cacheDir);
    // What the output shares its bytes with is checked here, while the build's own cache is there.
    tree(outDir, cacheDir);
  });
  return tree(made.dir, `${made.dir}.no-cache`);
}

/** Overwrites bytes in the middle of a file in place: same inode, same size. */
function editInPlace(file: string): void {
  const handle = openSync(file, 'r+');
  writeSync(handle, 'HAND EDIT', 20);
  closeSync(handle);
}

const page = (dir: string) => path.join(dir, 'build', 'docs', 'intro', 'index.html');
const favicon = (dir: string) => path.join(dir, 'build', 'img', 'favicon.svg');

test("after one-page edits the output equals a cold build byte for byte, no file linked outside docsite's folders", async () => {
  const dir = site();
  build(dir);
  for (let n = 1; n <= 2; n++) {
    editPage(dir, n);
    build(dir);
    assert.deepEqual(tree(path.join(dir, 'build')), await coldBuild(dir), `after edit ${n}`);
  }
});

test('a file edited by hand in build/ is written again by the next build, whether an input changed or not', async () => {
  const dir = site();
  build(dir);
  const clean = tree(path.join(dir, 'build'));

  editInPlace(page(dir));
  editInPlace(favicon(dir));
  editPage(dir, 1);
  build(dir);
  const edited = tree(path.join(dir, 'build'));
  assert.equal(edited.get(path.join('docs', 'intro', 'index.html')), clean.get(path.join('docs', 'intro', 'index.html')));
  assert.equal(edited.get(path.join('img', 'favicon.svg')), clean.get(path.join('img', 'favicon.svg')));
  assert.deepEqual(edited, await coldBuild(dir));

  editInPlace(page(dir));
  editInPlace(favicon(dir));
  assert.match(build(dir), /no input changed since the last build: its output was reused/);
  assert.deepEqual(tree(path.join(dir, 'build')), edited);
});

test('an output file replaced by a symbolic link to a file outside becomes a regular file again; the outside file is untouched', async () => {
  const dir = site();
  build(dir);
  const clean = tree(path.join(dir, 'build'));
  const outside = mkdtempSync(path.join(os.tmpdir(), 'docsite-outside-'));
  const targets = [
    [page(dir), path.join(outside, 'page.html')],
    [favicon(dir), path.join(outside, 'favicon.svg')],
  ] as const;
  const replaceByLinks = () => {
    for (const [file, target] of targets) {
      // The same bytes as the build's: only what the file is, not what it holds, gives it away.
      writeFileSync(target, readFileSync(file));
      utimesSync(target, new Date('2020-01-01'), new Date('2020-01-01'));
      rmSync(file);
      symlinkSync(target, file);
    }
  };

  replaceByLinks();
  editPage(dir, 1);
  build(dir);
  assert.deepEqual(tree(path.join(dir, 'build')), await coldBuild(dir));
  replaceByLinks();
  build(dir);
  assert.deepEqual(tree(path.join(dir, 'build')), await coldBuild(dir));
  for (const [file, target] of targets) {
    assert.equal(createHash('sha256').update(readFileSync(target)).digest('hex'), clean.get(path.relative(path.join(dir, 'build'), file)));
    assert.equal(statSync(target).mtime.toISOString(), '2020-01-01T00:00:00.000Z');
  }
});

test('a copy of build/ made of hard links (cp -al) stays apart from the output: changing it after the next build changes nothing in build/', async () => {
  const dir = site();
  build(dir);
  const backup = mkdtempSync(path.join(os.tmpdir(), 'docsite-backup-'));
  const files = [...tree(path.join(dir, 'build')).keys()];
  for (const file of files) {
    mkdirSync(path.dirname(path.join(backup, file)), { recursive: true });
    linkSync(path.join(dir, 'build', file), path.join(backup, file));
  }

  editPage(dir, 1);
  build(dir);
  const built = tree(path.join(dir, 'build'));
  for (const file of files) writeFileSync(path.join(backup, file), 'changed in the backup');
  assert.deepEqual(tree(path.join(dir, 'build')), built);
  assert.deepEqual(built, await coldBuild(dir));
});

test('a file edited by hand, then given back its old time, after the build that left it in the spare, is written again, and so is its compressed copy', async () => {
  const dir = site();
  build(dir);
  editPage(dir, 1);
  build(dir);
  const clean = tree(path.join(dir, 'build'));
  // The output and the spare now share these files' inodes: the edit reaches both. With its time
  // put back, only what else the record says of the file (its size here) tells the edit.
  for (const file of [page(dir), `${page(dir)}.br`]) {
    const before = lstatSync(file);
    appendFileSync(file, 'HAND EDIT');
    utimesSync(file, before.atime, before.mtime);
  }
  editPage(dir, 2);
  build(dir);
  const edited = tree(path.join(dir, 'build'));
  assert.equal(edited.get(path.join('docs', 'intro', 'index.html')), clean.get(path.join('docs', 'intro', 'index.html')));
  assert.equal(edited.get(path.join('docs', 'intro', 'index.html.br')), clean.get(path.join('docs', 'intro', 'index.html.br')));
  assert.deepEqual(edited, await coldBuild(dir));
});
