import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { repoRoot } from '../helpers';

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
      `const watcher = watchFiles([page], (changed) => seen.push(changed), 300);\n` +
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
