/**
 * Emit stage, the only writer of the output folder. Everything goes to a temporary folder beside
 * it, which then takes the output's place in one step (see exchange.ts), so at every instant the
 * output path holds a complete build: the previous one or the new one. Leftovers of a build that
 * was killed are removed by the next one.
 *
 * Given the cache folder, emit keeps a record of what it wrote (emit-record.ts), and a file whose
 * bytes are those the previous build wrote at the same path is hard-linked from the previous
 * output into the temporary folder instead of written, when that file is provably untouched since.
 * The previous output is removed after the swap as before, so every output file ends with one link.
 */
import { randomBytes } from 'node:crypto';
import { constants, type BigIntStats } from 'node:fs';
import { copyFile, link, lstat, mkdir, readFile, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../core/errors';
import { isInsideFolder } from '../core/paths';
import { contentDigest, identityOf, previousOutput, recordFileOf, sameIdentity, writeRecord, type PreviousOutput, type SourceStamp, type WrittenFile } from './emit-record';
import { exchangePaths } from './exchange';
import { inBatches, makeParents } from './file-batches';
import { OUTPUT_MARKER } from './output-dir';


export interface EmitInput {
  /** The output folder, already checked by checkOutputDir. */
  outDir: string;
  /** Files keyed by their path relative to the output folder. */
  files: Map<string, string | Uint8Array>;
  /** Digests of some of `files` (contentDigest), when the caller has them already: a site's pages and chunks are not hashed twice. */
  digests?: ReadonlyMap<string, string>;
  /** Files copied as they are (content/static): relative paths under `dir`, read only inside `siteDir`. */
  statics?: { dir: string; files: string[]; siteDir: string };
  /** docsite's cache folder. Without it nothing is recorded and every file is written. */
  cacheDir?: string;
}

export interface EmitResult {
  files: number;
  bytes: number;
  /** Files taken from the previous output by a hard link instead of written. */
  linked: number;
}

const MARKER_TEXT = 'This folder was written by docsite. Each build replaces it whole; docsite replaces no folder without this file.\n';

/** A static source changed this recently might change again within the same tick of a coarse file clock without its time moving. */
const SETTLED_MS = 2000;

export async function emit(input: EmitInput): Promise<EmitResult> {
  const parent = path.dirname(input.outDir);
  const base = path.basename(input.outDir);
  await mkdir(parent, { recursive: true });
  await repairInterrupted(parent, base);
  const recordFile = input.cacheDir ? recordFileOf(input.cacheDir, input.outDir) : undefined;
  const previous = await previousOutput(input.outDir, recordFile);
  const temp = path.join(parent, `.${base}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp);
  const placer = createPlacer({ temp, outDir: input.outDir, previous, recording: recordFile !== undefined });
  try {
    const marker = path.join(temp, OUTPUT_MARKER);
    await writeFile(marker, MARKER_TEXT);
    // Kept files first, then static files only where nothing is yet, then generated files over
    // both: the same winner at a shared path as when each step overwrote the one before.
    if (input.statics) await placeStatics(input.statics, placer);
    const bytes = await placeFiles(input.files, placer, input.digests);
    // The record goes before the swap, so a record that cannot be written fails the build with the
    // previous output in place. Should the swap not happen, the record names fresh inodes that go
    // with the temporary folder, and linked ones still holding what it says: a stale record is safe.
    if (recordFile) {
      const { stamp, written } = await placer.settle(marker);
      await writeRecord(recordFile, input.outDir, stamp, written);
    }
    await putInPlace(temp, input.outDir, parent, base);
    return { files: input.files.size, bytes, linked: placer.linked() };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

/** How one file gets into the temporary folder. */
interface Placement {
  /** What the record says of the bytes besides their inode: their digest, or the static file they come from. */
  digest?: string;
  source?: SourceStamp;
  /** Whether `old`, the intact file at the same path of the previous output, holds these bytes. */
  matches(old: WrittenFile): boolean;
  /** Reads a linked file back and says whether it holds these bytes, for when its time cannot vouch for them. */
  readBack(dest: string): Promise<boolean>;
  /** Writes the bytes afresh at `dest`. */
  make(dest: string): Promise<void>;
}

function byDigest(digest: string | undefined): Pick<Placement, 'digest' | 'matches' | 'readBack'> {
  return { digest, matches: (old) => digest !== undefined && old.digest === digest, readBack: async (dest) => contentDigest(await readFile(dest)) === digest };
}

interface PlacerOptions {
  temp: string;
  outDir: string;
  previous: PreviousOutput;
  /** Whether a record is kept: without one, no digest or source identity is worth computing. */
  recording: boolean;
}

/** A placement made: `linkedTo` the record of the previous output's file when linked, `unsettled` when its bytes must be read back. */
type Placed = Placement & { linkedTo?: WrittenFile; unsettled?: boolean };

function createPlacer({ temp, outDir, previous, recording }: PlacerOptions) {
  const placed = new Map<string, Placed>();
  return {
    temp,
    recording,
    /**
     * Links `file` from the previous output when that holds the same bytes untouched, else makes it.
     * A file placed before at the same path is replaced, unless `keep`, which also leaves a file
     * that was put there first.
     */
    async place(file: string, placement: Placement, keep = false): Promise<void> {
      const dest = path.join(temp, file);
      if (placed.has(file)) {
        if (keep) return;
        // It may be a link into the previous output: writing through it would change that output before the swap.
        await rm(dest, { force: true });
        placed.delete(file);
      }
      const old = await previous.intact(file);
      if (old && placement.matches(old.entry) && (await link(path.join(outDir, file), dest).then(() => true, () => false))) {
        placed.set(file, { ...placement, linkedTo: old.entry, unsettled: !old.settled });
        return;
      }
      try {
        await placement.make(dest);
      } catch (error) {
        if (keep && (error as NodeJS.ErrnoException).code === 'EEXIST') return;
        throw error;
      }
      placed.set(file, placement);
    },

    /**
     * Reads the inode of every placed file for the record. A linked file that is no longer the inode
     * the check saw (replaced or written to between the check and the link), or whose bytes had to
     * be read back and differ, is made afresh. The marker is then written again: its time, taken
     * after every file is in place, is the stamp the next build tells settled files by.
     */
    async settle(marker: string): Promise<{ stamp: bigint; written: Map<string, WrittenFile> }> {
      const written = new Map<string, WrittenFile>();
      await inBatches([...placed], async ([file, placement]) => {
        const dest = path.join(temp, file);
        let info = await lstat(dest, { bigint: true });
        if (placement.linkedTo && !(await stillTheSame(dest, info, placement))) {
          placed.set(file, { ...placement, linkedTo: undefined });
          await rm(dest, { force: true });
          await placement.make(dest);
          info = await lstat(dest, { bigint: true });
        }
        if (placement.digest || placement.source) written.set(file, { ...identityOf(info), digest: placement.digest, source: placement.source });
      });
      await writeFile(marker, MARKER_TEXT);
      return { stamp: (await lstat(marker, { bigint: true })).mtimeNs, written };
    },

    linked: () => [...placed.values()].filter((placement) => placement.linkedTo).length,
  };
}

type Placer = ReturnType<typeof createPlacer>;

/** A linked file is the inode that was checked, with no link but the previous output's and ours, and, when its time could not vouch for them, the right bytes. */
async function stillTheSame(dest: string, info: BigIntStats, placement: Placed): Promise<boolean> {
  if (!placement.linkedTo || !info.isFile() || info.nlink !== 2n || !sameIdentity(identityOf(info), placement.linkedTo)) return false;
  return !placement.unsettled || (await placement.readBack(dest));
}

async function placeFiles(files: Map<string, string | Uint8Array>, placer: Placer, digests?: ReadonlyMap<string, string>): Promise<number> {
  await makeParents(placer.temp, files.keys());
  let bytes = 0;
  await inBatches([...files], ([file, content]) => {
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    const digest = placer.recording ? (digests?.get(file) ?? contentDigest(content)) : undefined;
    return placer.place(file, { ...byDigest(digest), make: (dest) => writeFile(dest, content) });
  });
  return bytes;
}

/**
 * Copies each static file by its real path, as a regular file: no link is ever copied, nothing
 * outside the site is read. A static file whose source has kept its identity since the previous
 * build copied it is linked from the previous output instead.
 */
async function placeStatics(statics: NonNullable<EmitInput['statics']>, placer: Placer): Promise<void> {
  const site = await realpath(statics.siteDir);
  await makeParents(placer.temp, statics.files);
  await inBatches(statics.files, async (file) => {
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
    await placer.place(file, placement, true);
  });
}

async function sourceStamp(real: string): Promise<SourceStamp | undefined> {
  const info = await lstat(real, { bigint: true }).catch(() => undefined);
  return info?.isFile() ? { real, ...identityOf(info) } : undefined;
}

async function putInPlace(temp: string, outDir: string, parent: string, base: string): Promise<void> {
  const existing = await lstat(outDir).catch(() => undefined);
  if (!existing) {
    await rename(temp, outDir);
    return;
  }
  if (exchangePaths(temp, outDir)) {
    // `temp` now holds the previous output.
    await rm(temp, { recursive: true, force: true });
    return;
  }
  // No atomic exchange on this system: two renames, and repairInterrupted() puts the old folder
  // back if the process dies between them.
  const old = path.join(parent, `.${base}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
  await rename(outDir, old);
  await rename(temp, outDir);
  await rm(old, { recursive: true, force: true });
}

const LEFTOVER = /^\.(.+)\.(tmp|old)-(\d+)-[0-9a-f]{8}$/;

/**
 * Removes the temporary folders of builds that died, and restores the previous output if a build
 * died between the two renames of the fallback. Only folders docsite made are touched: the name
 * pattern, a process id that is no longer running, and the marker file (or nothing at all inside).
 */
async function repairInterrupted(parent: string, base: string): Promise<void> {
  const leftovers: { file: string; kind: string }[] = [];
  for (const name of await readdir(parent)) {
    const match = LEFTOVER.exec(name);
    if (!match || match[1] !== base || isRunning(Number(match[3]))) continue;
    const file = path.join(parent, name);
    if (await isOurs(file)) leftovers.push({ file, kind: match[2]! });
  }
  if (leftovers.length === 0) return;
  const outDir = path.join(parent, base);
  const previous = leftovers.find((leftover) => leftover.kind === 'old');
  if (previous && !(await lstat(outDir).catch(() => undefined))) {
    await rename(previous.file, outDir);
    leftovers.splice(leftovers.indexOf(previous), 1);
  }
  await Promise.all(leftovers.map((leftover) => rm(leftover.file, { recursive: true, force: true })));
}

async function isOurs(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info?.isDirectory()) return false;
  const entries = await readdir(dir);
  return entries.length === 0 || entries.includes(OUTPUT_MARKER);
}

function isRunning(pid: number): boolean {
  // Another emit in this very process (or a dead one whose id was reused): left alone either way.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
