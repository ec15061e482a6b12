/**
 * What the dev server does while it is quiet between updates: every thread collects its garbage,
 * compile threads that grew are replaced, and fresh threads practise on the pages last worked on.
 */
import { warmCompilers } from '../pipeline/compile/compile';
import type { WorkerPool } from '../infra/pool';
import type { SiteGraph, SiteState } from '../pipeline/graph';
import { collectGarbage } from '../infra/garbage';
import { createQuietWork, returnFreeMemory } from './quiet';
import type { RenderThread } from './render-thread';

/** An update that compiled this many pages (the first one, or one after a config change) leaves the threads bloated. */
const LARGE_UPDATE_PAGES = 50;
/** How long after the last update the garbage it left is collected. */
const GARBAGE_AFTER_MS = 1000;
/** How long after the last update threads that compiled are replaced (see freshThreads). */
const THREADS_AFTER_MS = 10_000;
/**
 * The young generation of the threads that replace the first ones, in MB: V8's own size, not the
 * pool's larger one (see pool.ts), which speeds compiling a whole site. A thread's young generation
 * grows while its collections find much alive and does not shrink again, not even in a full
 * collection: compiling edit after edit, a thread grew the larger one to several times the memory
 * of a fresh thread. An edit compiles a page or a few, whose trees fit the smaller one.
 */
const EDIT_YOUNG_GENERATION_MB = 48;
/** How many of the pages last edited or opened fresh threads practise on, and how many times over. */
const PRACTICE_PAGES = 3;
const PRACTICE_ROUNDS = 3;

export interface Housekeeping {
  /** A page's source file was edited or opened: the next edit is most likely to one of these. */
  workedOn(file: string): void;
  /** An update ended that compiled `compiled` pages. */
  updated(compiled: number): void;
  /** Threads being replaced: an update waits for them. */
  recycled(): Promise<unknown>;
  /** An update (or a run of them) ended: the quiet-time work is due again once nothing else comes. */
  poke(): void;
  stop(): void;
}

export function createHousekeeping(parts: {
  pool: WorkerPool;
  graph: SiteGraph;
  renderThread: RenderThread;
  /** Whether an update is running. */
  busy(): boolean;
  /** The config of the site as it stands, when there is one. */
  config(): SiteState['config'] | undefined;
}): Housekeeping {
  const { pool, graph, renderThread, busy } = parts;
  // Whether the threads compiled anything since they were last replaced.
  let threadsWorked = false;
  // Threads being replaced (see freshThreads): an update waits for them.
  let recycled: Promise<unknown> = Promise.resolve();
  let recycles = 0;
  let closed = false;
  // Whether the threads are yet to practise (see freshThreads): the server's first threads are fresh
  // too, and when its first update compiles few pages (a site served before), nothing replaces them.
  // An update that starts stops the practice: the update's own pages warm the threads as much.
  let practiceDue = true;
  // The source files of the pages last edited or opened, the latest first: the next edit is most likely to one of them.
  const recent: string[] = [];
  const workedOn = (file: string) => {
    const at = recent.indexOf(file);
    if (at >= 0) recent.splice(at, 1);
    recent.unshift(file);
    recent.length = Math.min(recent.length, PRACTICE_PAGES);
  };

  // A thread keeps the memory its tasks grew it to (V8 and shiki's WebAssembly give little back):
  // after compiling the whole site each held far more than a fresh thread, and edits grew them further.
  // New threads take their place, after a large update at once, after edits once the server is quiet,
  // and get ready straight away, so the next edit finds them warm: they load the compiler at once, and
  // once nothing else runs they compile the pages last edited or opened a few times over (a new thread
  // is slow at its first pages, and without this the first edit after every pause met one).
  // A page handed to the pool while it replaced its threads came back with no result and no error,
  // and lost its route: an edit saved while the first update ran then vanished from the site.
  const freshThreads = () => {
    threadsWorked = false;
    const config = parts.config();
    pool.options.resourceLimits = { ...pool.options.resourceLimits, maxYoungGenerationSizeMb: EDIT_YOUNG_GENERATION_MB };
    const recycling = pool.recycleWorkers();
    recycles++;
    recycled = recycling.catch(() => undefined);
    void recycling.then(
      () => {
        if (config) warmCompilers(pool, config);
        practiceDue = true;
        practiseIfQuiet();
      },
      () => undefined,
    );
  };
  const practiseIfQuiet = () => {
    if (!practiceDue || busy() || closed) return;
    practiceDue = false;
    const recycle = recycles;
    void graph.practise([...recent], PRACTICE_ROUNDS, () => !busy() && !closed && recycle === recycles).catch(() => undefined);
  };
  // Every thread collects the garbage the updates left, and then the memory the C library holds free
  // goes back to the system: both heaps and native memory stay flat over a session of edits.
  const collectEverywhere = async () => {
    renderThread.collectGarbage();
    const compileThreads = threadsWorked
      ? Promise.all(pool.threads.map(() => pool.run(undefined, { name: 'collectGarbage' }).catch(() => undefined)))
      : undefined;
    collectGarbage();
    await compileThreads;
    returnFreeMemory();
  };
  const quiet = createQuietWork([
    { afterMs: GARBAGE_AFTER_MS, run: () => void collectEverywhere() },
    { afterMs: GARBAGE_AFTER_MS, run: practiseIfQuiet },
    { afterMs: THREADS_AFTER_MS, run: () => threadsWorked && !busy() && freshThreads() },
  ]);

  return {
    workedOn,
    updated(compiled) {
      if (compiled >= LARGE_UPDATE_PAGES) freshThreads();
      else if (compiled > 0) threadsWorked = true;
    },
    recycled: () => recycled,
    poke: () => quiet.poke(),
    stop() {
      closed = true;
      quiet.stop();
    },
  };
}
