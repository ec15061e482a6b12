/**
 * Whether a file is unchanged since something was made from it: its size and modification time when
 * that was made, and its digest for when those alone do not settle it.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** File clocks tick coarser than Date.now() on some file systems. */
const CLOCK_SLACK_MS = 20;

/** What a file was when something was made from it. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  digest: string;
}

/**
 * The file's stamp now. A file changed after `since` (when the work that read it started) may have
 * been read before or after the change: its stamp then matches nothing, so the next build makes
 * again what was made from it. A missing file has a stamp too, which matches it while it stays missing.
 */
export async function stampOf(file: string, since = Number.POSITIVE_INFINITY): Promise<FileStamp> {
  try {
    const [info, contents] = await Promise.all([stat(file), readFile(file)]);
    if (info.mtimeMs >= since - CLOCK_SLACK_MS) return { size: -2, mtimeMs: -2, digest: 'changed while read' };
    return { size: info.size, mtimeMs: info.mtimeMs, digest: createHash('sha256').update(contents).digest('hex') };
  } catch {
    return { size: -1, mtimeMs: -1, digest: 'missing' };
  }
}

/**
 * Same size and time: the same file (as make and every build tool take it), unless `read` asks for
 * its contents whatever its stamp. Otherwise the contents decide, so a touched but unchanged file
 * costs nothing downstream.
 */
export async function sameFile(file: string, stamp: FileStamp, read = false): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info) return stamp.digest === 'missing';
  if (!read && info.size === stamp.size && info.mtimeMs === stamp.mtimeMs) return true;
  if (info.size !== stamp.size) return false;
  return (await stampOf(file)).digest === stamp.digest;
}

/** Whether a value read back from a cache is a stamp. */
export function isFileStamp(value: unknown): value is FileStamp {
  const stamp = value as FileStamp | null;
  return typeof stamp === 'object' && stamp !== null && typeof stamp.size === 'number' && typeof stamp.mtimeMs === 'number' && typeof stamp.digest === 'string';
}

/**
 * Whether every file of `stamps` still reads as it did. With `changed` (the files a watcher reported
 * since the last check), files outside it are taken as unchanged and files in it are read.
 */
export async function unchangedSince(stamps: Record<string, FileStamp>, changed: Set<string> | undefined): Promise<boolean> {
  for (const [file, stamp] of Object.entries(stamps)) {
    if (changed && !changed.has(file)) continue;
    // A file reported changed is read: two quick writes can leave the same size and time.
    if (!(await sameFile(file, stamp, changed !== undefined))) return false;
  }
  return true;
}
