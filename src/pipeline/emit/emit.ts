/**
 * Emit stage, the only writer of the output folder. Everything goes to a temporary folder beside
 * it, which then takes the output's place in one step (see exchange.ts), so at every instant the
 * output path holds a complete build: the previous one or the new one. Leftovers of a build that
 * was killed are removed by the next one.
 *
 * Given the cache folder, emit keeps a record of what it wrote (emit-record.ts), and a file whose
 * bytes are those the previous build wrote at the same path is hard-linked from the previous
 * output into the temporary folder instead of written, when that file is provably untouched since.
 *
 * The previous output is not removed after the swap: it becomes the spare (`<cache>/emit/*.spare`),
 * the folder the next emit starts from instead of an empty one. Its folders are already there and
 * its files that the next build wants unchanged stay where they are, so an emit costs a look at
 * each file and work in proportion to what changed, not a folder and a link per file. A file of the
 * output then has at most one other link, in the spare, at the same path.
 *
 * A file the spare and the output share is one inode, so the output's record describes the spare's
 * files the next build keeps: the spare is judged by it, and keeps no record of its own, only a note
 * of the output folder it belongs to. A spare file the output's record does not describe (one the
 * output changed since) is not kept; a build reads one record, not two. A spare file is kept only
 * when its one other link is the output's file at the same path: the output's folders, recorded
 * too, vouch for that while no name in them changed, so a kept file costs one look, at the spare.
 *
 * With `precompress`, each text file of 1 KB or more gets `.br` and `.gz` copies beside it
 * (precompress.ts), placed, recorded and kept like any other file.
 */
import { randomBytes } from 'node:crypto';
import { constants, lstatSync, readdirSync, type BigIntStats } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, readFile, readdir, realpath, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';
import { identityOf, isRecordOf, previousOutput, readRecord, recordFileOf, sameIdentity, spareOf, writeRecord, writeSpareNote, type Identity, type PreviousOutput, type RecordOf, type RecordRead, type SourceStamp, type WrittenFile } from './emit-record';
import { exchangePaths } from '../../infra/exchange';
import { inBatches, makeParents } from '../../infra/file-batches';
import { OUTPUT_MARKER } from './output-dir';
import { ENCODINGS, compress, getsCopies, mayCompress } from './precompress';
import { NO_PROGRESS, type StageProgress } from '../../infra/reporter';
import { contentDigest } from '../../infra/digest';
import { isLazy, readBody, type Body, type LazyBody } from '../../infra/body';


