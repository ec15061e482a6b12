/**
 * A site's files held in memory, for testing the stages in-process without writing a site to disk:
 * the same `SiteFiles` interface as the disk, answering as the disk would. There are no symbolic links.
 */
import fg from 'fast-glob';
import path from 'node:path';
import { DocsiteError } from '../core/errors';
import { isInsideFolder } from '../core/paths';
import type { FileStat, GlobResult, SiteFiles } from './site-files';
import { decodeText } from './text';

export interface MemoryFiles extends SiteFiles {
  /**
   * Creates or replaces a file (a path relative to the site folder, or absolute). Its modification
   * time is `mtimeMs`, or now.
   */
  write(file: string, data: string | Uint8Array, options?: { mtimeMs?: number }): void;
  remove(file: string): void;
}

interface Entry {
  bytes: Uint8Array;
  mtimeMs: number;
  /** Bumped by every write, as a change time is on disk: a rewrite at the same size and time still shows. */
  version: number;
}

type Callback<T> = (error: NodeJS.ErrnoException | null, value?: T) => void;

const encoder = new TextEncoder();

function notFound(syscall: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${file}'`), { code: 'ENOENT', errno: -2, syscall, path: file });
}

/** What fast-glob asks of an entry it lists or stats: its kind. */
function kindOf(name: string, isDirectory: boolean) {
  return {
    name,
    isFile: () => !isDirectory,
    isDirectory: () => isDirectory,
    isSymbolicLink: () => false,
    isBlockDevice: () => false,
    isCharacterDevice: () => false,
    isFIFO: () => false,
    isSocket: () => false,
  };
}

/**
 * The files of a site at `siteDir`, keyed by paths relative to it (or absolute). Missing files fail
 * with ENOENT, text that is not UTF-8 fails at its line and column, a file outside the site folder is
 * refused as content, and every write gives the file a new stamp. Globs are matched by fast-glob
 * itself, walking this tree instead of the disk, so a pattern means here exactly what it means on disk.
 */
