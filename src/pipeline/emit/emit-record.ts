/**
 * What emit wrote into an output folder, so the next emit can take each unchanged file from there
 * instead of writing it again. The record is kept in docsite's cache, not in the output folder: the
 * output must stay the same bytes for the same site, and the record holds inode numbers and times.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, type BigIntStats } from 'node:fs';
import { lstat, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTPUT_MARKER } from './output-dir';

/**
 * The inode that holds a file or folder, modification time to the nanosecond. Any write to a file, a
 * chmod, or a file put in its place changes it, so an identity that still matches means nobody touched it.
 */
export interface Identity {
  dev: string;
  ino: string;
  size: number;
  mode: number;
  mtimeNs: string;
}

export interface SourceStamp extends Identity {
  /** The real path the static file was copied from. */
  real: string;
}

export interface WrittenFile extends Identity {
  /** Digest of the bytes (see contentDigest); a static file has none, its source stands for it. */
  digest?: string;
  source?: SourceStamp;
  /**
   * For a precompressed copy (`x.br`, `x.gz`): the compression settings and the digest of the bytes
   * it was made from (or, for a static file's copy, the settings alone, `source` standing for the bytes).
   */
  derived?: string;
}

interface RecordFile {
  version: 1;
  outDir: string;
  /** The modification time emit gave its marker after every file was in place (see settled below). */
  stamp: string;
  files: Record<string, WrittenFile>;
  /**
   * Each folder of the output by its path (`.` for the output folder itself), read after every file was
   * in place. A folder's time moves whenever a name in it is added, removed or replaced, so a folder
   * whose identity still matches, and whose time is older than the stamp, holds the very inodes the
   * record names. Missing in records written before folders were kept.
   */
  folders?: Record<string, Identity>;
}

export function identityOf(info: BigIntStats): Identity {
  return { dev: String(info.dev), ino: String(info.ino), size: Number(info.size), mode: Number(info.mode), mtimeNs: String(info.mtimeNs) };
}

export function sameIdentity(a: Identity, b: Identity): boolean {
  return a.ino === b.ino && a.mtimeNs === b.mtimeNs && a.size === b.size && a.dev === b.dev && a.mode === b.mode;
}

/** One record per output folder, so two output folders built with one cache do not overwrite each other's. */
export function recordFileOf(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'emit', `${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}.json`);
}

export async function writeRecord(
  file: string,
  outDir: string,
  stamp: bigint,
  files: Map<string, WrittenFile>,
  folders: Map<string, Identity> = new Map(),
): Promise<void> {
  const record: RecordFile = { version: 1, outDir, stamp: String(stamp), files: Object.fromEntries(files), folders: Object.fromEntries(folders) };
  await writeRecordText(file, JSON.stringify(record));
}

/** Writes a record's text as it was read (see RecordOf.text): a record copied is not serialized again. */
export async function writeRecordText(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(partial, text);
  await rename(partial, file);
}

/**
 * The spare's note that it is what was written to `outDir`: a record with no files, the output's own
 * record describing the files the two share (see spare.ts).
 */
export async function writeSpareNote(file: string, outDir: string): Promise<void> {
  const note: RecordFile = { version: 1, outDir, stamp: '0', files: {} };
  await writeRecordText(file, JSON.stringify(note));
}

/** Whether `file` is a record (or a spare's note) written for the output folder `outDir`. */
export async function isRecordOf(file: string, outDir: string): Promise<boolean> {
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as RecordFile;
    return record.version === 1 && record.outDir === outDir && typeof record.files === 'object' && record.files !== null;
  } catch {
    return false;
  }
}

/** Where the previous output goes after a swap, for the next emit to start from (see spare.ts), and its note. */
export function spareOf(recordFile: string): { dir: string; record: string } {
  const stem = recordFile.replace(/\.json$/, '');
  return { dir: `${stem}.spare`, record: `${stem}.spare.json` };
}

export interface RecordOf {
  outDir: string;
  stamp: bigint;
  files: Map<string, WrittenFile>;
  folders: Map<string, Identity>;
  /** The record file's text, as read. */
  text: string;
}

