/**
 * A config or sidebars module runs on the main thread, where nothing else can stop an endless loop
 * in it. A watchdog thread waits for the load to finish; past the time limit it prints the error
 * itself and ends the process with exit code 1. A thread waiting on a shared flag costs next to
 * nothing while the load goes well, unlike evaluating the module first in a thread of its own.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { timeLimitMs } from '../core/time-limit';

/** The watchdog's code: wait on the flag; on time-out write the report to fd 2 and end the process. */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const flag = new Int32Array(workerData.flag);
if (Atomics.wait(flag, 0, 0, workerData.limitMs) === 'timed-out') {
  writeSync(2, workerData.report);
  // process.exit here would end this thread only: the C library's _exit ends the process.
  try {
    const koffi = require(workerData.koffi);
    const libc = process.platform === 'darwin' ? 'libSystem.B.dylib' : process.platform === 'win32' ? 'msvcrt.dll' : 'libc.so.6';
    koffi.load(libc).func('void _exit(int)')(1);
  } catch {}
  process.kill(process.pid, 'SIGKILL');
}
`;

/** Runs `load` (the module's evaluation) under the watchdog; `file` is how messages name the module. */
export async function underWatchdog<T>(file: string, load: () => Promise<T>): Promise<T> {
  const limitMs = timeLimitMs();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const report = [
    `error ${file}: ${file} did not finish loading within ${limitMs / 1000} s, the time limit; docsite stopped. [TIME_LIMIT]`,
    `  hint Look for code in ${file}, or in what it imports, that never ends (a loop). DOCSITE_TIME_LIMIT sets the limit in seconds.`,
    'The previous build output was left as it was.',
    '',
  ].join('\n');
  let koffi = '';
  try {
    koffi = createRequire(import.meta.url).resolve('koffi');
  } catch {
    // Without it the watchdog ends the process by a signal.
  }
  const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { flag: flag.buffer, limitMs, report, koffi } });
  watchdog.unref();
  try {
    return await load();
  } finally {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  }
}
