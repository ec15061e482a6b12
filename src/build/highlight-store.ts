/**
 * The build store's kind for coloured code blocks, as the MDX compiler's highlighter reads and
 * fills it inside a worker. Writes go on while the worker compiles its next page; `settle` waits for
 * them, so a task reports its pages only once their blocks are filed (a pool torn down at the end of
 * a build cannot cut them short).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
  // Temporary names as the store's own: the key, a dot (no key has one, so `retain` sweeps a file a
  // killed worker left once it is old) and a suffix no other writer uses.
  const prefix = `.${process.pid}-${randomBytes(4).toString('hex')}-`;
  let written = 0;

  /**
   * A block's entry written to a temporary file and renamed into place, as the store writes, but
   * without write-file-atomic's ownership, mode and exit-handler work: a cold build writes a couple
   * of blocks a page, and that work was most of each write's cost (about 0.5 ms against 0.2 ms).
   */
  const write = async (key: string, html: string) => {
    const file = store.fileOf(HIGHLIGHT_KIND, key);
    const temp = `${file}${prefix}${written++}`;
    try {
      await writeFile(temp, html).catch(async (error: NodeJS.ErrnoException) => {
        // The kind's folder is made by its first write, and again if someone deleted the cache meanwhile.
        if (error.code !== 'ENOENT') throw error;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, html);
      });
      await rename(temp, file);
    } catch {
      // A block not kept costs the next build a miss, never this one a failure.
      await rm(temp, { force: true }).catch(() => undefined);
    }
  };

  return {
    async get(key) {
      const html = (await store.getBytes(HIGHLIGHT_KIND, key))?.toString('utf8');
      // Every block's HTML ends its <pre>: a file cut short (a power failure; writes skip fsync, as
      // the store's do) is no entry, so it costs a miss, never a broken page.
      return html?.endsWith('</pre>') ? html : undefined;
    },
    put(key, html) {
      const writing = write(key, html);
      pending.add(writing);
      void writing.finally(() => pending.delete(writing));
    },
    async settle() {
      await Promise.all(pending);
    },
  };
}
