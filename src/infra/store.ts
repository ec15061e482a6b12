/**
 * The one content store behind docsite's caches: JSON values and byte blobs filed by (kind, key)
 * under `<cacheDir>/store/<kind>/<key>`, where the key is a digest of everything the entry depends on.
 *
 * Entries are written to a temporary file and renamed into place (write-file-atomic), so a build
 * killed half way leaves no torn entry under a real key, only a temporary file that a later
 * `retain` sweeps. Each entry carries the checksums of its bytes (see entry-frame.ts) and is checked
 * against them when read: a damaged entry is removed and reads as a miss, and the damage is noted
 * (see damage.ts) for the build to warn of. Anything else unreadable (absent, bad JSON) is a plain
 * miss: a cache may cost a recompile, never a failed build or a wrong one. `retain` bounds the store
 * to what the current build uses, so it stays the size of one site rather than the history of its edits.
 */
import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from './commonjs';
import { noteDamaged, StoreDamagedError } from './damage';
import { checkBlocks, frameEntry, readFrame, unframeEntry } from './entry-frame';

export interface Store {
  /** `<cacheDir>/store`. */
  readonly dir: string;
  getBytes(kind: string, key: string): Promise<Buffer | undefined>;
  /**
   * The entry's bytes, read a range at a time when asked for: a caller that needs a few parts of a
   * large entry (a pack of a whole site's code) reads those, not the whole. Undefined when missing.
   */
  openBytes(kind: string, key: string): ByteSource | undefined;
  putBytes(kind: string, key: string, bytes: Uint8Array | string): Promise<void>;
  /** The parsed value, or undefined when the entry is missing or is not JSON. */
  getJson<T>(kind: string, key: string): Promise<T | undefined>;
  putJson(kind: string, key: string, value: unknown): Promise<void>;
  /** Where an entry lives, for a caller that copies it out (a reflink with copyFile) rather than reading it. */
  fileOf(kind: string, key: string): string;
  /** Removes the entry, if any: one whose bytes are whole but whose meaning no longer holds (see StoreDamagedError). */
  remove(kind: string, key: string): Promise<void>;
  /** Removes every entry of `kind` whose key is not in `keys`; returns how many went. */
  retain(kind: string, keys: Iterable<string>): Promise<number>;
}

/**
 * Random access to an entry's bytes. From the store on disk, it reads the file the entry was when
 * opened, even once a writer has replaced it (entries are replaced by a rename, never written in
 * place), and the file is closed when the source is no longer reachable.
 */
export interface ByteSource {
  readonly size: number;
  /** The bytes from `start` to `end` (within `size`); throws StoreDamagedError when they do not match their checksums. */
  read(start: number, end: number): Buffer;
}

/** The bytes of a buffer as a source. */
export function bufferSource(bytes: Buffer): ByteSource {
  return { size: bytes.length, read: (start, end) => bytes.subarray(start, end) };
}

/** Closes the file of each source from openBytes once nothing can read it any more. */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Closed already (the process is ending).
  }
});

/** Kinds are folder names and keys file names: lower-case words and digests, never a path or a dot file. */
const KIND = /^[a-z][a-z0-9-]*$/;
const KEY = /^[A-Za-z0-9_-]+$/;

/** A temporary file (its name has a dot, which no key has) younger than this may still be renamed into place by a live writer. */
const TEMP_GRACE_MS = 10 * 60_000;

export function createStore(cacheDir: string): Store {
  const store: StoreState = { dir: path.join(cacheDir, 'store') };
  return {
    dir: store.dir,
    fileOf: (kind, key) => fileOf(store, kind, key),
    getBytes: (kind, key) => getBytes(store, kind, key),
    openBytes: (kind, key) => openBytes(store, kind, key),
    putBytes: (kind, key, bytes) => putBytes(store, kind, key, bytes),
    async getJson<T>(kind: string, key: string) {
      const bytes = await getBytes(store, kind, key);
      if (!bytes) return undefined;
      try {
        return JSON.parse(bytes.toString('utf8')) as T;
      } catch {
        return undefined;
      }
    },
    putJson: (kind, key, value) => putBytes(store, kind, key, JSON.stringify(value)),
    async remove(kind, key) {
      await rm(fileOf(store, kind, key), { force: true });
    },
    retain: (kind, keys) => retain(store, kind, keys),
  };
}

