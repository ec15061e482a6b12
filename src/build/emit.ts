/** Emit stage, the only writer of the output folder: everything goes to a temporary folder that replaces the old output in one step. */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EmitInput {
  outDir: string;
  /** Files keyed by their path relative to the output folder. */
  files: Map<string, string | Uint8Array>;
  /** Folder whose contents are copied as they are (content/static). */
  staticDir?: string;
  /** Fills the temporary folder with files kept from an earlier build (see build-cache). */
  reuse?: (temp: string) => Promise<void>;
}

export async function emit(input: EmitInput): Promise<{ files: number; bytes: number }> {
  const parent = path.dirname(input.outDir);
  const base = path.basename(input.outDir);
  const temp = path.join(parent, `.${base}.tmp-${randomBytes(4).toString('hex')}`);
  await mkdir(temp, { recursive: true });
  try {
    if (input.staticDir) await cp(input.staticDir, temp, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    if (input.reuse) await input.reuse(temp);
    const dirs = new Set<string>();
    for (const file of input.files.keys()) dirs.add(path.dirname(path.join(temp, file)));
    await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
    let bytes = 0;
    const entries = [...input.files];
    const CONCURRENCY = 64;
    for (let i = 0; i < entries.length; i += CONCURRENCY) {
      await Promise.all(
        entries.slice(i, i + CONCURRENCY).map(([file, content]) => {
          bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
          return writeFile(path.join(temp, file), content);
        }),
      );
    }
    const old = path.join(parent, `.${base}.old-${randomBytes(4).toString('hex')}`);
    let moved = false;
    try {
      await rename(input.outDir, old);
      moved = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await rename(temp, input.outDir);
    if (moved) await rm(old, { recursive: true, force: true });
    return { files: input.files.size, bytes };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  }
}
