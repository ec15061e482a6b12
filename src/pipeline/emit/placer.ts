/**
 * Puts each file of the output into the temporary folder the cheapest way that is safe: left in
 * place when the spare holds it untouched, hard-linked from the previous output when that holds the
 * same bytes untouched, else written. It remembers how each file got there, for the record.
 */
import { constants, lstatSync } from 'node:fs';
import { copyFile, link, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { identityOf, sameIdentity, type PreviousOutput, type WrittenFile } from './emit-record';
import { inBatches, makeParents } from '../../infra/file-batches';
import { keptAsRecorded, type Placed, type Placement } from './placement';
import { settlePlaced, type Settled } from './settle';
import type { Spare } from './spare';

export interface PlacerOptions {
  temp: string;
  outDir: string;
  previous: PreviousOutput;
  /** Whether a record is kept: without one, no digest or source identity is worth computing. */
  recording: boolean;
  spare?: Spare;
}

export class Placer {
  /** Whether a record is kept: without one, no digest or source identity is worth computing. */
  readonly recording: boolean;
  private readonly temp: string;
  private readonly outDir: string;
  private readonly previous: PreviousOutput;
  private readonly spare: Spare | undefined;
  /** Every file placed so far, by its path in the output. */
  private readonly placed = new Map<string, Placed>();

  constructor({ temp, outDir, previous, recording, spare }: PlacerOptions) {
    this.temp = temp;
    this.outDir = outDir;
    this.previous = previous;
    this.recording = recording;
    this.spare = spare;
  }

  /**
   * Leaves the spare's file at `file` in place when its record entry's `field` is `value` (a file's
   * `digest`, or a compressed copy's `derived`: see copyPlacement) and the file is untouched, at
   * once: the check is one synchronous lstat, and most files of a build after a small edit pass it,
   * so they cost no promise, and no placement either (`placement` makes one only when the file stays
   * but its bytes must be read back). False when it does not: nothing was done, and `place` then
   * takes the file as usual.
   */
  keepRecorded(file: string, field: 'digest' | 'derived', value: string, placement: () => Placement): boolean {
    if (this.placed.has(file) || !this.spare?.present.has(file)) return false;
    const entry = this.spare.files.get(file);
    return entry !== undefined && entry[field] === value && this.keepEntry(file, entry, placement);
  }

  /**
   * Leaves the spare's file when it holds the same bytes untouched; else links `file` from the
   * previous output when that does; else makes it. A file placed before at the same path is
   * replaced, unless `keep`, which also leaves a file that was put there first.
   */
  async place(file: string, placement: Placement, keep = false): Promise<void> {
    const dest = path.join(this.temp, file);
    if (this.placed.has(file)) {
      if (keep) return;
      // It may be a link into the previous output: writing through it would change that output before the swap.
      await rm(dest, { force: true });
      this.placed.delete(file);
    }
    if (this.spare?.present.delete(file)) {
      const kept = this.keepsSpare(file, placement);
      if (kept) {
        this.placed.set(file, { ...placement, digest: placement.digest ?? kept.entry.digest, keptFrom: kept.entry, unsettled: !kept.settled });
        return;
      }
      // Never written through: the inode may be the output's too.
      await rm(dest, { force: true });
    }
    const old = await this.previous.intact(file);
    if (
      old &&
      placement.matches(old.entry) &&
      (await link(path.join(this.outDir, file), dest).then(
        () => true,
        () => false,
      ))
    ) {
      this.placed.set(file, { ...placement, digest: placement.digest ?? old.entry.digest, linkedTo: old.entry, unsettled: !old.settled });
      return;
    }
    let digest: string | void;
    try {
      digest = await placement.make(dest);
    } catch (error) {
      if (keep && (error as NodeJS.ErrnoException).code === 'EEXIST') return;
      throw error;
    }
    this.placed.set(file, digest ? { ...placement, digest } : placement);
  }

  /** Writes a copy of the file placed at `file` to `dest`; returns the digest placing it gave, if any. */
  async copyPlaced(file: string, dest: string): Promise<string | void> {
    await copyFile(path.join(this.temp, file), dest, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
    return this.placed.get(file)?.digest;
  }

  /** What the record says of every placed file and folder, once all are in place (see settlePlaced). */
  settle(marker: string): Promise<Settled> {
    return settlePlaced(this.temp, this.placed, marker);
  }

  /** Folders to make for `files`: none the spare has already. */
  parentsOf(files: Iterable<string>): Promise<void> {
    return makeParents(this.temp, files, this.spare?.folders);
  }

  /** Clears the way in the spare: a folder where a file goes, a file where a folder goes. */
  async prepare(files: string[]): Promise<void> {
    const spare = this.spare;
    if (!spare) return;
    // Each folder once: a site has many times fewer folders than files.
    const cleared = new Set<string>();
    for (const file of files) {
      if (spare.folders.has(file)) {
        await rm(path.join(this.temp, file), { recursive: true, force: true });
        const inside = `${file}${path.sep}`;
        for (const set of [spare.present, spare.folders]) for (const each of set) if (each === file || each.startsWith(inside)) set.delete(each);
      }
      for (let dir = path.dirname(file); dir !== '.' && !cleared.has(dir); dir = path.dirname(dir)) {
        cleared.add(dir);
        if (spare.present.delete(dir)) await rm(path.join(this.temp, dir), { force: true });
      }
    }
  }

  /** Removes what the spare holds that this output does not: its other files, then its folders left empty, deepest first. */
  async clearLeftovers(): Promise<void> {
    const spare = this.spare;
    if (!spare) return;
    await inBatches([...spare.present], (file) => rm(path.join(this.temp, file), { force: true }));
    spare.present.clear();
    const needed = new Set<string>();
    for (const file of this.placed.keys()) for (let dir = path.dirname(file); dir !== '.' && !needed.has(dir); dir = path.dirname(dir)) needed.add(dir);
    const unneeded = [...spare.folders].filter((dir) => !needed.has(dir)).sort((a, b) => b.length - a.length);
    for (const dir of unneeded) await rmdir(path.join(this.temp, dir)).catch(() => rm(path.join(this.temp, dir), { recursive: true, force: true }));
  }

  /** Whether `file` was placed by writing it (not linked, not left in the spare). */
  isFresh(file: string): boolean {
    const placement = this.placed.get(file);
    return placement !== undefined && !placement.linkedTo && !placement.keptFrom;
  }

  /** Files in place without a write: linked from the previous output, or left from the spare. */
  linked(): number {
    return [...this.placed.values()].filter((placement) => placement.linkedTo || placement.keptFrom).length;
  }

  /**
   * Whether the spare's file at `file` may stay: the inode its record names, untouched, holding
   * these bytes, and linked nowhere but here and at the same path of the output.
   */
  private keepsSpare(file: string, placement: Placement): { entry: WrittenFile; settled: boolean } | undefined {
    const entry = this.spare?.files.get(file);
    if (!entry || !placement.matches(entry)) return undefined;
    const held = this.spareHolds(file, entry);
    return held && { entry, settled: held === 'settled' };
  }

  /**
   * Whether the spare's file at `file` is the inode its record entry names, untouched, and linked
   * nowhere but here and at the same path of the output; 'settled' when its time vouches for its bytes.
   */
  private spareHolds(file: string, entry: WrittenFile): 'settled' | 'unsettled' | undefined {
    const info = lstatSync(path.join(this.temp, file), { bigint: true, throwIfNoEntry: false });
    if (!info?.isFile() || !sameIdentity(identityOf(info), entry)) return undefined;
    if (info.nlink > 2n || (info.nlink === 2n && !this.previous.isInode(file, info.ino))) return undefined;
    return info.mtimeNs < this.spare!.stamp ? 'settled' : 'unsettled';
  }

  /** Leaves the spare's file at `file`, described by `entry`, in place when it holds; `placement` is made only if its bytes must be read back. */
  private keepEntry(file: string, entry: WrittenFile, placement: () => Placement): boolean {
    const held = this.spareHolds(file, entry);
    if (!held) return false;
    this.spare!.present.delete(file);
    if (held === 'settled') this.placed.set(file, keptAsRecorded(entry));
    else {
      const made = placement();
      this.placed.set(file, { ...made, digest: made.digest ?? entry.digest, keptFrom: entry, unsettled: true });
    }
    return true;
  }
}
