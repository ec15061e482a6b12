/**
 * What goes into the output and how: each generated and static file, with its compressed copies,
 * left in the spare, linked from the previous output or written, through the placer.
 */
import { constants } from 'node:fs';
import { copyFile, lstat, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';
import { identityOf, sameIdentity, type SourceStamp } from './emit-record';
import { inBatches } from '../../infra/file-batches';
import type { StageProgress } from '../../infra/reporter';
import { contentDigest } from '../../infra/digest';
import { bodySize, isLazy, readBody, type Body } from '../../infra/body';
import type { CopiesAhead } from './compress-ahead';
import { copyMadeFrom, copyPlacement, placeCopies, type CopyPlan } from './copies';
import { byDigest, holdsBody, type Placement } from './placement';
import type { Placer } from './placer';

/** Files copied as they are (content/static): relative paths under `dir`, read only inside `siteDir`. */
export interface Statics {
  dir: string;
  files: string[];
  siteDir: string;
  /** The output folders (`fr`) of the locales other than the default: each gets a copy of every file (see staticTargets). */
  locales?: string[];
}

/** A static source changed this recently might change again within the same tick of a coarse file clock without its time moving. */
const SETTLED_MS = 2000;

/** Places the generated `files` and their copies; returns the bytes of the files (not of the copies). */
export async function placeFiles(
  files: Map<string, Body>,
  placer: Placer,
  digests: ReadonlyMap<string, string> | undefined,
  copies: CopyPlan,
  progress: StageProgress,
  ahead?: CopiesAhead,
): Promise<number> {
  await placer.parentsOf(files.keys());
  let bytes = 0;
  let kept = 0;
  // Files the spare holds already, and their copies, are left there in one synchronous pass; the
  // rest, and the copies of a kept file the spare does not hold, are placed after it, a batch at a time.
  const later: (() => Promise<void>)[] = [];
  for (const [file, content] of files) {
    // The bytes are read once for the file and its compressed copies, and let go once all are placed.
    let reading: Promise<string | Uint8Array> | undefined;
    const read = () => (reading ??= readBody(content));
    const lazy = isLazy(content);
    bytes += bodySize(content);
    const digest = lazy ? content.digest : placer.recording ? (digests?.get(file) ?? contentDigest(content)) : undefined;
    let made: Placement | undefined;
    const placement = (): Placement =>
      (made ??= lazy
        ? { ...byDigest(digest, content.holds?.bind(content)), make: async (dest) => (content.write ? content.write(dest) : writeFile(dest, await read())) }
        : { ...byDigest(digest, holdsBody(content)), make: (dest) => writeFile(dest, content) });
    if (digest !== undefined && placer.keepRecorded(file, 'digest', digest, placement)) {
      for (const encoding of copies.bySource.get(file) ?? []) {
        const copyFile = file + encoding.suffix;
        const copy = () => copyPlacement(file, encoding, placement(), false, read, ahead);
        if (!placer.keepRecorded(copyFile, 'derived', copyMadeFrom(encoding, digest), copy)) later.push(() => placer.place(copyFile, copy()));
      }
      kept++;
      continue;
    }
    later.push(async () => {
      await placer.place(file, placement());
      await placeCopies(file, placement(), read, placer, copies, ahead);
      reading = undefined;
      progress.advance();
    });
  }
  progress.advance(kept);
  await inBatches(later, (run) => run());
  return bytes;
}

/**
 * Copies each static file by its real path, as a regular file, to each of its places in the output
 * (`targets`, see staticTargets): no link is ever copied, nothing outside the site is read, and a
 * file's path is resolved, its source stamped and its bytes read (for its compressed copies) once
 * for all its places. A place whose source has kept its identity since the previous build copied
 * it there is linked from the previous output instead.
 */
export async function placeStatics(
  statics: Statics,
  targets: ReadonlyMap<string, string[]>,
  placer: Placer,
  copies: CopyPlan,
  progress: StageProgress,
  ahead?: CopiesAhead,
): Promise<void> {
  const site = await realpath(statics.siteDir);
  await placer.parentsOf([...targets.values()].flat());
  await inBatches([...targets], async ([file, places]) => {
    if (places.length === 0) return;
    const source = path.join(statics.dir, file);
    const real = await realpath(source);
    if (!isInsideFolder(site, real)) {
      throw new DocsiteError({
        code: 'CONTENT_LINK_OUTSIDE',
        message: `${path.relative(statics.siteDir, source)} leads to ${real}, which is outside the site folder.`,
        hint: 'docsite never reads or publishes files outside the site folder. Copy what you need into the site folder, or remove the link.',
        loc: { file: path.relative(statics.siteDir, source) },
      });
    }
    const stamp = placer.recording ? await sourceStamp(real) : undefined;
    const placement: Placement = {
      source: stamp && BigInt(stamp.mtimeNs) < BigInt(Date.now() - SETTLED_MS) * 1_000_000n ? stamp : undefined,
      matches: (old) => Boolean(stamp && old.source && old.source.real === real && sameIdentity(old.source, stamp)),
      readBack: async (dest) => (await readFile(dest)).equals(await readFile(real)),
      make: (dest) => copyFile(real, dest, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL),
    };
    let reading: Promise<Buffer> | undefined;
    const read = () => (reading ??= readFile(real));
    const [first] = places;
    for (const place of places) {
      await placer.place(place, placement, true);
      // A locale's compressed copies are those of the first place, copied rather than compressed again.
      await placeCopies(place, placement, read, placer, copies, ahead, place === first ? undefined : first);
      progress.advance();
    }
  });
}

async function sourceStamp(real: string): Promise<SourceStamp | undefined> {
  const info = await lstat(real, { bigint: true }).catch(() => undefined);
  return info?.isFile() ? { real, ...identityOf(info) } : undefined;
}
