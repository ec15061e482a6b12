/**
 * Housekeeping for the dev server, done when it has been quiet for a while rather than while someone
 * waits for a page: each task runs once its delay has passed since the last update, and a new
 * update puts every task's clock back to zero.
 */
import { createRequire } from 'node:module';

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

let trim: ((pad: number) => number) | null | undefined;

/**
 * Gives the memory the C library holds free back to the system (glibc's `malloc_trim`, through
 * koffi's FFI binding, as exchange.ts reaches renameat2). What V8 keeps outside its heap, what
 * React's and the compilers' native parts allocate, is malloc's: freed, it stays with the process
 * wherever a page of it still holds a live byte, in the arena of each thread that allocated it, so a
 * long session of edits left the server's resident memory high while its heaps were flat. glibc
 * returns only the top of each arena on its own; `malloc_trim(0)` returns every free page of all of
 * them. Elsewhere (macOS, musl) there is no such call and nothing is done.
 */
export function returnFreeMemory(): void {
  if (trim === undefined) {
    trim = null;
    try {
      if (process.platform === 'linux') {
        const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
        trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
      }
    } catch {
      // Not glibc (musl has no libc.so.6 nor malloc_trim), or no binding for this platform.
    }
  }
  trim?.(0);
}
