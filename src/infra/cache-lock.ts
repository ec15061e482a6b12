/**
 * One build at a time per cache folder. Two builds of one site share its cache (the store, the
 * graph's page modules, emit's record and spare); a second build waits until the first is done.
 * The lock is a file created exclusively (`wx`) holding the holder's process id and host.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'build.lock';

/** How often the holder refreshes the lock's time, and how old a time makes a lock stale whatever its process id says. */
const REFRESH_MS = 5_000;
const STALE_MS = 60_000;
/** A lock file read empty is being written by its maker; empty for this long, its maker died in between. */
const UNWRITTEN_MS = 10_000;
const POLL_MS = 100;

interface Holder {
  pid: number;
  host: string;
}

export interface CacheLockOptions {
  /** Called once when the lock is held by another process, with its process id (undefined when not yet known). */
  onWait?: (pid: number | undefined) => void;
}

/** Takes the lock of `cacheDir`, waiting for another holder to finish; resolves to its release. */
export async function acquireCacheLock(cacheDir: string, options: CacheLockOptions = {}): Promise<() => Promise<void>> {
  const file = path.join(cacheDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname() } satisfies Holder);
  let announced = false;
  for (;;) {
    try {
      await writeFile(file, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = await readFile(file, 'utf8').catch(() => undefined);
    if (seen === undefined) continue;
    const info = await stat(file).catch(() => undefined);
    if (!info) continue;
    const holder = parseHolder(seen);
    const age = Date.now() - info.mtimeMs;
    if (holder ? isStale(holder, age) : age > UNWRITTEN_MS) {
      await takeOver(file, seen);
      continue;
    }
    if (!announced) {
      announced = true;
      options.onWait?.(holder?.pid);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  // Refreshed while held, so a waiter on another host (or after a process id is reused) can tell a live lock from a stale one.
  const refresh = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
  }, REFRESH_MS);
  refresh.unref();
  return async () => {
    clearInterval(refresh);
    // Only our own lock goes: one taken over as stale (this process stalled past STALE_MS) is another's now.
    if ((await readFile(file, 'utf8').catch(() => undefined)) === mine) await unlink(file).catch(() => undefined);
  };
}

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(value.pid) && typeof value.host === 'string' ? (value as Holder) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lock goes when the build ends; a build killed outright leaves it behind, and it is stale once
 * its process is gone (same host), or once the holder stopped refreshing its time (another host, or
 * a process id taken by another program since): then the next build takes it over.
 */
function isStale(holder: Holder, age: number): boolean {
  if (age > STALE_MS) return true;
  return holder.host === os.hostname() && holder.pid !== process.pid && !isRunning(holder.pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the stale lock that read as `seen`. It is moved aside first and checked: should another
 * process have taken it over in between, the moved file is its live lock, which is put back.
 */
async function takeOver(file: string, seen: string): Promise<void> {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  if (
    !(await rename(file, aside).then(
      () => true,
      () => false,
    ))
  )
    return;
  const moved = await readFile(aside, 'utf8').catch(() => undefined);
  if (moved !== seen) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
