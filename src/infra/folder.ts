/** Folders docsite keeps for itself: pruned to what the last run used, and their files' digests. */
import { createHash } from 'node:crypto';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Removes what an earlier build left in `dir` that this one did not use, so the folder stays the size of one site. */
export async function retainFiles(dir: string, keep: Set<string>): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
}

/** The digest of each file under `dir`, by its path there with forward slashes. */
export async function folderDigests(dir: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        digests[path.relative(dir, file).split(path.sep).join('/')] = createHash('sha256')
          .update(await readFile(file))
          .digest('hex');
      }),
  );
  return digests;
}