/** What a store is: its folder (the operations below are over it). */
interface StoreState {
  readonly dir: string;
}

function folderOf(store: StoreState, kind: string): string {
  if (!KIND.test(kind)) throw new Error(`store: "${kind}" is not a kind (lower-case letters, digits and dashes)`);
  return path.join(store.dir, kind);
}

function fileOf(store: StoreState, kind: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`store: "${key}" is not a key (letters, digits, - and _)`);
  return path.join(folderOf(store, kind), key);
}

/** Damage found in an entry: it is removed, so the next read is a miss and the next put makes it again. */
function damaged(file: string): void {
  noteDamaged(file);
  rm(file, { force: true }).catch(() => undefined);
}

async function getBytes(store: StoreState, kind: string, key: string): Promise<Buffer | undefined> {
  const file = fileOf(store, kind, key);
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) return undefined;
  const body = unframeEntry(bytes);
  if (body === 'other') return undefined;
  if (body === 'damaged') {
    damaged(file);
    return undefined;
  }
  return body;
}

async function putBytes(store: StoreState, kind: string, key: string, bytes: Uint8Array | string): Promise<void> {
  const file = fileOf(store, kind, key);
  // The store is kill-safe, not power-safe: skipping fsync keeps a cold build's thousand writes
  // cheap, and an entry cut short by a power failure fails its reader's checks (a miss).
  const data = frameEntry(typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const write = () => writeFileAtomic(file, data, { fsync: false });
  await write()
    .catch(async (error: NodeJS.ErrnoException) => {
      // The kind's folder is made by its first write, and again if someone deleted the cache meanwhile.
      if (error.code !== 'ENOENT') throw error;
      await mkdir(folderOf(store, kind), { recursive: true });
      await write();
    })
    .catch((error: unknown) => {
      // Another writer got there first (Windows refuses to replace a file being read); the key
      // names the content, so its entry is as good as this one.
      if (!existsSync(file)) throw error;
    });
}

function openBytes(store: StoreState, kind: string, key: string): ByteSource | undefined {
  const file = fileOf(store, kind, key);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  // Bytes of the file as it was opened (a cut-short file fails its checksums).
  const readRaw = (start: number, end: number): Buffer => {
    const bytes = Buffer.alloc(end - start);
    for (let at = 0; at < bytes.length;) {
      const count = readSync(fd, bytes, at, bytes.length - at, start + at);
      if (count === 0) break;
      at += count;
    }
    return bytes;
  };
  let frame: ReturnType<typeof readFrame>;
  try {
    const size = fstatSync(fd).size;
    frame = readFrame(readRaw(0, Math.min(size, 8)), size, readRaw);
  } catch {
    closeSync(fd);
    return undefined;
  }
  if (frame === 'other' || frame === 'damaged') {
    closeSync(fd);
    if (frame === 'damaged') damaged(file);
    return undefined;
  }
  const { bodyStart, bodySize } = frame;
  const source: ByteSource = {
    size: bodySize,
    read(start, end) {
      // The whole blocks the range lies in are read and checked; the range is cut from them.
      const { from, to } = frame.blocksOf(start, end);
      const blocks = readRaw(bodyStart + from, bodyStart + to);
      if (!checkBlocks(frame, from, to, (a, b) => blocks.subarray(a - from, b - from))) {
        damaged(file);
        throw new StoreDamagedError(file);
      }
      return blocks.subarray(start - from, end - from);
    },
  };
  openFiles.register(source, fd);
  return source;
}

async function retain(store: StoreState, kind: string, keys: Iterable<string>): Promise<number> {
  const folder = folderOf(store, kind);
  const keep = new Set(keys);
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  let removed = 0;
  await Promise.all(
    names.map(async (name) => {
      if (keep.has(name)) return;
      if (name.includes('.')) {
        const info = await stat(path.join(folder, name)).catch(() => undefined);
        if (info && now - info.mtimeMs < TEMP_GRACE_MS) return;
      }
      await rm(path.join(folder, name), { force: true, recursive: true });
      removed++;
    }),
  );
  return removed;
}
