/**
 * The build store's kind for coloured code blocks. Inside a worker, the MDX compiler's highlighter
 * looks blocks up in it; the blocks it colours go back to the main thread with the page's result,
 * which files them.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { frameEntry, unframeEntry } from './entry-frame';
import type { HighlightStore } from '../mdx/highlighter';

/** The store kind holding one coloured block per entry. */
export const HIGHLIGHT_KIND = 'highlight';

const folderOf = (cacheDir: string) => path.join(cacheDir, 'store', HIGHLIGHT_KIND);

export interface CollectingHighlightStore extends HighlightStore {
  /** The blocks coloured since the last call, to be filed by the main thread. */
  take(): [key: string, html: string][];
  /** The entries found damaged since the last call (each removed, and coloured again), for the main thread to warn of. */
  takeDamaged(): string[];
}

/**
 * The store as a worker's compiler sees it during one compile stage (`listing` names the stage:
 * another one lists the folder again). A worker never waits on a write, nor on reading a file that
 * is not there: it lists the folder once per compile stage and reads only entries the listing holds
 * (a cold build, or the first after docsite changed, reads nothing).
 */
export function workerHighlightStore(
  cacheDir: string,
  listing: string,
  previous?: { listing: string; names: Promise<Set<string>> },
): CollectingHighlightStore & { listing: string; names: Promise<Set<string>> } {
  const names =
    previous?.listing === listing
      ? previous.names
      : readdir(folderOf(cacheDir)).then(
          (found) => new Set(found.filter((name) => !name.includes('.'))),
          () => new Set<string>(),
        );
  let fresh: [string, string][] = [];
  let damaged: string[] = [];
  return {
    listing,
    names,
    async get(key) {
      if (!(await names).has(key)) return undefined;
      const file = path.join(folderOf(cacheDir), key);
      const bytes = await readFile(file).catch(() => undefined);
      if (!bytes) return undefined;
      // Framed as the store frames its entries: one that fails its checksums (damaged, or cut short
      // by a power failure: writes skip fsync, as the store's do) is a miss, never a broken page.
      const body = unframeEntry(bytes);
      if (body === 'damaged') {
        damaged.push(file);
        await rm(file, { force: true }).catch(() => undefined);
      }
      return typeof body === 'string' ? undefined : body.toString('utf8');
    },
    put(key, html) {
      fresh.push([key, html]);
    },
    take() {
      const taken = fresh;
      fresh = [];
      return taken;
    },
    takeDamaged() {
      const taken = damaged;
      damaged = [];
      return taken;
    },
  };
}

// Temporary names as the store's own: the key, a dot (no key has one, so `retain` sweeps a file a
// killed build left once it is old) and a suffix no other writer uses.
const prefix = `.${process.pid}-${randomBytes(4).toString('hex')}-`;
let written = 0;

/**
 * Files a block: written to a temporary file and renamed into place, as the store writes, but
 * without write-file-atomic's ownership, mode and exit-handler work, most of each write's cost for
 * blocks this small. A failure costs the next build a miss, never this one a failure.
 */
export async function fileHighlight(cacheDir: string, key: string, html: string): Promise<void> {
  const file = path.join(folderOf(cacheDir), key);
  const temp = `${file}${prefix}${written++}`;
  try {
    const framed = frameEntry(Buffer.from(html));
    await writeFile(temp, framed).catch(async (error: NodeJS.ErrnoException) => {
      // The kind's folder is made by its first write, and again if someone deleted the cache meanwhile.
      if (error.code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temp, framed);
    });
    await rename(temp, file);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}
