/** A full, compacting garbage collection of the calling thread's heap, which the dev server runs on its threads when it is quiet. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Each update and each page rendered or compiled leaves garbage behind, and V8 collects its old
 * generation only as the heap nears a limit that grows with the heap: a quiet thread would keep that
 * garbage, and the memory pages it fills, for as long as the session stays quiet. Collected, the
 * garbage still holds its pages unless V8 moves live objects off them, so this collection compacts
 * every page (`--compact-on-every-full-gc`, set for this one collection). V8's `gc()` is reachable
 * without `--expose-gc` on the command line: the flag holds for contexts made after it is set.
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
