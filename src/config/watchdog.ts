/**
 * A time limit on loading a config or sidebars module, which runs on the main thread where nothing
 * else can stop an endless loop in it: a watchdog thread ends the process past the limit, and under
 * `serve` the module is first tried in a thread of its own so the server outlives it.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DocsiteError } from '../core/errors';
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

/** The trial's code: import the module, then say it is done (a throw is reported by the real load). */
const TRIAL = `
const { workerData, parentPort } = require('node:worker_threads');
import(workerData.url).then(() => parentPort.postMessage('done'), () => parentPort.postMessage('done'));
`;

let trialFirst = false;
/** Modules that loaded within the limit: named by their code's digest, so a second load is the same code. */
const tried = new Set<string>();

/** Called by `docsite serve`: from now on a module past the time limit is an error, and the process lives on. */
export function keepProcessOnTimeLimit(): void {
  trialFirst = true;
}

/**
 * Runs `load` (the evaluation of the module at `url`) within the time limit; `file` is how messages
 * name the module. A watchdog thread waits for the load to finish; past the limit it prints the error
 * itself and ends the process with exit code 1. A thread waiting on a shared flag costs next to
 * nothing while the load goes well, unlike evaluating the module first in a thread of its own. The
 * dev server must outlive such a file, so under `serve` the module is first tried in a thread of its
 * own, which can be ended: past the limit the load is an error and the server goes on.
 */
export async function underWatchdog<T>(file: string, url: string, load: () => Promise<T>): Promise<T> {
  const limitMs = timeLimitMs();
  if (trialFirst) {
    if (!tried.has(url)) await trial(file, url, limitMs);
    tried.add(url);
    return load();
  }
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

/** Imports `url` in a thread of its own; past `limitMs` the thread is ended and this rejects with TIME_LIMIT. */
async function trial(file: string, url: string, limitMs: number): Promise<void> {
  const thread = new Worker(TRIAL, { eval: true, workerData: { url } });
  let timer: NodeJS.Timeout | undefined;
  try {
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => {
        thread.once('message', () => resolve(true));
        thread.once('error', () => resolve(true));
        thread.once('exit', () => resolve(true));
      }),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), limitMs))),
    ]);
    if (!finished) {
      throw new DocsiteError({
        code: 'TIME_LIMIT',
        message: `${file} did not finish loading within ${limitMs / 1000} s, the time limit.`,
        hint: `Look for code in ${file}, or in what it imports, that never ends (a loop). DOCSITE_TIME_LIMIT sets the limit in seconds.`,
        loc: { file },
      });
    }
  } finally {
    clearTimeout(timer);
    void thread.terminate();
  }
}
