/**
 * What the record says of an output once every file is in place: each file's inode and bytes, each
 * folder's identity, and the stamp that tells the next build which files' times vouch for them.
 */
import { lstatSync, type BigIntStats } from 'node:fs';
import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { identityOf, sameIdentity, type Identity, type WrittenFile } from './emit-record';
import { inBatches } from '../../infra/file-batches';
import type { Placed } from './placement';
import { writeMarker } from './temp-folder';

/** What writeRecord takes: the stamp, every file and every folder of the output. */
export interface Settled {
  stamp: bigint;
  written: Map<string, WrittenFile>;
  folders: Map<string, Identity>;
}

/**
 * Reads the inode of every placed file (`placed`, by path under `temp`) for the record. A linked
 * file that is no longer the inode the check saw (replaced or written to between the check and the
 * link), or whose bytes had to be read back and differ, is made afresh, and `placed` says so. The
 * marker is then written again: its time, taken after every file is in place, is the stamp the next
 * build tells settled files by.
 *
 * A file left in the spare whose time vouched for its bytes is recorded with the identity its
 * check read: nothing was done to it since, and a change made to it from now on, by hand, gives
 * it another identity, which the next build sees. Not reading every unchanged file's inode twice
 * is most of what an emit after a small edit saves.
 *
 * Each folder's identity is then read for the record too (see emit-record.ts).
 */
export async function settlePlaced(temp: string, placed: Map<string, Placed>, marker: string): Promise<Settled> {
  const written = new Map<string, WrittenFile>();
  const recheck: [string, Placed][] = [];
  for (const [file, placement] of placed) {
    const kept = placement.keptFrom;
    if (!kept || placement.unsettled) recheck.push([file, placement]);
    // Most files of a build after a small edit: the record's entry says it all already.
    else if (sameEntry(kept, placement)) written.set(file, kept);
    else if (placement.digest || placement.source)
      written.set(file, { ...identityFields(kept), digest: placement.digest, source: placement.source, derived: placement.derived });
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
  const folders = folderIdentities(temp, placed.keys());
  await writeMarker(marker);
  return { stamp: (await lstat(marker, { bigint: true })).mtimeNs, written, folders };
}

/**
 * Every folder holding `files`, as it is now that nothing more is added or removed: the next
 * build's check of a file that stayed looks at its folders instead of at the file (see emit-record.ts).
 */
function folderIdentities(temp: string, files: Iterable<string>): Map<string, Identity> {
  const dirs = new Set<string>(['.']);
  for (const file of files) for (let dir = path.dirname(file); dir !== '.' && !dirs.has(dir); dir = path.dirname(dir)) dirs.add(dir);
  // Synchronous: a system call per folder, where a promise per folder would cost several times that.
  const folders = new Map<string, Identity>();
  for (const dir of dirs) {
    const info = lstatSync(path.join(temp, dir), { bigint: true, throwIfNoEntry: false });
    if (info?.isDirectory()) folders.set(dir, identityOf(info));
  }
  return folders;
}

/** Whether the record's entry for a kept file is the one settle would write: same bytes, no static source, made the same way. */
function sameEntry(recorded: WrittenFile, placement: Placed): boolean {
  return (
    placement.digest !== undefined &&
    recorded.digest === placement.digest &&
    recorded.source === undefined &&
    placement.source === undefined &&
    recorded.derived === placement.derived
  );
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
