/**
 * Precompressed copies in the output: which files get `.br` and `.gz` copies beside them, and how a
 * copy is placed (kept while the bytes it was made from are the same, else compressed afresh).
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ENCODINGS, compress, getsCopies, mayCompress } from './precompress';
import { inBatches } from '../../infra/file-batches';
import { contentDigest } from '../../infra/digest';
import { bodySize, type Body } from '../../infra/body';
import type { CopiesAhead } from './compress-ahead';
import type { Placement } from './placement';
import type { Placer } from './placer';

export type CopyEncoding = (typeof ENCODINGS)[number];

/** Precompressed copies to write: by the path of the file they are made from, and every copy's path. */
export interface CopyPlan {
  bySource: Map<string, CopyEncoding[]>;
  paths: Set<string>;
}

export const NO_COPIES: CopyPlan = { bySource: new Map(), paths: new Set() };

/**
 * Which files get compressed copies: text files large enough to gain from it, generated (`files`)
 * or static (`statics.targets`: the output paths of each file under `statics.dir`; a static file a
 * generated one replaces has none of its own), except where a generated file has the copy's path.
 */
export async function planCopies(files: ReadonlyMap<string, Body>, statics?: { dir: string; targets: ReadonlyMap<string, string[]> }): Promise<CopyPlan> {
  const plan: CopyPlan = { bySource: new Map(), paths: new Set() };
  const add = (file: string, size: number) => {
    if (!getsCopies(file, size)) return;
    const encodings = ENCODINGS.filter((encoding) => !files.has(file + encoding.suffix));
    if (encodings.length === 0) return;
    plan.bySource.set(file, encodings);
    for (const encoding of encodings) plan.paths.add(file + encoding.suffix);
  };
  if (statics) {
    const candidates = [...statics.targets].filter(([file, targets]) => mayCompress(file) && targets.some((target) => !files.has(target)));
    const { dir } = statics;
    // The size of what the path leads to, once for all its places; placeStatics refuses a link that leads out of the site.
    await inBatches(candidates, async ([file, targets]) => {
      const info = await stat(path.join(dir, file)).catch(() => undefined);
      if (info?.isFile()) for (const target of targets) if (!files.has(target)) add(target, info.size);
    });
  }
  for (const [file, content] of files) add(file, bodySize(content));
  return plan;
}

/**
 * What a copy records it was made from (its `derived`): the compression settings and the digest of
 * its file's bytes; for a static file's copy, the settings alone, the file's source standing for the bytes.
 */
export const copyMadeFrom = (encoding: CopyEncoding, digest: string | undefined): string => (digest ? `${encoding.settings}:${digest}` : encoding.settings);

/**
 * The `encoding` copy of `file`, placed as `of`; `fresh` when the file was written afresh. A copy
 * records the compression settings and the digest of the bytes it was made from (for a static file,
 * the settings and the static file's identity), so the next build keeps it, unread, as long as
 * those are the same.
 */
export function copyPlacement(
  file: string,
  encoding: CopyEncoding,
  of: Placement,
  fresh: boolean,
  read: () => Promise<string | Uint8Array>,
  ahead?: CopiesAhead,
): Placement {
  const derived = copyMadeFrom(encoding, of.digest);
  return {
    source: of.source,
    derived,
    // Made from a digest: the digest says it all. Made from a static file: the source's identity must hold too.
    matches: (old) => !fresh && old.derived === derived && (of.digest !== undefined || (of.source !== undefined && of.matches(old))),
    readBack: async (dest, recorded) => recorded.digest !== undefined && contentDigest(await readFile(dest)) === recorded.digest,
    make: async (dest) => {
      const early = of.digest ? ahead?.take(file + encoding.suffix, of.digest) : undefined;
      const bytes = (await early?.catch(() => undefined)) ?? (await compress(await read(), encoding.name));
      await writeFile(dest, bytes);
      return contentDigest(bytes);
    },
  };
}

/**
 * The compressed copies of `file`, placed once the file is, as `of`; `read` reads the file's bytes.
 * `twin`, a file placed before with the same bytes, gives its copies where it has them.
 */
export async function placeCopies(
  file: string,
  of: Placement,
  read: () => Promise<string | Uint8Array>,
  placer: Placer,
  copies: CopyPlan,
  ahead?: CopiesAhead,
  twin?: string,
): Promise<void> {
  const encodings = copies.bySource.get(file);
  if (!encodings) return;
  // A file written afresh gets fresh copies, even of the same bytes: a copy is then never older than
  // its file, which is how a server tells a copy left behind by an edit made in the output by hand.
  const fresh = placer.isFresh(file);
  const twins = twin === undefined ? undefined : copies.bySource.get(twin);
  await Promise.all(
    encodings.map((encoding) => {
      const placement = copyPlacement(file, encoding, of, fresh, read, ahead);
      const same = twins?.includes(encoding) ? twin! + encoding.suffix : undefined;
      return placer.place(file + encoding.suffix, same ? { ...placement, make: (dest) => placer.copyPlaced(same, dest) } : placement);
    }),
  );
}
