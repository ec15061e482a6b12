import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { watchFiles } from '../../src/serve/watch';
import { repoRoot, until } from '../support/helpers';

/** Runs `source` as a module in a fresh Node; resolves with its exit code, or 'still running' after `ms`. */
function runAlone(source: string, ms: number): Promise<number | null | 'still running'> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-watch-'));
  const script = path.join(dir, 'script.mts');
  writeFileSync(script, source);
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still running');
    }, ms);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) process.stderr.write(output);
      resolve(code);
    });
  });
}

const watchModule = JSON.stringify(pathToFileURL(path.join(repoRoot, 'src', 'serve', 'watch.ts')).href);

// `docsite serve` closes its watcher on SIGTERM; an update still running then ends and asks to
// watch the folders it found. That must not open a watch, which would keep the process alive
// after the server was told to stop (CI waited on such a server until it timed out).
test('a watcher closed before a late add leaves nothing that keeps the process alive', async () => {
  const code = await runAlone(
    `import { writeFileSync } from 'node:fs';\n` +
      `import path from 'node:path';\n` +
      `import { watchFiles } from ${watchModule};\n` +
      `const dir = process.argv[2];\n` +
      `const late = path.join(dir, 'late.md');\n` +
      `writeFileSync(late, 'x');\n` +
      `const watcher = watchFiles([path.join(dir, 'script.mts')], () => {});\n` +
      `await watcher.ready;\n` +
      `await watcher.close();\n` +
      `watcher.add([late]);\n`,
    20_000,
  );
  assert.equal(code, 0, 'the process should end by itself once the watcher is closed');
});

test('a change that lands after close is not reported', async () => {
  const code = await runAlone(
    `import { writeFileSync } from 'node:fs';\n` +
      `import path from 'node:path';\n` +
      `import { watchFiles } from ${watchModule};\n` +
      `const dir = process.argv[2];\n` +
      `const page = path.join(dir, 'page.md');\n` +
      `writeFileSync(page, 'one');\n` +
      `const seen: string[][] = [];\n` +
      `const watcher = watchFiles([page], (changed) => seen.push(changed), { debounceMs: 300 });\n` +
      `await watcher.ready;\n` +
      `writeFileSync(page, 'two');\n` +
      // The file system reports the write within a few milliseconds; its batch waits out 300 ms.
      `await new Promise((r) => setTimeout(r, 150));\n` +
      `await watcher.close();\n` +
      `await new Promise((r) => setTimeout(r, 400));\n` +
      `if (seen.length !== 0) { console.error('reported after close:', JSON.stringify(seen)); process.exit(1); }\n`,
    20_000,
  );
  assert.equal(code, 0);
});

// `docsite serve` starts its watcher after the first page is sent: what was written after the first
// update began to read and before the watch was on is reported by `ready`, from the files' own times.
test('ready reports the files and folders written since changedSince, and not a file written before', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-watch-since-'));
  const docs = path.join(dir, 'docs');
  mkdirSync(docs);
  for (const name of ['edited.md', 'deleted.md']) writeFileSync(path.join(docs, name), name);
  // A file written when the packages were installed, long before.
  const installed = path.join(repoRoot, 'node_modules', 'chokidar', 'package.json');
  const since = Date.now();
  writeFileSync(path.join(docs, 'edited.md'), 'edited');
  writeFileSync(path.join(docs, 'added.md'), 'added');
  rmSync(path.join(docs, 'deleted.md'));
  const watcher = watchFiles([docs, installed], () => {}, { changedSince: since });
  try {
    const found = await watcher.ready;
    assert.ok(found.files.includes(path.join(docs, 'edited.md')), 'a file edited since is reported');
    assert.ok(found.files.includes(path.join(docs, 'added.md')), 'a file created since is reported');
    assert.ok(found.folders.includes(docs), 'the folder a file was created in or deleted from is reported');
    assert.ok(!found.files.includes(installed), 'a file untouched since is not');
    assert.ok(!found.folders.includes(dir), 'nor a folder that only holds a watched one');
  } finally {
    await watcher.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without changedSince, ready reports nothing', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-watch-since-'));
  writeFileSync(path.join(dir, 'page.md'), 'new');
  const watcher = watchFiles([dir], () => {});
  try {
    assert.deepEqual(await watcher.ready, { files: [], folders: [] });
  } finally {
    await watcher.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// chokidar 4 lets 'ready' come before a folder is walked when another path named does not exist (a
// site without site.config.ts): a write right after `ready` then went unseen.
test('ready comes once the folders are watched, even when a path named does not exist', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-watch-absent-'));
  const docs = path.join(dir, 'content', 'docs');
  mkdirSync(docs, { recursive: true });
  for (let i = 0; i < 200; i++) writeFileSync(path.join(docs, `page-${i}.md`), String(i));
  const seen: string[] = [];
  const watcher = watchFiles([path.join(dir, 'content'), path.join(dir, 'site.config.ts'), path.join(dir, 'src', 'theme')], (changed) => seen.push(...changed));
  try {
    await watcher.ready;
    writeFileSync(path.join(docs, 'page-199.md'), 'edited');
    const missing = await until(async () => (seen.some((file) => path.basename(file) === 'page-199.md') ? [] : ['page-199.md']), 20_000);
    assert.deepEqual(missing, [], 'a write after ready is reported');
  } finally {
    await watcher.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
