/**
 * How the stages that read the site reach its files: `SiteFiles`, taken by the scan and all it
 * loads (docs, pages, blog, category files, the sidebars file, file facts, package READMEs).
 * `createContentReader` is the disk, never leaving the site folder; memory-files.ts keeps a site in
 * memory for tests.
 */
import fg from 'fast-glob';
import { existsSync, lstat, readFileSync, realpathSync, statSync, type BigIntStats, type Dirent, type Stats } from 'node:fs';
import { lstat as lstatAsync, readFile, readdir as readdirAsync, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError } from '../core/errors';
import { isInsideFolder } from '../core/paths';
import { findPackageDir } from './packages';
import { decodeText } from './text';

export interface ContentReader {
  readonly siteDir: string;
  /**
   * The real path of `file`, or undefined when it does not exist. Throws a DocsiteError located at
   * the link when a symbolic link on the way leads out of the site folder or nowhere.
   */
  realPath(file: string): Promise<string | undefined>;
  /**
   * Files under `cwd` matching `patterns`, relative to `cwd` as seen through the links followed.
   * Every link that is not followed because it leads out or nowhere comes back as an error.
   */
  glob(patterns: string[], options: { cwd: string; ignore?: string[] }): Promise<GlobResult>;
  /** A content file as UTF-8 text, read through its checked real path. */
  readText(file: string): Promise<string>;
}

/**
 * Every file access of the stages that read the site. Content (realPath, glob, readText) stays
 * inside the site folder; installed packages (findPackage, list, readBytes) may lie outside it, as
 * a linked node_modules does, and are read as they are.
 */
export interface SiteFiles extends ContentReader {
  /** Whether `file` exists, its links followed (a broken link does not). */
  exists(file: string): Promise<boolean>;
  /** What the scan's memo of unchanged files keys a file by; undefined when it cannot be stat'ed. */
  stat(file: string): Promise<FileStat | undefined>;
  /** The folder of the installed package `name`, as Node would find it from `fromDir`. Real path. */
  findPackage(name: string, fromDir: string): Promise<string | undefined>;
  /** The names in a folder. */
  list(dir: string): Promise<string[]>;
  /** A file's bytes, not checked against the site folder: for installed packages' files only. */
  readBytes(file: string): Promise<Uint8Array>;
}

export interface FileStat {
  size: number;
  /** Last modification, in milliseconds since the epoch. */
  mtimeMs: number;
  /** Last change of the file or of what its stat says (its modification time set back included), in milliseconds since the epoch. */
  ctimeMs: number;
  /** Changes whenever the file is written, even at the same size and modification time. */
  stamp: string;
}

export interface GlobResult {
  files: string[];
  errors: DocsiteError[];
  /** What the walk went through, when the files are on disk: what a memo of the result must find unchanged. */
  walked?: Walked;
}

/**
 * The folders a glob listed and the links it followed. Its result stays what it was while each folder
 * keeps its stamp (a name added, removed or renamed in a folder changes its modification and change
 * times) and each link leads where it did.
 */
export interface Walked {
  /** Each folder listed, by the path the walk reached it under, with its stamp from just before it was listed; undefined when absent. */
  folders: Map<string, FileStat | undefined>;
  /** Each symbolic link followed, by the path the walk met it under, with its real path. */
  links: Map<string, string>;
}

type Callback<T> = (error: NodeJS.ErrnoException | null, value?: T) => void;

/** Handed to fast-glob for a link it must not follow: it keeps the entry as the link itself, which `onlyFiles` leaves out. */
class NotFollowed extends Error {}

/**
 * A file's stamp on disk: size, times, inode and device. The change time cannot be set back, so any write shows.
 * Synchronous: a warm scan stats every content file and nothing else, and a stat answered at once
 * costs a fraction of one sent to the thread pool and back.
 */
