// Loaded with `node --import` into a real `docsite build`: counts the writes, renames and removals
// the build makes at its output folder (and the temporary folders beside it), and kills the process
// with SIGKILL just before the Nth one. With FAULT_KILL_AT=0 it only counts, into FAULT_COUNT_FILE.
import { writeFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const outDir = process.env.FAULT_OUT_DIR;
const killAt = Number(process.env.FAULT_KILL_AT ?? '0');
const countFile = process.env.FAULT_COUNT_FILE;

if (isMainThread && outDir) {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const touchesOutput = (file) => {
    if (typeof file !== 'string') return false;
    const relative = path.relative(parent, path.resolve(file));
    return relative === base || relative.startsWith(`${base}${path.sep}`) || relative.startsWith(`.${base}.`);
  };
  const twoPaths = new Set(['rename', 'copyFile', 'cp', 'link', 'symlink']);
  let count = 0;
  const fsp = createRequire(import.meta.url)('node:fs/promises');
  for (const name of ['mkdir', 'writeFile', 'copyFile', 'cp', 'rename', 'rm', 'rmdir', 'unlink', 'link', 'symlink']) {
    const original = fsp[name];
    fsp[name] = (...args) => {
      // rename, copyFile, link and symlink name their destination second: a copy into the output counts.
      if (touchesOutput(args[0]) || (twoPaths.has(name) && touchesOutput(args[1]))) {
        count += 1;
        if (count === killAt) process.kill(process.pid, 'SIGKILL');
      }
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  if (countFile) process.on('exit', () => writeFileSync(countFile, String(count)));
}
