/** Writing many files at once: their folders made first, then the files in batches, so a build neither waits on one file at a time nor opens thousands at once. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** Runs `work` over `items`, `size` at a time. */
export async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<unknown>, size = 64): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Makes the folder of every file (relative to `root`) that is about to be written. */
export async function makeParents(root: string, files: Iterable<string>): Promise<void> {
  const dirs = new Set<string>();
  for (const file of files) dirs.add(path.dirname(path.join(root, file)));
  await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
}
