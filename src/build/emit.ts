/**
 * Emit stage, the only writer of the output folder. Everything goes to a temporary folder beside
 * it, which then takes the output's place in one step (see exchange.ts), so at every instant the
 * output path holds a complete build: the previous one or the new one. Leftovers of a build that
 * was killed are removed by the next one.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../core/errors';
import { isInsideFolder } from '../core/paths';
import { exchangePaths } from './exchange';
import { inBatches, makeParents } from './file-batches';
import { OUTPUT_MARKER } from './output-dir';

export interface EmitInput {
  /** The output folder, already checked by checkOutputDir. */
  outDir: string;
  /** Files keyed by their path relative to the output folder. */
  files: Map<string, string | Uint8Array>;
  /** Files copied as they are (content/static): relative paths under `dir`, read only inside `siteDir`. */
  statics?: { dir: string; files: string[]; siteDir: string };
  /** Fills the temporary folder with files kept from an earlier build (see build-cache). */
  reuse?: (temp: string) => Promise<void>;
}

const MARKER_TEXT = 'This folder was written by docsite. Each build replaces it whole; docsite replaces no folder without this file.\n';

export async function emit(input: EmitInput): Promise<{ files: number; bytes: number }> {
  const parent = path.dirname(input.outDir);
  const base = path.basename(input.outDir);
  await mkdir(parent, { recursive: true });
  await repairInterrupted(parent, base);
  const temp = path.join(parent, `.${base}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp);
  try {
    await writeFile(path.join(temp, OUTPUT_MARKER), MARKER_TEXT);
    if (input.statics) await copyStatics(input.statics, temp);
    if (input.reuse) await input.reuse(temp);
    const bytes = await writeFiles(input.files, temp);
    await putInPlace(temp, input.outDir, parent, base);
    return { files: input.files.size, bytes };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}

async function writeFiles(files: Map<string, string | Uint8Array>, temp: string): Promise<number> {
  await makeParents(temp, files.keys());
  let bytes = 0;
  await inBatches([...files], ([file, content]) => {
    bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    return writeFile(path.join(temp, file), content);
  });
  return bytes;
}

/** Copies each static file by its real path, as a regular file: no link is ever copied, nothing outside the site is read. */
async function copyStatics(statics: NonNullable<EmitInput['statics']>, temp: string): Promise<void> {
  const site = await realpath(statics.siteDir);
  await makeParents(temp, statics.files);
  await inBatches(statics.files, async (file) => {
    const source = path.join(statics.dir, file);
    const real = await realpath(source);
    if (!isInsideFolder(site, real)) {
      throw new DocsiteError({
        code: 'CONTENT_LINK_OUTSIDE',
        message: `${path.relative(statics.siteDir, source)} leads to ${real}, which is outside the site folder.`,
        hint: 'docsite never reads or publishes files outside the site folder. Copy what you need into the site folder, or remove the link.',
        loc: { file: path.relative(statics.siteDir, source) },
      });
    }
    await copyFile(real, path.join(temp, file), constants.COPYFILE_FICLONE);
  });
}

async function putInPlace(temp: string, outDir: string, parent: string, base: string): Promise<void> {
  const existing = await lstat(outDir).catch(() => undefined);
  if (!existing) {
    await rename(temp, outDir);
    return;
  }
  if (exchangePaths(temp, outDir)) {
    // `temp` now holds the previous output.
    await rm(temp, { recursive: true, force: true });
    return;
  }
  // No atomic exchange on this system: two renames, and repairInterrupted() puts the old folder
  // back if the process dies between them.
  const old = path.join(parent, `.${base}.old-${process.pid}-${randomBytes(4).toString('hex')}`);
  await rename(outDir, old);
  await rename(temp, outDir);
  await rm(old, { recursive: true, force: true });
}

const LEFTOVER = /^\.(.+)\.(tmp|old)-(\d+)-[0-9a-f]{8}$/;

/**
 * Removes the temporary folders of builds that died, and restores the previous output if a build
 * died between the two renames of the fallback. Only folders docsite made are touched: the name
 * pattern, a process id that is no longer running, and the marker file (or nothing at all inside).
 */
async function repairInterrupted(parent: string, base: string): Promise<void> {
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
  await Promise.all(leftovers.map((leftover) => rm(leftover.file, { recursive: true, force: true })));
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
