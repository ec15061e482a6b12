/** Writing many files at once: their folders made first, then the files in batches, so a build neither waits on one file at a time nor opens thousands at once. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** Runs `work` over `items`, `size` at a time. */
export async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<unknown>, size = 64): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/**
 * Makes the folder of every file (relative to `root`) that is about to be written. Each folder is
 * made once, a level at a time from the top, so every mkdir is one system call that succeeds; a
 * recursive mkdir per file's folder, all at once, has most of them fail on a missing parent and retry.
 * Folders in `existing` (relative to `root`) are known to be there already.
 */
export async function makeParents(root: string, files: Iterable<string>, existing?: ReadonlySet<string>): Promise<void> {
  await mkdir(root, { recursive: true });
  const levels: string[][] = [];
  const seen = new Set<string>(existing);
  for (const file of files) {
    for (let dir = path.dirname(path.normalize(file)); dir !== '.' && !seen.has(dir); dir = path.dirname(dir)) {
      seen.add(dir);
      const depth = dir.split(path.sep).length - 1;
      (levels[depth] ??= []).push(dir);
    }
  }
  for (const level of levels) {
    if (!level) continue;
    await inBatches(level, (dir) =>
      mkdir(path.join(root, dir)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      }),
    );
  }
}
