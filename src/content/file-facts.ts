/**
 * What the scan learns from a content file (the digest of its text and its frontmatter), kept
 * between builds under the file's stat: size, modification and change times, inode and device.
 * A file whose stat did not change is neither read, hashed nor parsed again; its text is read only
 * if a later stage needs it (a page that must be compiled).
 *
 * Editors, git and rsync all change at least one of those on a write, and the change time cannot be
 * set back. The one gap is a second write within the clock tick of the first, at the same size: so a
 * file modified within the last few seconds is never recorded, and is read again next time (git's
 * "racy clean" rule).
 */
import { deserialize, serialize } from 'node:v8';
import { digestKey, type Store } from '../exec/store';
import type { DocFrontMatter } from './frontmatter';
import { statOnDisk, type SiteFiles } from './site-files';

export interface FileFacts {
  /** SHA-256 of the text, hex. */
  digest: string;
  frontMatter: DocFrontMatter;
}

export interface FileFactsMemo {
  /** The facts of `file` when its stat is the one they were recorded under; `stamp` to record new facts with. */
  lookup(file: string): Promise<{ facts?: FileFacts; stamp?: string }>;
  /** Keeps the facts of a file read under `stamp` (undefined: too recent to be trusted later). */
  record(file: string, stamp: string | undefined, facts: FileFacts): void;
  /** Writes the facts of the files looked up in this scan, when they differ from what was read. */
  save(): Promise<void>;
}

const KIND = 'file-facts';
/** Bump when what is kept changes shape. */
const FORMAT = 1;
/** A file modified less than this before its stat may be written again within the same tick. */
const RACY_MS = 3_000;

type Kept = FileFacts & { stamp: string };

/**
 * The memo of one content folder, read from `store`. `fingerprint` names docsite's code: frontmatter
 * parsed by another version is not reused.
 */
export async function openFileFacts(options: { store: Store; contentDir: string; fingerprint: string; files?: Pick<SiteFiles, 'stat'> }): Promise<FileFactsMemo> {
  // The disk when no files are given (a caller that has only a folder).
  const statOf = options.files ? options.files.stat : statOnDisk;
  const key = digestKey(String(FORMAT), options.fingerprint, options.contentDir);
  const previous = decode(await options.store.getBytes(KIND, key));
  const next = new Map<string, Kept>();
  let changed = false;
  return {
    async lookup(file) {
      // A file that cannot be stat'ed is read as usual, which reports what is wrong with it.
      const info = await statOf(file);
      if (!info || Date.now() - info.mtimeMs < RACY_MS) return {};
      const { stamp } = info;
      const kept = previous.get(file);
      if (!kept || kept.stamp !== stamp) return { stamp };
      next.set(file, kept);
      return { facts: { digest: kept.digest, frontMatter: kept.frontMatter }, stamp };
    },
    record(file, stamp, facts) {
      changed = true;
      if (stamp !== undefined) next.set(file, { ...facts, stamp });
    },
    async save() {
      // A file gone since the last scan is dropped from the memo, which changes it too.
      if (!changed && next.size === previous.size) return;
      await options.store.putBytes(KIND, key, serialize(next));
      await options.store.retain(KIND, [key]);
    },
  };
}

function decode(bytes: Buffer | undefined): Map<string, Kept> {
  try {
    const value: unknown = bytes && deserialize(bytes);
    if (value instanceof Map) return value as Map<string, Kept>;
  } catch {
    // A miss: every file is read.
  }
  return new Map();
}
