/** The worker pool shared by MDX compilation and prerendering (tinypool), and the fingerprint of its code. */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Tinypool from 'tinypool';
import { DocsiteError } from '../core/errors';
import type { TaskRunner } from '../core/tasks';
import { timeLimitMs } from '../core/time-limit';
import { bundleFingerprints, sourceCompilerFingerprint, sourceFingerprint } from './code-fingerprint';

/** `worker.js` beside the bundled CLI, or the tsx-registering entry beside this file when running from source. */
export function workerFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const js = path.join(here, 'worker.js');
  return existsSync(js) ? js : path.join(here, 'worker-dev.mjs');
}

/**
 * The flags a docsite thread starts with: none when it runs from the TypeScript sources (tests),
 * undefined otherwise, so the thread inherits the process's flags as Node's threads do (a list
 * given is checked, and a flag such as --trace-gc is refused in one). worker-dev.mjs registers tsx
 * in the thread itself, and the process's own preloads (`--import tsx`, the tests' temporary
 * folder) each loaded again in every thread: tsx's hooks chained twice, and every module a thread
 * loaded went through both.
 */
export function workerExecArgv(): string[] | undefined {
  return workerFile().endsWith('worker-dev.mjs') ? [] : undefined;
}

/**
 * Changes whenever the compiler's code changes, so cached compile results never outlive it. Bundled,
 * that is worker.js and every chunk it loads (dist/ is code-split), but not the CLI's own chunks: a
 * change to the servers or the CLI keeps the compile cache.
 */
export function compilerFingerprint(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return existsSync(path.join(here, 'worker.js')) ? bundleFingerprints(here).compiler : sourceCompilerFingerprint(path.join(here, '..'));
}

export type WorkerPool = Tinypool;

/**
 * Gives every thread a small task of `task`'s kind, so each builds what it keeps warm (the MDX
 * compiler and shiki's themes and grammars) while the main thread does other work; a pool that
 * starts its threads on demand starts all of them now. Fire and forget: a failure here shows again,
 * properly reported, when the real task runs.
 */
export function warmWorkers(pool: WorkerPool, task: unknown, name: string, threads = pool.options.maxThreads): void {
  let pending = warming.get(pool);
  if (!pending) warming.set(pool, (pending = new Set()));
  for (let i = 0; i < threads; i++) {
    const run: Promise<unknown> = pool.run(task, { name }).catch(() => undefined);
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }
}

/** The warm-up tasks each pool's threads are still running. */
const warming = new WeakMap<WorkerPool, Set<Promise<unknown>>>();

/**
 * Runs one task of a few pages, once a thread is done warming up, when the pool could still start
 * threads. Given while every thread the pool has is busy, a task makes it start another, although
 * the one warming up is free in a moment and the new one would not be: a new thread keeps a core
 * busy while it starts, and loads its modules anew for its first task. An edit build, one page to compile
 * on the one thread warming up, would pay that on a second core while both are needed. Tasks of a
 * whole site go to the pool at once instead.
 */
export async function runAfterWarmUp(pool: WorkerPool, task: TimedTask, name: string): Promise<unknown> {
  const pending = warming.get(pool);
  // A pool at its full size queues the task behind the first thread to free instead.
  if (pending?.size && pool.threads.length < pool.options.maxThreads) await Promise.race(pending);
  return runTimed(pool, task, name);
}

/**
 * A task of several items (pages) whose thread says which it is on: it stores 1 in `progress`
 * when it starts and `i + 2` when it starts item `i` (see worker.ts).
 */
export interface TimedTask {
  progress?: SharedArrayBuffer;
}

/** A task ended because one of its items (-1: what it loads before the first) passed the time limit; its thread was ended. */
export class TaskTimedOut extends Error {
  constructor(
    readonly item: number,
    readonly limitMs: number,
  ) {
    super(`a task passed its time limit of ${limitMs} ms`);
    this.name = 'TaskTimedOut';
  }
}

/** The error of a page whose compile or render passed the time limit (`doing` is e.g. `rendering`). */
export function timeLimitError(file: string, doing: string, limitMs: number): DocsiteError {
  return new DocsiteError({
    code: 'TIME_LIMIT',
    message: `docsite stopped ${doing} this page after ${limitMs / 1000} s, the time limit per page.`,
    hint: 'Look for code that never ends in the page or the components it uses (a loop, a component that renders itself). DOCSITE_TIME_LIMIT sets the limit in seconds.',
    loc: { file },
  });
}

/**
 * Runs a task in the pool with a time limit on each of its items: when the thread has been on one
 * item longer than the limit (an endless loop in a page or a component), the task is aborted,
 * which ends its thread, and this rejects with TaskTimedOut naming the item. Time queued for a
 * thread does not count.
 */
export async function runTimed(pool: WorkerPool, task: TimedTask, name: string, limitMs = timeLimitMs()): Promise<unknown> {
  const progress = new Int32Array(new SharedArrayBuffer(4));
  const controller = new AbortController();
  let seen = 0;
  let since = Date.now();
  let timedOut: TaskTimedOut | undefined;
  const timer = setInterval(
    () => {
      const now = Atomics.load(progress, 0);
      if (now !== seen) {
        seen = now;
        since = Date.now();
      } else if (now !== 0 && Date.now() - since > limitMs) {
        timedOut = new TaskTimedOut(now - 2, limitMs);
        controller.abort();
      }
    },
    Math.max(10, Math.min(500, limitMs / 4)),
  );
  try {
    return await pool.run({ ...task, progress: progress.buffer }, { name, signal: controller.signal });
  } catch (error) {
    throw timedOut ?? error;
  } finally {
    clearInterval(timer);
  }
}

/**
 * The young generation of each worker's heap, in MB, several times V8's default. Compiling a page
 * allocates its syntax trees, which all die when the page is done; with small semi-spaces a scavenge
 * comes every few pages and copies the trees of the page under way. Larger, scavenges are rarer and
 * find less alive, for more memory held by each thread.
 */
const YOUNG_GENERATION_MB = 192;

export interface WorkerPoolOptions {
  /** How many threads the pool runs at most (one per core when not given). */
  threads?: number;
  /**
   * Start a thread only when a task finds none free, rather than all of them at once. A build that
   * compiles and renders nothing then starts none (each keeps a core busy loading its code), and
   * one that compiles and renders a page starts one.
   */
  onDemand?: boolean;
}

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const threads = options.threads ?? Math.max(1, os.availableParallelism());
  return new Tinypool({
    filename: workerFile(),
    execArgv: workerExecArgv(),
    minThreads: options.onDemand ? 0 : threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}

/**
 * Runs each task in a thread of its own, started for it and ended after it: for one long task that
 * should not wait behind the pool's queue (TypeDoc beside the compile), and whose memory goes with
 * its thread.
 */
export function threadPerTask(): TaskRunner {
  return {
    async run(task, options) {
      // V8's default young generation: a long task's objects mostly live to its end, and a large one copies them at every scavenge.
      const pool = new Tinypool({ filename: workerFile(), execArgv: workerExecArgv(), minThreads: 0, maxThreads: 1 });
      try {
        return await pool.run(task, options);
      } finally {
        await pool.destroy();
      }
    },
  };
}

/** Changes whenever any of docsite's own code changes: part of the whole-build cache key. */
export function docsiteFingerprint(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return existsSync(path.join(here, 'cli.js')) ? bundleFingerprints(here).docsite : sourceFingerprint(path.join(here, '..'));
}
