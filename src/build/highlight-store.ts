/**
 * The build store's kind for coloured code blocks, as the MDX compiler's highlighter reads and
 * fills it inside a worker. Writes go on while the worker compiles its next page; `settle` waits for
 * them, so a task reports its pages only once their blocks are filed (a pool torn down at the end of
 * a build cannot cut them short).
 */
import { createStore } from '../exec/store';
import type { HighlightStore } from '../mdx/highlighter';

/** The store kind holding one coloured block per entry. */
export const HIGHLIGHT_KIND = 'highlight';

export interface SettledHighlightStore extends HighlightStore {
  /** Resolves when every write started so far has ended (written or given up). */
  settle(): Promise<void>;
}

export function openHighlightStore(cacheDir: string): SettledHighlightStore {
  const store = createStore(cacheDir);
  const pending = new Set<Promise<void>>();
  return {
    async get(key) {
      const bytes = await store.getBytes(HIGHLIGHT_KIND, key);
      // The HTML of a block is never empty: an empty file is no entry.
      return bytes && bytes.length > 0 ? bytes.toString('utf8') : undefined;
    },
    put(key, html) {
      // A failed write costs the next build a miss, never this one a failure.
      const write = store.putBytes(HIGHLIGHT_KIND, key, html).catch(() => undefined);
      pending.add(write);
      void write.finally(() => pending.delete(write));
    },
    async settle() {
      await Promise.all(pending);
    },
  };
}
