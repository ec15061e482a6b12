/**
 * What the scan learns from a content file (the digest of its text and its frontmatter), kept
 * between builds under the file's stat: size, modification and change times, inode and device.
 * A file whose stat did not change is neither read, hashed nor parsed again; its text is read only
 * if a later stage needs it (a page that must be compiled). The files each glob of the scan found
 * are kept the same way, under the stamps of the folders it listed: while none of them changed (and
 * each link it followed leads where it did), the folders are not walked again.
 *
 * Editors, git and rsync all change at least one of those on a write, and the change time cannot be
 * set back. The one gap is a second write within the clock tick of the first, at the same size: so a
 * file modified within the last few seconds is never recorded, and is read again next time (git's
 * "racy clean" rule).
 */
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { type Store } from '../infra/store';
import type { DocFrontMatter } from './frontmatter';
import { statOnDisk, type ContentReader, type FileStat, type GlobResult, type SiteFiles, type Walked } from './site-files';
import { digestKey } from '../infra/digest';

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
  /**
   * What the scan works out from a file's facts (`key` names what, as a file can be used more than
   * one way), kept with them while the file is unchanged; `make` works it out when none is kept.
   */
  derived<T>(file: string, key: string, make: () => T): T;
  /** `reader`, its globs answered from the memo while the folders each one listed last time are unchanged. */
  remembering<T extends ContentReader>(reader: T): T;
  /** Writes the facts of the files looked up in this scan, when they differ from what was read. */
  save(): Promise<void>;
}

const KIND = 'file-facts';
/** Bump when what is kept changes shape. */
const FORMAT = 2;
/** A file changed less than this before its stat may be written again within the same tick. */
const RACY_MS = 3_000;

type Kept = FileFacts & { stamp: string; derived?: Map<string, unknown> };

/** A glob's files, with the stamp of each folder it listed (null: absent) and the real path of each link it followed. */
interface KeptGlob {
  files: string[];
  folders: [string, string | null][];
  links: [string, string][];
}

interface Memo {
  files: Map<string, Kept>;
  globs: Map<string, KeptGlob>;
}

/**
 * The memo of one content folder, read from `store`. `fingerprint` names docsite's code: frontmatter
 * parsed by another version is not reused.
 */
export async function openFileFacts(options: {
  store: Store;
  contentDir: string;
  fingerprint: string;
  files?: Pick<SiteFiles, 'stat'>;
  /** The clock a file's times are held against to tell whether it settled: `Date.now` when not given. */
  now?: () => number;
}): Promise<FileFactsMemo> {
  const now = options.now ?? Date.now;
  // The disk when no files are given (a caller that has only a folder).
  const statOf = options.files ? options.files.stat : statOnDisk;
  const key = digestKey(String(FORMAT), options.fingerprint, options.contentDir);
  const previous = decode(await options.store.getBytes(KIND, key));
  const next: Memo = { files: new Map(), globs: new Map() };
  // Whether this scan learnt something to keep; and the files and globs it had to read or walk again
  // but could not record, having changed too recently (what is kept of them will never match again).
  let learnt = false;
  const unrecorded = { files: new Set<string>(), globs: new Set<string>() };
  // Folders shared by several globs are stat'ed once per scan.
  const folderStamps = new Map<string, Promise<FileStat | undefined>>();
  const folderStamp = (folder: string) => {
    if (!folderStamps.has(folder)) folderStamps.set(folder, statOf(folder));
    return folderStamps.get(folder)!;
  };
  const unchanged = async (kept: KeptGlob, reader: ContentReader): Promise<boolean> => {
    const [folders, links] = await Promise.all([
      Promise.all(kept.folders.map(async ([folder, stamp]) => ((await folderStamp(folder))?.stamp ?? null) === stamp)),
      Promise.all(kept.links.map(async ([link, real]) => (await reader.realPath(link).catch(() => undefined)) === real)),
    ]);
    return folders.every(Boolean) && links.every(Boolean);
  };
  return {
    async lookup(file) {
      // A file that cannot be stat'ed is read as usual, which reports what is wrong with it.
      const info = await statOf(file);
      if (!info || !settled(info, now())) {
        unrecorded.files.add(file);
        return {};
      }
      const { stamp } = info;
      const kept = previous.files.get(file);
      if (!kept || kept.stamp !== stamp) return { stamp };
      next.files.set(file, kept);
      return { facts: { digest: kept.digest, frontMatter: kept.frontMatter }, stamp };
    },
    record(file, stamp, facts) {
      if (stamp === undefined) return;
      next.files.set(file, { ...facts, stamp });
      learnt = true;
    },
    derived<T>(file: string, derivedKey: string, make: () => T): T {
      // Only for a file this scan trusts: one read too soon after a change keeps nothing.
      const kept = next.files.get(file);
      if (!kept) return make();
      if (kept.derived?.has(derivedKey)) return kept.derived.get(derivedKey) as T;
      const made = make();
      (kept.derived ??= new Map()).set(derivedKey, made);
      learnt = true;
      return made;
    },
    remembering(reader) {
      const glob = async (patterns: string[], globOptions: { cwd: string; ignore?: string[] }): Promise<GlobResult> => {
        const globKey = JSON.stringify([path.resolve(globOptions.cwd), patterns, globOptions.ignore ?? []]);
        const kept = previous.globs.get(globKey);
        if (kept && (await unchanged(kept, reader))) {
          next.globs.set(globKey, kept);
          return { files: [...kept.files], errors: [] };
        }
        const result = await reader.glob(patterns, globOptions);
        const fresh = result.walked && result.errors.length === 0 ? keptGlob(result.files, result.walked, now()) : undefined;
        if (fresh) {
          next.globs.set(globKey, fresh);
          learnt = true;
        } else unrecorded.globs.add(globKey);
        return result;
      };
      return { ...reader, glob };
    },
    async save() {
      // A file gone since the last scan is dropped from the memo, which changes it too. One edited
      // just now is not: a one-page edit build does not write the memo again to forget it.
      const dropped = (kept: Map<string, unknown>, found: Map<string, unknown>, skipped: Set<string>) =>
        [...kept.keys()].some((name) => !found.has(name) && !skipped.has(name));
      if (!learnt && !dropped(previous.files, next.files, unrecorded.files) && !dropped(previous.globs, next.globs, unrecorded.globs)) return;
      await options.store.putBytes(KIND, key, serialize(next));
      await options.store.retain(KIND, [key]);
    },
  };
}

/** What is kept of a glob; undefined when a folder it listed changed too recently for its stamp to show a second change. */
function keptGlob(files: string[], walked: Walked, now: number): KeptGlob | undefined {
  const folders: [string, string | null][] = [];
  for (const [folder, stat] of walked.folders) {
    if (stat && !settled(stat, now)) return undefined;
    folders.push([folder, stat?.stamp ?? null]);
  }
  return { files: [...files], folders, links: [...walked.links] };
}

/**
 * Whether a second change of the file could no longer leave its stamp as it is. The change time
 * counts too: a write that puts the modification time back (rsync, tar, `touch -d`) moves only it.
 */
function settled(stat: FileStat, now: number): boolean {
  return now - Math.max(stat.mtimeMs, stat.ctimeMs) >= RACY_MS;
}

function decode(bytes: Buffer | undefined): Memo {
  try {
    const value = (bytes && deserialize(bytes)) as Partial<Memo> | undefined;
    if (value?.files instanceof Map && value.globs instanceof Map) return value as Memo;
  } catch {
    // A miss: every file is read.
  }
  return { files: new Map(), globs: new Map() };
}
