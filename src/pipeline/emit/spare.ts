/**
 * The spare: the output a swap replaced, kept in the cache as the folder the next emit starts from,
 * so that an emit costs work in proportion to what changed, not a folder and a link per file.
 */
import { readdirSync } from 'node:fs';
import { lstat, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isRecordOf, spareOf, writeSpareNote, type PreviousOutput, type RecordOf, type WrittenFile } from './emit-record';
import { OUTPUT_MARKER } from './output-dir';
import { removeMarked } from './temp-folder';

/**
 * The previous output, taken from where the emit before left it, with what its record says of its
 * files. Its folders are already there, and its files the build wants unchanged stay where they are.
 * A file of the output thus has at most one other link, in the spare, at the same path.
 *
 * A file the spare and the output share is one inode, so the output's record describes the spare's
 * files the next build keeps: the spare is judged by it, and keeps no record of its own, only a note
 * of the output folder it belongs to. A spare file the output's record does not describe (one the
 * output changed since) is not kept; a build reads one record, not two. A spare file is kept only
 * when its one other link is the output's file at the same path: the output's folders, recorded
 * too, vouch for that while no name in them changed, so a kept file costs one look, at the spare.
 */
export interface Spare {
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
export async function takeSpare(
  spare: { dir: string; record: string },
  outDir: string,
  temp: string,
  current: RecordOf | undefined,
): Promise<Spare | undefined> {
  const info = await lstat(spare.dir).catch(() => undefined);
  if (!info) return undefined;
  const ours =
    current &&
    info.isDirectory() &&
    (await lstat(path.join(spare.dir, OUTPUT_MARKER)).catch(() => undefined))?.isFile() &&
    (await isRecordOf(spare.record, outDir));
  const record = ours ? current : undefined;
  const moved =
    record &&
    (await rename(spare.dir, temp).then(
      () => true,
      () => false,
    ));
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
export async function keepAsSpare(old: string, recordFile: string | undefined, previous: PreviousOutput): Promise<void> {
  const record = recordFile && previous.record();
  if (!recordFile || !record) {
    await removeMarked(old);
    return;
  }
  const spare = spareOf(recordFile);
  await rm(spare.dir, { recursive: true, force: true });
  if (
    !(await rename(old, spare.dir).then(
      () => true,
      () => false,
    ))
  ) {
    await removeMarked(old);
    return;
  }
  await writeSpareNote(spare.record, record.outDir);
}
