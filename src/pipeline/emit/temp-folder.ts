/**
 * The temporary folder an emit fills beside the output: its marker, its swap into the output's
 * place, and the removal of temporary folders that builds which died left behind.
 */
import { randomBytes } from 'node:crypto';
import { lstat, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exchangePaths } from '../../infra/exchange';
import { OUTPUT_MARKER } from './output-dir';

const MARKER_TEXT = 'This folder was written by docsite. Each build replaces it whole; docsite replaces no folder without this file.\n';

/** Writes (or writes again) the marker that says a folder is docsite's. */
export async function writeMarker(marker: string): Promise<void> {
  await writeFile(marker, MARKER_TEXT);
}

/** A new temporary folder's path beside the output folder `base` in `parent`, named so repairInterrupted knows it. */
export function tempPathOf(parent: string, base: string): string {
  return leftoverPath(parent, base, 'tmp');
}

const leftoverPath = (parent: string, base: string, kind: 'tmp' | 'old') =>
  path.join(parent, `.${base}.${kind}-${process.pid}-${randomBytes(4).toString('hex')}`);

const LEFTOVER = /^\.(.+)\.(tmp|old)-(\d+)-[0-9a-f]{8}$/;

/** Swaps the new output in; returns where the previous output went, if there was one. */
export async function putInPlace(temp: string, outDir: string, parent: string, base: string): Promise<string | undefined> {
  const existing = await lstat(outDir).catch(() => undefined);
  if (!existing) {
    await rename(temp, outDir);
    return undefined;
  }
  // `temp` then holds the previous output.
  if (exchangePaths(temp, outDir)) return temp;
  // No atomic exchange on this system: two renames, and repairInterrupted() puts the old folder
  // back if the process dies between them.
  const old = leftoverPath(parent, base, 'old');
  await rename(outDir, old);
  await rename(temp, outDir);
  return old;
}

/**
 * Removes the temporary folders of builds that died, and restores the previous output if a build
 * died between the two renames of the fallback. Only folders docsite made are touched: the name
 * pattern, a process id that is no longer running, and the marker file (or nothing at all inside).
 */
export async function repairInterrupted(parent: string, base: string): Promise<void> {
  const leftovers: { file: string; kind: string }[] = [];
  for (const name of await readdir(parent)) {
    const match = LEFTOVER.exec(name);
    if (!match || match[1] !== base || isRunning(Number(match[3]))) continue;
    const file = path.join(parent, name);
    if (await isOurs(file)) leftovers.push({ file, kind: match[2]! });
  }
  if (leftovers.length === 0) return;
  const outDir = path.join(parent, base);
  const previous = leftovers.find((leftover) => leftover.kind === 'old');
  if (previous && !(await lstat(outDir).catch(() => undefined))) {
    await rename(previous.file, outDir);
    leftovers.splice(leftovers.indexOf(previous), 1);
  }
  await Promise.all(leftovers.map((leftover) => removeMarked(leftover.file)));
}

/**
 * Removes a folder of docsite's beside the output with its marker last, so that one cut half way
 * still carries the marker and the next build knows it as its own to remove.
 */
export async function removeMarked(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name !== OUTPUT_MARKER).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  await rm(dir, { recursive: true, force: true });
}

async function isOurs(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => undefined);
  if (!info?.isDirectory()) return false;
  const entries = await readdir(dir);
  return entries.length === 0 || entries.includes(OUTPUT_MARKER);
}

function isRunning(pid: number): boolean {
  // Another emit in this very process (or a dead one whose id was reused): left alone either way.
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
