/**
 * When each committed file under some folders last changed, and who changed it, read from git with
 * one `git log` over those folders. Kept in the process by the repository's HEAD and the folders, so
 * the dev server runs `git log` again only after a commit or checkout, not on each edit.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';

export interface FileCommit {
  /** The commit's time, in milliseconds since 1970 (UTC). */
  at: number;
  /** The commit's author name. */
  by: string;
}

export interface GitHistory {
  /** The folders it was read for: a file elsewhere (a page made from a package's README) has no history here. */
  folders: string[];
  /** The newest commit that changed the file (an absolute path); none when git has no commit of it. */
  lastCommit(file: string): FileCommit | undefined;
  /** Why git could not be read (not installed, not a repository, no commit yet); the history is then empty. */
  problem?: string;
}

const kept = new Map<string, Promise<Map<string, FileCommit>>>();

/** The history of the files under `folders` (absolute paths inside `siteDir`). */
export async function readGitHistory(siteDir: string, folders: string[]): Promise<GitHistory> {
  let realSite: string;
  let top: string;
  let head: string;
  try {
    realSite = realpathSync(siteDir);
    [top = '', head = ''] = (await git(realSite, ['rev-parse', '--show-toplevel', 'HEAD'])).split('\n');
  } catch (error) {
    return { folders, lastCommit: () => undefined, problem: gitProblem(error) };
  }
  const specs = folders.map((folder) => path.relative(top, path.join(realSite, path.relative(siteDir, folder))) || '.').sort();
  const key = JSON.stringify([top, head, specs]);
  let commits = kept.get(key);
  if (!commits) {
    commits = git(top, ['-c', 'core.quotepath=off', 'log', '--no-renames', '--format=%x1e%ct%x1f%an', '--name-only', '-z', '--', ...specs]).then(parseLog);
    // One history is kept: the last one read, which the next build most likely asks for again.
    kept.clear();
    kept.set(key, commits);
    commits.catch(() => kept.delete(key));
  }
  let files: Map<string, FileCommit>;
  try {
    files = await commits;
  } catch (error) {
    return { folders, lastCommit: () => undefined, problem: gitProblem(error) };
  }
  return {
    folders,
    lastCommit: (file) =>
      files.get(
        path
          .relative(top, path.join(realSite, path.relative(siteDir, file)))
          .split(path.sep)
          .join('/'),
      ),
  };
}

/**
 * `git log -z --name-only` with a format of `\x1e<time>\x1f<author>`: each commit is a record that
 * starts with \x1e, its header ends at the first NUL, and each file name after it ends with a NUL.
 * Commits come newest first, so a file's first record is its last change.
 */
function parseLog(output: string): Map<string, FileCommit> {
  const files = new Map<string, FileCommit>();
  for (const record of output.split('\x1e')) {
    if (!record) continue;
    const [header = '', ...names] = record.split('\0');
    const [seconds = '', by = ''] = header.split('\x1f');
    const commit = { at: Number(seconds) * 1000, by };
    for (const raw of names) {
      const name = raw.replace(/^\n/, '');
      if (name && !files.has(name)) files.set(name, commit);
    }
  }
  return files;
}

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30, windowsHide: true }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(error, { stderr }));
      else resolve(stdout);
    });
  });
}

function gitProblem(error: unknown): string {
  const { code, stderr } = error as { code?: unknown; stderr?: string };
  if (code === 'ENOENT') return 'git is not installed';
  if (/unknown revision|bad revision 'HEAD'/.test(stderr ?? '')) return 'the git repository has no commit yet';
  const first = (stderr ?? '').split('\n').find((line) => line.trim());
  return first ? `git says: ${first.trim()}` : `git failed: ${(error as Error)?.message ?? String(error)}`;
}