export interface PreviousOutput {
  /**
   * The record of `file` when the file at that path of the previous output still has the identity
   * docsite recorded. `settled` says the identity proves the bytes unchanged: the file's time is
   * older than the stamp. A file written within the stamp's tick of the file clock could have been
   * changed in that same tick without its time moving, so its bytes must be read back to be trusted.
   */
  intact(file: string): Promise<{ entry: WrittenFile; settled: boolean } | undefined>;
  /**
   * Whether `file` of the output, reached through real folders only, is the inode `ino`. Synchronous:
   * asked of every file a build leaves unchanged, it costs a system call and nothing more, and none
   * when every folder on the way is vouched for by the record (the name still leads to the inode the
   * record names for it: see RecordFile.folders).
   */
  isInode(file: string, ino: bigint): boolean;
  /** The record the output was written with, when it has one that holds. */
  record(): RecordOf | undefined;
}

/**
 * The output folder as the previous build left it. A file there counts as intact only when the
 * folder still holds docsite's marker, every folder on the way to the file is a real folder (no
 * symbolic link leading elsewhere), and the file itself is a regular file with the recorded
 * identity and a single link (so linking it shares its bytes with no one outside the output).
 */
export async function previousOutput(outDir: string, recordFile: string | undefined, known?: RecordRead): Promise<PreviousOutput> {
  const marker = await lstat(path.join(outDir, OUTPUT_MARKER)).catch(() => undefined);
  const { stamp, files, folders: recordedFolders, text } = recordFile && marker?.isFile() ? (known ?? (await readRecord(recordFile, outDir))) : NO_RECORD;
  // Each folder looked at: whether it is a real folder (every folder on its way too), and whether
  // the record vouches for it (every folder on its way too). The output folder itself counts as real
  // (its path may be a link, followed on purpose), but is vouched for only as the folder recorded.
  const folders = new Map<string, { real: boolean; vouched: boolean }>();
  const folder = (dir: string): { real: boolean; vouched: boolean } => {
    let known = folders.get(dir);
    if (known === undefined) {
      const above = dir === '.' ? { real: true, vouched: true } : folder(path.dirname(dir));
      const info = above.real ? lstatSync(path.join(outDir, dir), { bigint: true, throwIfNoEntry: false }) : undefined;
      const recorded = recordedFolders.get(dir);
      const isFolder = Boolean(info?.isDirectory());
      known = {
        real: dir === '.' || isFolder,
        vouched: above.vouched && isFolder && recorded !== undefined && sameIdentity(identityOf(info!), recorded) && BigInt(recorded.mtimeNs) < stamp,
      };
      folders.set(dir, known);
    }
    return known;
  };
  const isRealFolder = (dir: string): boolean => dir === '.' || dir === '' || folder(dir).real;
  return {
    record: () => (files.size > 0 ? { outDir, stamp, files, folders: recordedFolders, text } : undefined),
    isInode(file, ino) {
      const dir = path.dirname(file);
      if (!isRealFolder(dir)) return false;
      const entry = files.get(file);
      if (entry && folder(dir).vouched) return entry.ino === String(ino);
      return lstatSync(path.join(outDir, file), { bigint: true, throwIfNoEntry: false })?.ino === ino;
    },
    async intact(file) {
      const entry = files.get(file);
      if (!entry || !isRealFolder(path.dirname(file))) return undefined;
      const info = await lstat(path.join(outDir, file), { bigint: true }).catch(() => undefined);
      if (!info?.isFile() || info.nlink !== 1n || !sameIdentity(identityOf(info), entry)) return undefined;
      return { entry, settled: info.mtimeNs < stamp };
    },
  };
}

export interface RecordRead {
  stamp: bigint;
  files: Map<string, WrittenFile>;
  folders: Map<string, Identity>;
  text: string;
}

const NO_RECORD: RecordRead = { stamp: 0n, files: new Map(), folders: new Map(), text: '' };

/** A record that is missing, unreadable or written for another folder is no record: every file gets written. */
export async function readRecord(file: string, outDir: string): Promise<RecordRead> {
  try {
    const text = await readFile(file, 'utf8');
    const record = JSON.parse(text) as RecordFile;
    if (record.version === 1 && record.outDir === outDir && record.files && typeof record.files === 'object') {
      const folders = record.folders && typeof record.folders === 'object' ? new Map(Object.entries(record.folders)) : new Map<string, Identity>();
      return { stamp: BigInt(record.stamp), files: new Map(Object.entries(record.files)), folders, text };
    }
  } catch {
    // Unreadable, or changed by hand: ignored.
  }
  return { stamp: 0n, files: new Map(), folders: new Map(), text: '' };
}