export interface EmitInput {
  /** The output folder, already checked by checkOutputDir. */
  outDir: string;
  /** Files keyed by their path relative to the output folder. */
  files: Map<string, Body>;
  /** Digests of some of `files` (contentDigest), when the caller has them already: a site's pages and chunks are not hashed twice. */
  digests?: ReadonlyMap<string, string>;
  /** Files copied as they are (content/static): relative paths under `dir`, read only inside `siteDir`. */
  statics?: { dir: string; files: string[]; siteDir: string };
  /** docsite's cache folder. Without it nothing is recorded and every file is written. */
  cacheDir?: string;
  /**
   * Write `x.br` and `x.gz` beside each text file `x` of 1 KB or more (see precompress.ts). They are
   * files of the output like any other: recorded, kept from the previous output while the bytes they
   * were made from are the same, and removed with the file they were made from. One replaces a static
   * file at its path, as a generated file does.
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

const MARKER_TEXT = 'This folder was written by docsite. Each build replaces it whole; docsite replaces no folder without this file.\n';

/** A static source changed this recently might change again within the same tick of a coarse file clock without its time moving. */
const SETTLED_MS = 2000;

export async function emit(input: EmitInput): Promise<EmitResult> {
  checkInsideOutput(input.outDir, input.files.keys());
  if (input.statics) checkInsideOutput(input.outDir, input.statics.files);
  const parent = path.dirname(input.outDir);
  const base = path.basename(input.outDir);
  await mkdir(parent, { recursive: true });
  await repairInterrupted(parent, base);
  const recordFile = input.cacheDir ? recordFileOf(input.cacheDir, input.outDir) : undefined;
  // The record compressAhead read a moment ago, rather than the same file read and parsed again.
  const previous = await previousOutput(input.outDir, recordFile, input.ahead?.recorded(input.outDir));
  const temp = path.join(parent, `.${base}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const spare = recordFile ? await takeSpare(spareOf(recordFile), input.outDir, temp, previous.record()) : undefined;
  if (!spare) await mkdir(temp);
  const placer = createPlacer({ temp, outDir: input.outDir, previous, recording: recordFile !== undefined, spare });
  try {
    const copies = input.precompress ? await planCopies(input) : NO_COPIES;
    // A static file where a copy goes gives way to it, as it does to a generated file.
    const statics = input.statics && { ...input.statics, files: input.statics.files.filter((file) => !copies.paths.has(file)) };
    // The spare's marker is its own inode (a marker is written, never linked), and it stays in place
    // throughout, so a temporary folder left by a cut emit is always recognised as docsite's.
    const marker = path.join(temp, OUTPUT_MARKER);
    await writeFile(marker, MARKER_TEXT);
    // Kept files first, then static files only where nothing is yet, then generated files over
    // both: the same winner at a shared path as when each step overwrote the one before.
    await placer.prepare([...(statics?.files ?? []), ...input.files.keys(), ...copies.paths]);
    const progress = input.progress ?? NO_PROGRESS;
    progress.start((statics?.files.length ?? 0) + input.files.size, 'files');
    if (statics) await placeStatics(statics, placer, copies, progress, input.ahead);
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
      if (await removeMarked(temp).then(() => true, () => false)) break;
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

/** The previous output, taken from where the emit before left it, with what its record says of its files. */
interface Spare {
  stamp: bigint;
  files: Map<string, WrittenFile>;
  /** Files and folders it holds (relative paths), as a walk found them. */
  present: Set<string>;
  folders: Set<string>;
}

/**
 * Moves the spare to `temp` and lists it, with the record of the output (`current`) to judge its
 * files by. Anything amiss (no spare, no marker, no note that it was this output folder's, no record
 * of the output, another file system) and there is no spare: the emit starts from nothing.
 */
async function takeSpare(spare: { dir: string; record: string }, outDir: string, temp: string, current: RecordOf | undefined): Promise<Spare | undefined> {
  const info = await lstat(spare.dir).catch(() => undefined);
  if (!info) return undefined;
  const ours = current && info.isDirectory() && (await lstat(path.join(spare.dir, OUTPUT_MARKER)).catch(() => undefined))?.isFile() && (await isRecordOf(spare.record, outDir));
  const record = ours ? current : undefined;
  const moved = record && (await rename(spare.dir, temp).then(() => true, () => false));
  if (!moved) {
    await rm(spare.dir, { recursive: true, force: true });
    return undefined;
  }
  const present = new Set<string>();
  const folders = new Set<string>();
  for (const entry of readdirSync(temp, { recursive: true, withFileTypes: true })) {
    // Entries under `temp` name their folder by `temp` and the path below it.
    const file = entry.parentPath === temp ? entry.name : path.join(entry.parentPath.slice(temp.length + 1), entry.name);
    if (entry.isDirectory()) folders.add(file);
    else if (entry.isFile()) {
      if (file !== OUTPUT_MARKER) present.add(file);
    }
    // Nothing but folders and regular files is ever made here: anything else goes, without being followed.
    else await rm(path.join(temp, file), { force: true });
  }
  return { stamp: record.stamp, files: record.files, present, folders };
}

/**
 * The output just replaced becomes the spare, with a note of the output folder it was; without a
 * cache, or a record of what it held, it is removed.
 */
async function keepAsSpare(old: string, recordFile: string | undefined, previous: PreviousOutput): Promise<void> {
  const record = recordFile && previous.record();
  if (!recordFile || !record) {
    await removeMarked(old);
    return;
  }
  const spare = spareOf(recordFile);
  await rm(spare.dir, { recursive: true, force: true });
  if (!(await rename(old, spare.dir).then(() => true, () => false))) {
    await removeMarked(old);
    return;
  }
  await writeSpareNote(spare.record, record.outDir);
}

/** How one file gets into the temporary folder. */
interface Placement {
  /** What the record says of the bytes besides their inode: their digest, or the static file they come from. */
  digest?: string;
  source?: SourceStamp;
  /** For a precompressed copy, what it was made from (see WrittenFile). */
  derived?: string;
  /** Whether `old`, the intact file at the same path of the previous output, holds these bytes. */
  matches(old: WrittenFile): boolean;
  /**
   * Reads a linked file back and says whether it holds these bytes, for when its time cannot vouch
   * for them; `recorded` is what the record said of the file linked.
   */
  readBack(dest: string, recorded: WrittenFile): Promise<boolean>;
  /** Writes the bytes afresh at `dest`; returns their digest when it was not known before (a compressed copy's). */
  make(dest: string): Promise<string | void>;
}

/** A file read back is compared with its bytes when they are at hand (`holds`), else with its digest. */
function byDigest(digest: string | undefined, holds?: (bytes: Uint8Array) => boolean): Pick<Placement, 'digest' | 'matches' | 'readBack'> {
  return {
    digest,
    matches: (old) => digest !== undefined && old.digest === digest,
    readBack: async (dest) => {
      const bytes = await readFile(dest);
      return holds ? holds(bytes) : contentDigest(bytes) === digest;
    },
  };
}

/** Whether `bytes` are those of `content`, a body held in memory. */
function holdsBody(content: string | Uint8Array): (bytes: Uint8Array) => boolean {
  return (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(typeof content === 'string' ? Buffer.from(content) : content);
}

interface PlacerOptions {
  temp: string;
  outDir: string;
  previous: PreviousOutput;
  /** Whether a record is kept: without one, no digest or source identity is worth computing. */
  recording: boolean;
  spare?: Spare;
}

/**
 * A placement made: `linkedTo` the record of the previous output's file when linked, `keptFrom` the
 * spare's when its file was left in place, `unsettled` when its bytes must be read back.
 */
type Placed = Placement & { linkedTo?: WrittenFile; keptFrom?: WrittenFile; unsettled?: boolean };

function createPlacer({ temp, outDir, previous, recording, spare }: PlacerOptions) {
  const placed = new Map<string, Placed>();

  /**
   * Whether the spare's file at `file` may stay: the inode its record names, untouched, holding
   * these bytes, and linked nowhere but here and at the same path of the output.
   */
  const keepsSpare = (file: string, placement: Placement): { entry: WrittenFile; settled: boolean } | undefined => {
    const entry = spare?.files.get(file);
    if (!entry || !placement.matches(entry)) return undefined;
    const held = spareHolds(file, entry);
    return held && { entry, settled: held === 'settled' };
  };
  /**
   * Whether the spare's file at `file` is the inode its record entry names, untouched, and linked
   * nowhere but here and at the same path of the output; 'settled' when its time vouches for its bytes.
   */
  const spareHolds = (file: string, entry: WrittenFile): 'settled' | 'unsettled' | undefined => {
    const info = lstatSync(path.join(temp, file), { bigint: true, throwIfNoEntry: false });
    if (!info?.isFile() || !sameIdentity(identityOf(info), entry)) return undefined;
    if (info.nlink > 2n || (info.nlink === 2n && !previous.isInode(file, info.ino))) return undefined;
    return info.mtimeNs < spare!.stamp ? 'settled' : 'unsettled';
  };
  /** Leaves the spare's file at `file`, described by `entry`, in place when it holds; `placement` is made only if its bytes must be read back. */
  const keepEntry = (file: string, entry: WrittenFile, placement: () => Placement): boolean => {
    const held = spareHolds(file, entry);
    if (!held) return false;
    spare!.present.delete(file);
    if (held === 'settled') placed.set(file, keptAsRecorded(entry));
    else {
      const made = placement();
      placed.set(file, { ...made, digest: made.digest ?? entry.digest, keptFrom: entry, unsettled: true });
    }
    return true;
  };

  return {
    temp,
    recording,
    /**
     * Leaves the spare's file at `file` in place when its record entry's `field` is `value` (a file's
     * `digest`, or a compressed copy's `derived`: see copyPlacement) and the file is untouched, at
     * once: the check is one synchronous lstat, and most files of a build after a small edit pass it,
     * so they cost no promise, and no placement either (`placement` makes one only when the file stays
     * but its bytes must be read back). False when it does not: nothing was done, and `place` then
     * takes the file as usual.
     */
    keepRecorded(file: string, field: 'digest' | 'derived', value: string, placement: () => Placement): boolean {
      if (placed.has(file) || !spare?.present.has(file)) return false;
      const entry = spare.files.get(file);
      return entry !== undefined && entry[field] === value && keepEntry(file, entry, placement);
    },

    /**
     * Leaves the spare's file when it holds the same bytes untouched; else links `file` from the
     * previous output when that does; else makes it. A file placed before at the same path is
     * replaced, unless `keep`, which also leaves a file that was put there first.
     */
    async place(file: string, placement: Placement, keep = false): Promise<void> {
      const dest = path.join(temp, file);
      if (placed.has(file)) {
        if (keep) return;
        // It may be a link into the previous output: writing through it would change that output before the swap.
        await rm(dest, { force: true });
        placed.delete(file);
      }
      if (spare?.present.delete(file)) {
        const kept = keepsSpare(file, placement);
        if (kept) {
          placed.set(file, { ...placement, digest: placement.digest ?? kept.entry.digest, keptFrom: kept.entry, unsettled: !kept.settled });
          return;
        }
        // Never written through: the inode may be the output's too.
        await rm(dest, { force: true });
      }
      const old = await previous.intact(file);
      if (old && placement.matches(old.entry) && (await link(path.join(outDir, file), dest).then(() => true, () => false))) {
        placed.set(file, { ...placement, digest: placement.digest ?? old.entry.digest, linkedTo: old.entry, unsettled: !old.settled });
        return;
      }
      let digest: string | void;
      try {
        digest = await placement.make(dest);
      } catch (error) {
        if (keep && (error as NodeJS.ErrnoException).code === 'EEXIST') return;
        throw error;
      }
      placed.set(file, digest ? { ...placement, digest } : placement);
    },

    /**
     * Reads the inode of every placed file for the record. A linked file that is no longer the inode
     * the check saw (replaced or written to between the check and the link), or whose bytes had to
     * be read back and differ, is made afresh. The marker is then written again: its time, taken
     * after every file is in place, is the stamp the next build tells settled files by.
     *
     * A file left in the spare whose time vouched for its bytes is recorded with the identity its
     * check read: nothing was done to it since, and a change made to it from now on, by hand, gives
     * it another identity, which the next build sees. Not reading every unchanged file's inode twice
     * is most of what an emit after a small edit saves.
     *
     * Each folder's identity is then read for the record too (see emit-record.ts).
     */
    async settle(marker: string): Promise<{ stamp: bigint; written: Map<string, WrittenFile>; folders: Map<string, Identity> }> {
      const written = new Map<string, WrittenFile>();
      const recheck: [string, Placed][] = [];
      for (const [file, placement] of placed) {
        const kept = placement.keptFrom;
        if (!kept || placement.unsettled) recheck.push([file, placement]);
        // Most files of a build after a small edit: the record's entry says it all already.
        else if (sameEntry(kept, placement)) written.set(file, kept);
        else if (placement.digest || placement.source) written.set(file, { ...identityFields(kept), digest: placement.digest, source: placement.source, derived: placement.derived });
      }
      await inBatches(recheck, async ([file, placement]) => {
        const dest = path.join(temp, file);
        let info = await lstat(dest, { bigint: true });
        let digest = placement.digest;
        if ((placement.linkedTo || placement.keptFrom) && !(await stillTheSame(dest, info, placement))) {
          await rm(dest, { force: true });
          digest = (await placement.make(dest)) || (placement.derived ? undefined : placement.digest);
          placed.set(file, { ...placement, digest, linkedTo: undefined, keptFrom: undefined });
          info = await lstat(dest, { bigint: true });
        }
        if (digest || placement.source) written.set(file, { ...identityOf(info), digest, source: placement.source, derived: placement.derived });
      });
      // Every folder as it is now that nothing more is added or removed: the next build's check of
      // a file that stayed looks at its folders instead of at the file (see emit-record.ts).
      const dirs = new Set<string>(['.']);
      for (const file of placed.keys()) for (let dir = path.dirname(file); dir !== '.' && !dirs.has(dir); dir = path.dirname(dir)) dirs.add(dir);
      // Synchronous: a thousand folders cost a system call each, where a promise each cost several times that.
      const folders = new Map<string, Identity>();
      for (const dir of dirs) {
        const info = lstatSync(path.join(temp, dir), { bigint: true, throwIfNoEntry: false });
        if (info?.isDirectory()) folders.set(dir, identityOf(info));
      }
      await writeFile(marker, MARKER_TEXT);
      return { stamp: (await lstat(marker, { bigint: true })).mtimeNs, written, folders };
    },

    /** Folders to make for `files`: none the spare has already. */
    parentsOf: (files: Iterable<string>) => makeParents(temp, files, spare?.folders),

    /** Clears the way in the spare: a folder where a file goes, a file where a folder goes. */
    async prepare(files: string[]): Promise<void> {
      if (!spare) return;
      // Each folder once: the files of a site share a few hundred folders.
      const cleared = new Set<string>();
      for (const file of files) {
        if (spare.folders.has(file)) {
          await rm(path.join(temp, file), { recursive: true, force: true });
          const inside = `${file}${path.sep}`;
          for (const set of [spare.present, spare.folders]) for (const each of set) if (each === file || each.startsWith(inside)) set.delete(each);
        }
        for (let dir = path.dirname(file); dir !== '.' && !cleared.has(dir); dir = path.dirname(dir)) {
          cleared.add(dir);
          if (spare.present.delete(dir)) await rm(path.join(temp, dir), { force: true });
        }
      }
    },

    /** Removes what the spare holds that this output does not: its other files, then its folders left empty, deepest first. */
    async clearLeftovers(): Promise<void> {
      if (!spare) return;
      await inBatches([...spare.present], (file) => rm(path.join(temp, file), { force: true }));
      spare.present.clear();
      const needed = new Set<string>();
      for (const file of placed.keys()) for (let dir = path.dirname(file); dir !== '.' && !needed.has(dir); dir = path.dirname(dir)) needed.add(dir);
      const unneeded = [...spare.folders].filter((dir) => !needed.has(dir)).sort((a, b) => b.length - a.length);
      for (const dir of unneeded) await rmdir(path.join(temp, dir)).catch(() => rm(path.join(temp, dir), { recursive: true, force: true }));
    },

    /** Whether `file` was placed by writing it (not linked, not left in the spare). */
    isFresh: (file: string) => {
      const placement = placed.get(file);
      return placement !== undefined && !placement.linkedTo && !placement.keptFrom;
    },

    /** Files in place without a write: linked from the previous output, or left from the spare. */
    linked: () => [...placed.values()].filter((placement) => placement.linkedTo || placement.keptFrom).length,
  };
}

type Placer = ReturnType<typeof createPlacer>;

/** Whether the record's entry for a kept file is the one settle would write: same bytes, no static source, made the same way. */
function sameEntry(recorded: WrittenFile, placement: Placed): boolean {
  return placement.digest !== undefined && recorded.digest === placement.digest && recorded.source === undefined && placement.source === undefined && recorded.derived === placement.derived;
}

/**
 * A file left in the spare as its record entry describes it, its time vouching for its bytes. Settle
 * records the entry as it is, and nothing asks it to match, read back or make bytes: a file placed
 * again at its path is removed first and placed anew.
 */
function keptAsRecorded(entry: WrittenFile): Placed {
  return { digest: entry.digest, derived: entry.derived, keptFrom: entry, matches: placedOnce, readBack: placedOnce, make: placedOnce };
}

function placedOnce(): never {
  throw new Error('docsite: a file left in place as recorded was asked for its bytes');
}

function identityFields(entry: Identity): Identity {
  return { dev: entry.dev, ino: entry.ino, size: entry.size, mode: entry.mode, mtimeNs: entry.mtimeNs };
}

/**
 * A linked or kept file is the inode that was checked, with no link but the previous output's and
 * ours, and, when its time could not vouch for them, the right bytes.
 */
async function stillTheSame(dest: string, info: BigIntStats, placement: Placed): Promise<boolean> {
  const checked = placement.linkedTo ?? placement.keptFrom;
  if (!checked || !info.isFile() || !sameIdentity(identityOf(info), checked)) return false;
  if (placement.linkedTo ? info.nlink !== 2n : info.nlink > 2n) return false;
  return !placement.unsettled || (await placement.readBack(dest, checked));
}

async function placeFiles(files: Map<string, Body>, placer: Placer, digests: ReadonlyMap<string, string> | undefined, copies: CopyPlan, progress: StageProgress, ahead?: CopiesAhead): Promise<number> {
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
    bytes += lazy ? content.size : typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
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

/** Precompressed copies to write: by the path of the file they are made from, and every copy's path. */
interface CopyPlan {
  bySource: Map<string, (typeof ENCODINGS)[number][]>;
  paths: Set<string>;
}

const NO_COPIES: CopyPlan = { bySource: new Map(), paths: new Set() };

/**
 * Which files get compressed copies: text files of 1 KB or more, generated or static (a static file
 * a generated one replaces has none of its own), except where a generated file has the copy's path.
 */
async function planCopies(input: EmitInput): Promise<CopyPlan> {
  const plan: CopyPlan = { bySource: new Map(), paths: new Set() };
  const add = (file: string, size: number) => {
    if (!getsCopies(file, size)) return;
    const encodings = ENCODINGS.filter((encoding) => !input.files.has(file + encoding.suffix));
    if (encodings.length === 0) return;
    plan.bySource.set(file, encodings);
    for (const encoding of encodings) plan.paths.add(file + encoding.suffix);
  };
  if (input.statics) {
    const candidates = input.statics.files.filter((file) => mayCompress(file) && !input.files.has(file));
    const { dir } = input.statics;
    // The size of what the path leads to; placeStatics refuses a link that leads out of the site.
    await inBatches(candidates, async (file) => {
      const info = await stat(path.join(dir, file)).catch(() => undefined);
      if (info?.isFile()) add(file, info.size);
    });
  }
  for (const [file, content] of input.files) add(file, isLazy(content) ? content.size : typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength);
  return plan;
}

/**
 * The compressed copies of `file`, to place once the file is. A copy records the compression settings
 * and the digest of the bytes it was made from (for a static file, the settings and the static file's
 * identity), so the next build keeps it, unread, as long as those are the same.
 */
function copyPlacements(file: string, of: Placement, read: () => Promise<string | Uint8Array>, placer: Placer, copies: CopyPlan, ahead?: CopiesAhead): [string, Placement][] {
  const encodings = copies.bySource.get(file);
  if (!encodings) return [];
  // A file written afresh gets fresh copies, even of the same bytes: a copy is then never older than
  // its file, which is how a server tells a copy left behind by an edit made in the output by hand.
  const fresh = placer.isFresh(file);
  return encodings.map((encoding) => [file + encoding.suffix, copyPlacement(file, encoding, of, fresh, read, ahead)]);
}

type Encoding = (typeof ENCODINGS)[number];

/**
 * What a copy records it was made from (its `derived`): the compression settings and the digest of
 * its file's bytes; for a static file's copy, the settings alone, the file's source standing for the bytes.
 */
const copyMadeFrom = (encoding: Encoding, digest: string | undefined): string => (digest ? `${encoding.settings}:${digest}` : encoding.settings);

/** The `encoding` copy of `file`, placed as `of`; `fresh` when the file was written afresh. */
function copyPlacement(file: string, encoding: Encoding, of: Placement, fresh: boolean, read: () => Promise<string | Uint8Array>, ahead?: CopiesAhead): Placement {
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

/** The compressed copies of `file`, placed once the file is. */
async function placeCopies(file: string, of: Placement, read: () => Promise<string | Uint8Array>, placer: Placer, copies: CopyPlan, ahead?: CopiesAhead): Promise<void> {
  await Promise.all(copyPlacements(file, of, read, placer, copies, ahead).map(([copyFile, copy]) => placer.place(copyFile, copy)));
}

/**
 * Jobs compressing at once before emit. Two: at 1000 pages the search index and records take about
 * 1.2 s of CPU for both encodings after any edit, and the stages they run beside last about 0.6 s.
 */
const AHEAD_JOBS = 2;

/** Copies being compressed before emit needs them. */
export interface CopiesAhead {
  /**
   * The copy at `copyPath` made from bytes of digest `digest`: its compression when that has started
   * (a job still waiting is dropped, so emit compresses it at once instead of waiting its turn).
   */
  take(copyPath: string, digest: string): Promise<Buffer> | undefined;
  /**
   * The copy at `copyPath` of the file as this build has it, started now if it waits its turn, and
   * left for emit to take: for someone who needs the same compression (the search summary's size).
   */
  copy(copyPath: string): Promise<Buffer> | undefined;
  /** Drops what was not taken and stops the jobs not started. */
  dispose(): void;
  /** The record of the output folder `outDir` read to plan the jobs, for emit to start from. */
  recorded(outDir: string): RecordRead | undefined;
}

/**
 * Starts compressing the copies of `files` that emit will have to write: those the previous output's
 * record holds no copy of, made from the same bytes, for. One file at a time, in zlib's thread pool,
 * so the work fills the core the stages between render and emit leave idle (they run on the main
 * thread) instead of competing with them. Digests it computes go into `digests`, for emit.
 */
export async function compressAhead(options: { outDir: string; cacheDir?: string; files: ReadonlyMap<string, Body>; digests: Map<string, string> }): Promise<CopiesAhead> {
  const record = options.cacheDir ? await readRecord(recordFileOf(options.cacheDir, options.outDir), options.outDir) : undefined;
  const recorded = record?.files ?? new Map<string, WrittenFile>();
  const jobs = new Map<string, { digest: string; size: number; run: () => Promise<Buffer>; started?: Promise<Buffer> }>();
  for (const [file, content] of options.files) {
    const size = isLazy(content) ? content.size : typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    if (!getsCopies(file, size)) continue;
    let digest = isLazy(content) ? content.digest : options.digests.get(file);
    if (!digest) {
      digest = contentDigest(content as string | Uint8Array);
      options.digests.set(file, digest);
    }
    for (const encoding of ENCODINGS) {
      if (recorded.get(file + encoding.suffix)?.derived === `${encoding.settings}:${digest}`) continue;
      jobs.set(file + encoding.suffix, { digest, size, run: async () => compress(await readBody(content), encoding.name) });
    }
  }
  // The largest first: they are the ones emit would wait for (the search files, which change with any page).
  const waiting = [...jobs.keys()].sort((a, b) => jobs.get(b)!.size - jobs.get(a)!.size);
  let stopped = false;
  // AHEAD_JOBS at a time: the next starts when one ends.
  const next = (): void => {
    while (!stopped && waiting.length > 0) {
      const job = jobs.get(waiting.shift()!);
      if (!job || job.started) continue;
      job.started = job.run();
      job.started.then(next, next);
      return;
    }
  };
  for (let i = 0; i < AHEAD_JOBS; i++) next();
  return {
    take(copyPath, digest) {
      const job = jobs.get(copyPath);
      jobs.delete(copyPath);
      return job?.digest === digest ? job.started : undefined;
    },
    copy(copyPath) {
      const job = jobs.get(copyPath);
      if (!job || stopped) return undefined;
      if (!job.started) {
        job.started = job.run();
        job.started.catch(() => undefined);
      }
      return job.started;
    },
    dispose() {
      stopped = true;
      jobs.clear();
    },
    recorded: (outDir) => (outDir === options.outDir ? record : undefined),
  };
}

/**
 * Copies each static file by its real path, as a regular file: no link is ever copied, nothing
 * outside the site is read. A static file whose source has kept its identity since the previous
 * build copied it is linked from the previous output instead.
 */
async function placeStatics(statics: NonNullable<EmitInput['statics']>, placer: Placer, copies: CopyPlan, progress: StageProgress, ahead?: CopiesAhead): Promise<void> {
  const site = await realpath(statics.siteDir);
  await placer.parentsOf(statics.files);
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
    await placeCopies(file, placement, () => readFile(real), placer, copies, ahead);
    progress.advance();
  });
}

async function sourceStamp(real: string): Promise<SourceStamp | undefined> {
  const info = await lstat(real, { bigint: true }).catch(() => undefined);
  return info?.isFile() ? { real, ...identityOf(info) } : undefined;
}

/** Swaps the new output in; returns where the previous output went, if there was one. */
async function putInPlace(temp: string, outDir: string, parent: string, base: string): Promise<string | undefined> {
  const existing = await lstat(outDir).catch(() => undefined);
  if (!existing) {
    await rename(temp, outDir);
    return undefined;
  }
  // `temp` then holds the previous output.
  if (exchangePaths(temp, outDir)) return temp;
  // No atomic exchange on this system: two renames, and repairInterrupted() puts the old folder
  // back if the process dies between them.
  const old = path.join(parent, `.${base}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
  await rename(outDir, old);
  await rename(temp, outDir);
  return old;
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
  await Promise.all(leftovers.map((leftover) => removeMarked(leftover.file)));
}

/**
 * Removes a folder of docsite's beside the output with its marker last, so that one cut half way
 * still carries the marker and the next build knows it as its own to remove.
 */
async function removeMarked(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name !== OUTPUT_MARKER).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  await rm(dir, { recursive: true, force: true });
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
