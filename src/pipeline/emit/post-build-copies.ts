/**
 * A Docusaurus site's postBuild hooks, run on the finished output, and the precompressed copies
 * (`x.br`, `x.gz`) of what they changed: a plugin that edits the written HTML or adds files (an
 * llms.txt) would otherwise leave copies of the old bytes, or none, beside them.
 */
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { runPostBuild, type PostBuildRoute } from '../../config/docusaurus/plugins/post-build';
import { ENCODINGS, compress, getsCopies, sourceOfSibling } from './precompress';

/** Runs the hooks (see runPostBuild) and then brings the copies of every file they wrote up to date, even when one threw. */
export async function postBuildWithCopies(config: ResolvedConfig, routes: PostBuildRoute[]): Promise<string[] | undefined> {
  if ((config.plugins?.postBuild ?? []).length === 0) return runPostBuild(config, routes);
  const before = await filesOf(config.outDir);
  try {
    return await runPostBuild(config, routes);
  } finally {
    await refreshCopies(config.outDir, before);
  }
}

/** Every file of the output but the copies, by relative path, with its size and modification time. */
async function filesOf(outDir: string): Promise<Map<string, { size: number; stamp: string }>> {
  const found = new Map<string, { size: number; stamp: string }>();
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      if (!entry.isFile()) return;
      const file = path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (sourceOfSibling(file)) return;
      const facts = await stat(path.join(outDir, file));
      found.set(file, { size: facts.size, stamp: `${facts.size}:${facts.mtimeMs}` });
    }),
  );
  return found;
}

/** New copies of the files written or changed since `before`; the copies of a file removed, or now too small, go. */
async function refreshCopies(outDir: string, before: Map<string, { stamp: string }>): Promise<void> {
  const after = await filesOf(outDir);
  const dropCopies = (file: string) => Promise.all(ENCODINGS.map((encoding) => rm(path.join(outDir, file + encoding.suffix), { force: true })));
  const work: Promise<unknown>[] = [];
  for (const [file, facts] of after) {
    if (before.get(file)?.stamp === facts.stamp) continue;
    if (!getsCopies(file, facts.size)) {
      work.push(dropCopies(file));
      continue;
    }
    work.push(
      readFile(path.join(outDir, file)).then((bytes) =>
        Promise.all(
          ENCODINGS.map(async (encoding) => {
            // Written beside and renamed over, so a copy the previous output shares by a link is left as it was.
            const target = path.join(outDir, file + encoding.suffix);
            await writeFile(`${target}.tmp`, await compress(bytes, encoding.name));
            await rename(`${target}.tmp`, target);
          }),
        ),
      ),
    );
  }
  for (const file of before.keys()) if (!after.has(file)) work.push(dropCopies(file));
  await Promise.all(work);
}
