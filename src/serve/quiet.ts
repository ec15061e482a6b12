/**
 * Housekeeping for the dev server, done when it has been quiet for a while rather than while someone
 * waits for a page: each task runs once its delay has passed since the last update, and a new
 * update puts every task's clock back to zero.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface QuietTask {
  afterMs: number;
  run(): void;
}

export interface QuietWork {
  /** An update finished: each task runs `afterMs` from now unless another update comes first. */
  poke(): void;
  stop(): void;
}

export function createQuietWork(tasks: QuietTask[]): QuietWork {
  let timers: NodeJS.Timeout[] = [];
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  return {
    poke() {
      stop();
      // Unreferenced: housekeeping never keeps the process alive.
      timers = tasks.map((task) => setTimeout(task.run, task.afterMs).unref());
    },
    stop,
  };
}

let gc: (() => void) | undefined;

/**
 * A full garbage collection of the main thread. Each update leaves the previous route table, page
 * data and outputs behind, and V8 collects its old generation only as the heap nears a limit that
 * grows with the heap: over an afternoon of edits a session climbed by hundreds of MB before it did.
 * V8's `gc()` is reachable without `--expose-gc` on the command line: the flag holds for contexts
 * made after it is set.
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