export function createMemoryFiles(siteDir: string, initial: Record<string, string | Uint8Array> = {}, options: { mtimeMs?: number } = {}): MemoryFiles {
  const root = path.resolve(siteDir);
  const entries = new Map<string, Entry>();
  /** Every folder that holds something, with the names in it. */
  const folders = new Map<string, Set<string>>();
  let writes = 0;
  const absolute = (file: string) => path.resolve(root, file);
  const isFolder = (file: string) => folders.has(file);

  const write: MemoryFiles['write'] = (file, data, at = {}) => {
    const target = absolute(file);
    entries.set(target, { bytes: typeof data === 'string' ? encoder.encode(data) : data, mtimeMs: at.mtimeMs ?? Date.now(), version: ++writes });
    for (let child = target, dir = path.dirname(child); child !== dir; child = dir, dir = path.dirname(dir)) {
      const names = folders.get(dir) ?? new Set<string>();
      names.add(path.basename(child));
      folders.set(dir, names);
    }
  };

  const remove: MemoryFiles['remove'] = (file) => {
    const target = absolute(file);
    if (!entries.delete(target)) return;
    // Folders left empty go with it, as they would be gone from a listing.
    for (let child = target, dir = path.dirname(child); child !== dir; child = dir, dir = path.dirname(dir)) {
      const names = folders.get(dir)!;
      names.delete(path.basename(child));
      if (names.size > 0) break;
      folders.delete(dir);
    }
  };

  for (const [file, data] of Object.entries(initial)) write(file, data, options);

  const outside = (file: string) =>
    new DocsiteError({
      code: 'CONTENT_LINK_OUTSIDE',
      message: `This resolves to ${file}, which is outside the site folder.`,
      hint: 'docsite never reads or publishes files outside the site folder. Copy what you need into the site folder, or remove the link.',
      loc: { file: path.relative(root, file) },
    });

  const realPath = async (file: string): Promise<string | undefined> => {
    const target = absolute(file);
    if (!entries.has(target) && !isFolder(target)) return undefined;
    if (target !== root && !isInsideFolder(root, target)) throw outside(target);
    return target;
  };

  const statOf = (file: string) => {
    const target = absolute(file);
    if (entries.has(target)) return kindOf(path.basename(target), false);
    if (isFolder(target)) return kindOf(path.basename(target), true);
    return undefined;
  };
  const statSync = (file: string) => {
    const found = statOf(file);
    if (!found) throw notFound('stat', file);
    return found;
  };
  const listSync = (dir: string, withFileTypes: boolean) => {
    const names = folders.get(absolute(dir));
    if (!names) throw notFound('scandir', dir);
    const sorted = [...names].sort();
    return withFileTypes ? sorted.map((name) => kindOf(name, isFolder(path.join(absolute(dir), name)))) : sorted;
  };
  /** Answers a callback later, as the disk does. */
  const later = <T>(callback: Callback<T>, run: () => T) =>
    queueMicrotask(() => {
      let value: T;
      try {
        value = run();
      } catch (error) {
        callback(error as NodeJS.ErrnoException);
        return;
      }
      callback(null, value);
    });
  // fast-glob walks this tree instead of the disk through these six; it never touches node:fs then.
  const fs = {
    lstat: (file: string, callback: Callback<unknown>) => later(callback, () => statSync(file)),
    stat: (file: string, callback: Callback<unknown>) => later(callback, () => statSync(file)),
    lstatSync: statSync,
    statSync,
    readdir: (dir: string, ...rest: unknown[]) => {
      const callback = rest.pop() as Callback<unknown>;
      const withFileTypes = (rest[0] as { withFileTypes?: boolean } | undefined)?.withFileTypes === true;
      later(callback, () => listSync(dir, withFileTypes));
    },
    readdirSync: (dir: string, given?: { withFileTypes?: boolean }) => listSync(dir, given?.withFileTypes === true),
  } as unknown as fg.FileSystemAdapter;

  const readBytes = async (file: string): Promise<Uint8Array> => {
    const entry = entries.get(absolute(file));
    if (!entry) throw notFound('open', file);
    return entry.bytes;
  };

  return {
    siteDir,
    write,
    remove,
    realPath,
    async glob(patterns, { cwd, ignore = [] }): Promise<GlobResult> {
      const base = absolute(cwd);
      try {
        if (!(await realPath(base))) return { files: [], errors: [] };
      } catch (error) {
        if (error instanceof DocsiteError) return { files: [], errors: [error] };
        throw error;
      }
      const files = await fg(patterns, { cwd: base, ignore, dot: false, onlyFiles: true, fs });
      return { files: files.sort(), errors: [] };
    },
    async readText(file) {
      await realPath(file);
      return decodeText(await readBytes(file), path.relative(root, absolute(file)));
    },
    exists: async (file) => entries.has(absolute(file)) || isFolder(absolute(file)),
    async stat(file): Promise<FileStat | undefined> {
      const entry = entries.get(absolute(file));
      // No change time apart from the modification time: the stamp's write count shows every write.
      return (
        entry && { size: entry.bytes.length, mtimeMs: entry.mtimeMs, ctimeMs: entry.mtimeMs, stamp: `${entry.bytes.length}:${entry.mtimeMs}:${entry.version}` }
      );
    },
    async findPackage(name, fromDir) {
      // Node's lookup: node_modules/<name> in the folder or a parent, or the enclosing package itself.
      for (let dir = absolute(fromDir); ; dir = path.dirname(dir)) {
        const candidate = path.join(dir, 'node_modules', ...name.split('/'));
        if (entries.has(path.join(candidate, 'package.json'))) return candidate;
        const manifest = entries.get(path.join(dir, 'package.json'));
        if (manifest && packageName(manifest.bytes) === name) return dir;
        if (dir === path.dirname(dir)) return undefined;
      }
    },
    async list(dir) {
      return listSync(dir, false) as string[];
    },
    readBytes,
  };
}

function packageName(bytes: Uint8Array): string | undefined {
  try {
    return (JSON.parse(new TextDecoder().decode(bytes)) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
