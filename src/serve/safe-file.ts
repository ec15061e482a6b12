/** Files the servers may send: only where the real path (every link resolved) lies inside an allowed folder. */
import { constants } from 'node:fs';
import { open, realpath, stat, type FileHandle } from 'node:fs/promises';
import { isInsideFolder } from '../core/paths';

/** A regular file that passed the check: its real path and the identity it had then. */
export interface CheckedFile {
  realPath: string;
  size: number;
  dev: number;
  ino: number;
  /** Modification time, in milliseconds: tells a precompressed copy older than its file. */
  mtimeMs: number;
}

/**
 * `candidate` if it is a regular file whose real path lies inside the real path of `root`.
 *
 * A link is followed as its target: one leading elsewhere inside the root is served, one leading out
 * of it counts as missing.
 */
export async function checkInside(root: string, candidate: string): Promise<CheckedFile | undefined> {
  const [realRoot, real] = await Promise.all([realpath(root).catch(() => undefined), realpath(candidate).catch(() => undefined)]);
  if (!realRoot || !real || !isInsideFolder(realRoot, real)) return undefined;
  const info = await stat(real).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  return { realPath: real, size: info.size, dev: info.dev, ino: info.ino, mtimeMs: info.mtimeMs };
}

/** The first candidate that passes `checkInside`. */
export async function firstInside(root: string, candidates: string[]): Promise<CheckedFile | undefined> {
  for (const candidate of candidates) {
    const file = await checkInside(root, candidate);
    if (file) return file;
  }
  return undefined;
}

const CHUNK_SIZE = 64 * 1024;

/**
 * A response body reading the checked file. It is opened on the first read (a HEAD request or a client
 * gone before the first byte holds no descriptor), by the real path that passed the check, with
 * O_NOFOLLOW, and must still be the same file (device and inode): a link or another file swapped in
 * after the check ends the response instead of being read.
 */
export function fileBody(file: CheckedFile): ReadableStream<Uint8Array> {
  let handle: FileHandle | undefined;
  let remaining = file.size;
  const release = async () => {
    const current = handle;
    handle = undefined;
    await current?.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (remaining === 0) {
            controller.close();
            return;
          }
          handle ??= await openChecked(file);
          const buffer = new Uint8Array(Math.min(CHUNK_SIZE, remaining));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
          // The length header promised the size seen at the check; a file that shrank since cannot keep that promise.
          if (bytesRead === 0) throw new Error(`${file.realPath} shrank while it was being sent`);
          remaining -= bytesRead;
          controller.enqueue(buffer.subarray(0, bytesRead));
          if (remaining === 0) {
            await release();
            controller.close();
          }
        } catch (error) {
          await release();
          controller.error(error);
        }
      },
      cancel: release,
    },
    { highWaterMark: 0 },
  );
}

async function openChecked(file: CheckedFile): Promise<FileHandle> {
  const handle = await open(file.realPath, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  const info = await handle.stat().catch(() => undefined);
  if (info?.isFile() && info.dev === file.dev && info.ino === file.ino) return handle;
  await handle.close();
  throw new Error(`${file.realPath} changed between its check and its read`);
}
