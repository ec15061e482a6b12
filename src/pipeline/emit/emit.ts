/**
 * Emit stage, the only writer of the output folder. Everything goes to a temporary folder beside it
 * (temp-folder.ts), which then takes the output's place in one step, so the output path always holds
 * a complete build. Given the cache folder, emit records what it wrote (emit-record.ts) and starts
 * from the previous output (spare.ts), so an unchanged file is kept or linked instead of written.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';
import { previousOutput, recordFileOf, spareOf, writeRecord } from './emit-record';
import { OUTPUT_MARKER } from './output-dir';
import { NO_PROGRESS, type StageProgress } from '../../infra/reporter';
import type { Body } from '../../infra/body';
import type { CopiesAhead } from './compress-ahead';
import { NO_COPIES, planCopies } from './copies';
import { placeFiles, placeStatics, type Statics } from './place-files';
import { staticTargets } from './static-targets';
import { Placer } from './placer';
import { keepAsSpare, takeSpare } from './spare';
import { putInPlace, removeMarked, repairInterrupted, tempPathOf, writeMarker } from './temp-folder';

export { compressAhead, type CopiesAhead } from './compress-ahead';

export interface EmitInput {
  /** The output folder, already checked by checkOutputDir. */
  outDir: string;
  /** Files keyed by their path relative to the output folder. */
  files: Map<string, Body>;
  /** Digests of some of `files` (contentDigest), when the caller has them already: a site's pages and chunks are not hashed twice. */
  digests?: ReadonlyMap<string, string>;
  /** Files copied as they are (content/static): relative paths under `dir`, read only inside `siteDir`. */
  statics?: Statics;
  /** docsite's cache folder. Without it nothing is recorded and every file is written. */
  cacheDir?: string;
  /**
   * Write `x.br` and `x.gz` beside each text file `x` large enough to gain from it (see
   * precompress.ts). They are files of the output like any other: recorded, kept from the previous
   * output while the bytes they were made from are the same, and removed with the file they were
   * made from. One replaces a static file at its path, as a generated file does.
   */
  precompress?: boolean;
  /** Copies compressed ahead of emit (see compressAhead): what it holds is taken instead of compressed again. */
  ahead?: CopiesAhead;
  /** Told how many files (static and generated, not their copies) go into the output, and of each as it is placed. */
  progress?: StageProgress;
}

export interface EmitResult {
  files: number;
  bytes: number;
  /** Files put in place without being written: hard-linked from the previous output, or left in the spare. */
  linked: number;
  /** Precompressed copies in the output (`.br` and `.gz` files), counted apart from `files`. */
  compressed: number;
}

export async function emit(input: EmitInput): Promise<EmitResult> {
  checkInsideOutput(input.outDir, input.files.keys());
  const targets = input.statics && staticTargets(input.statics);
  if (targets) checkInsideOutput(input.outDir, [...targets.values()].flat());
  const parent = path.dirname(input.outDir);
  const base = path.basename(input.outDir);
  await mkdir(parent, { recursive: true });
  await repairInterrupted(parent, base);
  const recordFile = input.cacheDir ? recordFileOf(input.cacheDir, input.outDir) : undefined;
  // The record compressAhead read a moment ago, rather than the same file read and parsed again.
  const previous = await previousOutput(input.outDir, recordFile, input.ahead?.recorded(input.outDir));
  const temp = tempPathOf(parent, base);
  const spare = recordFile ? await takeSpare(spareOf(recordFile), input.outDir, temp, previous.record()) : undefined;
  if (!spare) await mkdir(temp);
  const placer = new Placer({ temp, outDir: input.outDir, previous, recording: recordFile !== undefined, spare });
  try {
    const copies = input.precompress ? await planCopies(input.files, input.statics && { dir: input.statics.dir, targets: targets! }) : NO_COPIES;
    // A static file where a copy or a generated file goes gives way to it.
    const places = targets && new Map([...targets].map(([file, each]) => [file, each.filter((place) => !copies.paths.has(place) && !input.files.has(place))]));
    const staticPlaces = places ? [...places.values()].flat() : [];
    // The spare's marker is its own inode (a marker is written, never linked), and it stays in place
    // throughout, so a temporary folder left by a cut emit is always recognised as docsite's.
    const marker = path.join(temp, OUTPUT_MARKER);
    await writeMarker(marker);
    // Kept files first, then static files only where nothing is yet, then generated files over
    // both: the same winner at a shared path as when each step overwrote the one before.
    await placer.prepare([...staticPlaces, ...input.files.keys(), ...copies.paths]);
    const progress = input.progress ?? NO_PROGRESS;
    progress.start(staticPlaces.length + input.files.size, 'files');
    if (input.statics && places) await placeStatics(input.statics, places, placer, copies, progress, input.ahead);
    const bytes = await placeFiles(input.files, placer, input.digests, copies, progress, input.ahead);
    await placer.clearLeftovers();
    // The record goes before the swap, so a record that cannot be written fails the build with the
    // previous output in place. Should the swap not happen, the record names fresh inodes that go
    // with the temporary folder, and linked ones still holding what it says: a stale record is safe.
    if (recordFile) {
      const { stamp, written, folders } = await placer.settle(marker);
      await writeRecord(recordFile, input.outDir, stamp, written, folders);
    }
    const old = await putInPlace(temp, input.outDir, parent, base);
    if (old) await keepAsSpare(old, recordFile, previous);
    return { files: input.files.size, bytes, linked: placer.linked(), compressed: copies.paths.size };
  } catch (error) {
    // Writes that were under way when the emit failed may still land in `temp` while it is removed:
    // it is tried again a few times, whatever stays is removed by the next emit (its process is gone
    // by then), and the error that stopped this one is the one reported.
    for (let tries = 1; tries <= 3; tries++) {
      if (
        await removeMarked(temp).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 50 * tries));
    }
    throw error;
  }
}

/**
 * The last guard against a path that would write outside the output folder: every stage before
 * emit refuses such a route where it is written, so one reaching here is docsite's own mistake.
 * Checked before anything is made, so the previous output and everything around it stay as they are.
 */
function checkInsideOutput(outDir: string, files: Iterable<string>): void {
  for (const file of files) {
    if (!file.includes('\0') && isInsideFolder(outDir, path.resolve(outDir, file))) continue;
    throw new DocsiteError({
      code: 'OUTPUT_PATH_OUTSIDE',
      message: `The build was about to write ${JSON.stringify(file)}, which is not a place inside the output folder ${outDir}; nothing was written.`,
    });
  }
}