export async function statOnDisk(file: string): Promise<FileStat | undefined> {
  let info: BigIntStats | undefined;
  try {
    info = statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  return (
    info && {
      size: Number(info.size),
      mtimeMs: Number(info.mtimeNs / 1_000_000n),
      ctimeMs: Number(info.ctimeNs / 1_000_000n),
      stamp: `${info.size}:${info.mtimeNs}:${info.ctimeNs}:${info.ino}:${info.dev}`,
    }
  );
}

function realPathAtOnce(file: string): string | undefined {
  try {
    return realpathSync.native(file);
  } catch {
    return undefined;
  }
}

/**
 * The site's files on disk, read without leaving the site folder. Every symbolic link is resolved to
 * its real path and checked before anything follows it: a link inside the site folder is followed as
 * its target; one that leads out, or nowhere, is an error at the link. Nothing outside is ever
 * listed or read.
 */
export async function createContentReader(siteDir: string): Promise<SiteFiles> {
  const realSite = await realpath(siteDir);
  const inside = (real: string) => real === realSite || isInsideFolder(realSite, real);

  /** The first component of `file` below the site folder that is a link leading out or nowhere. */
  const offendingLink = async (file: string): Promise<string | undefined> => {
    const parts = path.relative(siteDir, file).split(path.sep);
    if (parts[0] === '..' || path.isAbsolute(parts[0]!)) return undefined;
    for (let i = 1; i <= parts.length; i++) {
      const candidate = path.join(siteDir, ...parts.slice(0, i));
      const stats = await lstatAsync(candidate).catch(() => undefined);
      if (!stats) return undefined;
      if (!stats.isSymbolicLink()) continue;
      const real = await realpath(candidate).catch(() => undefined);
      if (real === undefined || !inside(real)) return candidate;
    }
    return undefined;
  };

  const linkError = async (link: string): Promise<DocsiteError> => {
    const file = path.relative(siteDir, link);
    const isLink = (await lstatAsync(link).catch(() => undefined))?.isSymbolicLink() ?? true;
    const real = await realpath(link).catch((error: NodeJS.ErrnoException) => error);
    if (typeof real === 'string') {
      return new DocsiteError({
        code: 'CONTENT_LINK_OUTSIDE',
        message: `${isLink ? 'This is a symbolic link to' : 'This resolves to'} ${real}, which is outside the site folder.`,
        hint: 'docsite never reads or publishes files outside the site folder. Copy what you need into the site folder, or remove the link.',
        loc: { file },
      });
    }
    const written = await readlink(link).catch(() => '?');
    return new DocsiteError({
      code: 'CONTENT_LINK_BROKEN',
      message:
        real.code === 'ELOOP'
          ? `This is a symbolic link to ${written}, which leads back to itself through other links.`
          : `This is a symbolic link to ${written}, which does not exist.`,
      hint: 'Point the link at a file or folder inside the site folder, or remove it.',
      loc: { file },
    });
  };

  const realPath = async (file: string): Promise<string | undefined> => {
    const real = await realpath(file).catch(() => undefined);
    if (real !== undefined && inside(real)) return real;
    const link = await offendingLink(file);
    if (link) throw await linkError(link);
    if (real === undefined) return undefined;
    throw await linkError(file);
  };

  // The folders listed by the globs running at the same time (the scan starts its globs together, and
  // they cross the same folders): each folder is stat'ed and listed once for all of them. Dropped when
  // the last of them ends, so a later glob lists again.
  let listings = new Map<string, Promise<{ stamp?: FileStat; dirents: Dirent[] }>>();
  let globsRunning = 0;
  const listing = (dir: string) => {
    let listed = listings.get(dir);
    if (!listed) {
      listed = realPath(dir).then(async (real) => {
        // Stat'ed before it is listed: a name added after the stamp was taken changes the stamp too.
        const stamp = await statOnDisk(real ?? dir);
        return { stamp, dirents: await readdirAsync(real ?? dir, { withFileTypes: true }) };
      });
      listings.set(dir, listed);
    }
    return listed;
  };

  return {
    siteDir,
    realPath,
    async glob(patterns, { cwd, ignore = [] }) {
      globsRunning++;
      try {
        return await walk(patterns, cwd, ignore);
      } finally {
        if (--globsRunning === 0) listings = new Map();
      }
    },
    async readText(file) {
      // Synchronous when the file lies inside: a cold scan reads every content file, and reads
      // answered at once cost the main thread much less than ones sent to the thread pool and back.
      // Anything else takes the checks that say why.
      const real = realPathAtOnce(file);
      if (real !== undefined && inside(real)) return decodeText(readFileSync(real), path.relative(siteDir, file));
      // An absent file fails here with the usual ENOENT.
      return decodeText(await readFile((await realPath(file)) ?? file), path.relative(siteDir, file));
    },
    exists: async (file) => existsSync(file),
    stat: statOnDisk,
    findPackage: async (name, fromDir) => findPackageDir(name, fromDir),
    list: (dir) => readdirAsync(dir),
    readBytes: (file) => readFile(file),
  };

  async function walk(patterns: string[], cwd: string, ignore: string[]): Promise<GlobResult> {
    const errors = new Map<string, DocsiteError>();
    const walked: Walked = { folders: new Map(), links: new Map() };
    const record = (error: unknown) => {
      if (!(error instanceof DocsiteError)) throw error;
      errors.set(error.loc?.file ?? '', error);
    };
    const result = (files: string[]): GlobResult => ({
      files: files.sort(),
      errors: [...errors.values()].sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? '')),
      walked,
    });
    const root = path.resolve(cwd);
    try {
      if (!(await realPath(root))) {
        walked.folders.set(root, undefined);
        return result([]);
      }
    } catch (error) {
      record(error);
      return result([]);
    }
    const realOf = new Map<string, Promise<string>>();
    const realOfDir = (dir: string) => {
      if (!realOf.has(dir)) realOf.set(dir, realpath(dir));
      return realOf.get(dir)!;
    };
    // A folder link loops when its target is, or holds, a folder the walk came through to reach it.
    const loops = async (link: string, target: string) => {
      for (let dir = path.dirname(link); ; dir = path.dirname(dir)) {
        const real = await realOfDir(dir);
        if (real === target || real.startsWith(`${target}${path.sep}`)) return true;
        if (dir === root || dir === path.dirname(dir)) return false;
      }
    };
    const followLink = async (link: string): Promise<Stats> => {
      const real = await realPath(link).catch((error: unknown) => record(error));
      if (!real) throw new NotFollowed();
      walked.links.set(link, real);
      const stats = await stat(real);
      if (stats.isDirectory() && (await loops(link, real))) throw new NotFollowed();
      return stats;
    };
    // fast-glob follows links only through these two: `stat`, which it calls for each symbolic
    // link it meets to learn what it is, and `readdir`, which lists a folder. Both check the real
    // path first and use it, so nothing outside is ever stat'ed or listed. Following links here,
    // rather than walking link targets with a second glob, keeps patterns such as the blog's
    // `*/index.md` and the docs' `_*` ignores applying where the link sits.
    const fs: Partial<fg.FileSystemAdapter> = {
      lstat,
      stat: ((link: string, callback: Callback<Stats>) => {
        followLink(link).then((stats) => callback(null, stats), callback);
      }) as unknown as fg.FileSystemAdapter['stat'],
      readdir: ((dir: string, _options: { withFileTypes: true }, callback: Callback<Dirent[]>) => {
        // A folder that vanished gives fast-glob the ENOENT it already knows to skip.
        listing(dir).then(({ stamp, dirents }) => {
          walked.folders.set(dir, stamp);
          callback(null, dirents);
        }, callback);
      }) as unknown as fg.FileSystemAdapter['readdir'],
    };
    try {
      return result(
        await fg(patterns, { cwd: root, ignore, dot: false, onlyFiles: true, followSymbolicLinks: true, throwErrorOnBrokenSymbolicLink: false, fs }),
      );
    } catch (error) {
      // Only when a folder turned into a link leading out while it was being walked.
      record(error);
      return result([]);
    }
  }
}
