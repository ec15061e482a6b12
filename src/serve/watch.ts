/** Watches the site's files with chokidar and turns bursts of changes into one rebuild. */
import { watch, type FSWatcher } from 'chokidar';
import { createHash } from 'node:crypto';
import { existsSync, statSync, watch as watchFolder, type FSWatcher as FolderWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const GENERATED_OR_INSTALLED = /(^|[/\\])(\.docsite|node_modules|build|\.git)([/\\]|$)/;

/**
 * How far a file's time may lag the clock that took `changedSince`: file systems stamp files from a
 * clock that runs a tick behind, some (HFS+, network shares) to the second.
 */
const STAMP_SLACK_MS = 1000;

/**
 * chokidar reports a file's change at most once in this many ms and drops the others: a second
 * write soon after the first was never reported. A file reported is looked at again once this has
 * passed (and a little more), and reported again if it is not what it was.
 */
const CHANGE_THROTTLE_MS = 50;
const LOOK_AGAIN_MS = CHANGE_THROTTLE_MS + 25;
/** Files up to this size are compared by their bytes too: two writes can leave the same size and time. */
const DIGEST_LIMIT = 1 << 20;

export interface WatchOptions {
  /**
   * Changes that come within this many ms of each other are one batch: an editor's save (a write in
   * place, or a temporary file and a rename) lands all at once, and the session queues
   * whatever comes while it updates. The wait is short because every save waits for it before its update starts.
   */
  debounceMs?: number;
  /**
   * When the caller began to read the files (ms since the epoch). Once the watch is on, `ready`
   * reports what was written since then, which no event reports: its watch did not exist yet.
   */
  changedSince?: number;
}

/**
 * What was written since `changedSince`, by the files' and folders' own times: files, and folders
 * whose entries changed (one was created, deleted or renamed in them).
 */
export interface ChangedBeforeWatch {
  files: string[];
  folders: string[];
}

export interface Watcher {
  /** Once every watched folder is walked and watched. */
  ready: Promise<ChangedBeforeWatch>;
  add(more: string[]): void;
  close(): Promise<void>;
}

/** When everything is checked again after a watched folder came back (see restart). */
const RECHECK_AFTER_RESTART_MS = [300, 1500];

/**
 * Folders like node_modules are skipped, except files named outright (a package's README).
 * `onChange` gets the paths changed; `everything` when a watched folder was removed or made again,
 * which no list of files describes: every input is to be checked then.
 */
export function watchFiles(paths: string[], onChange: (changed: string[], everything: boolean) => void, options: WatchOptions = {}): Watcher {
  const { debounceMs = 5, changedSince } = options;
  const named = new Set(paths.map((file) => path.resolve(file)));
  let closed = false;

  const batch = batchChanges(debounceMs, onChange);
  const report = batch.report;
  const rewrites = lookAgainLater(report);
  const reportFile = rewrites.reportFile;

  const start = (): { watcher: FSWatcher; ready: Promise<void> } => {
    const all = [...named];
    // chokidar 4 counts a path that does not exist twice towards 'ready', which then comes before the
    // other paths are walked: such paths (no site.config.ts, no src/theme) are added once it has come.
    const [present, absent] = [all.filter((file) => existsSync(file)), all.filter((file) => !existsSync(file))];
    // Not persistent: the server keeps the process alive, and chokidar then gives each watch its own
    // handle instead of sharing one per path across watchers (a new watcher would get the old one's
    // dead watches), and a watch it opens as it is closed does not hold the process open.
    const watcher = watch(present, {
      ignoreInitial: true,
      persistent: false,
      ignored: (file) => !named.has(path.resolve(file)) && GENERATED_OR_INSTALLED.test(file),
    });
    watcher.on('all', (event, file) => {
      if (closed) return;
      if (event === 'add' || event === 'change' || event === 'unlink') void reportFile(file);
      else report(file);
    });
    const ready = new Promise<void>((resolve) => (present.length === 0 ? resolve() : watcher.once('ready', () => resolve()))).then(() => {
      if (!closed && absent.length > 0) watcher.add(absent);
    });
    return { watcher, ready };
  };
  let current = start();

  // chokidar keeps the watches of a watched folder that is removed, and they see nothing of a folder
  // made in its place (`rm -rf content && cp -r backup/content .`). The folder that holds each
  // watched folder is watched for that name; when the folder goes or comes, the watch starts over
  // (a new chokidar: the old one's record of the folder keeps it from watching the new one) and
  // everything is checked.
  const holders = new Map<string, FolderWatcher>();
  const folders = new Set<string>();
  const watchHolders = (roots: Iterable<string>) => {
    for (const root of roots) {
      if (!isFolder(root)) continue;
      folders.add(root);
      const holder = path.dirname(root);
      if (holders.has(holder) || holder === root) continue;
      try {
        const folderWatcher = watchFolder(holder, { persistent: false }, (event, name) => {
          if (event !== 'rename') return;
          const entry = name === null ? undefined : path.join(holder, String(name));
          if (entry === undefined || folders.has(entry) || (named.has(entry) && isFolder(entry))) restart(entry ?? holder);
        });
        folderWatcher.on('error', () => {
          folderWatcher.close();
          holders.delete(holder);
        });
        holders.set(holder, folderWatcher);
      } catch {
        // A holder that cannot be watched (gone already): chokidar's own watch is all there is.
      }
    }
  };

  let restarting: Promise<void> | undefined;
  let again = false;
  const restart = (reason: string) => {
    if (closed) return;
    if (restarting) {
      again = true;
      return;
    }
    restarting = (async () => {
      do {
        again = false;
        // The folder's removal and its copy come as several events: one new watch for all of them.
        await new Promise((resolve) => setTimeout(resolve, debounceMs));
        await current.watcher.close();
        if (closed) return;
        current = start();
        await current.ready;
        if (closed) return;
        watchHolders(named);
      } while (again);
      report(reason, true);
      // A file copied in while the new watch walked its folder can be seen by neither (chokidar read the
      // folder before it came, and watches it from after): everything is checked again a little later.
      for (const ms of RECHECK_AFTER_RESTART_MS) setTimeout(() => closed || report(reason, true), ms).unref();
    })().finally(() => (restarting = undefined));
  };

  return {
    ready: current.ready.then(() => {
      if (!closed) watchHolders(named);
      return changedSince === undefined || closed ? { files: [], folders: [] } : changedBeforeWatch(named, current.watcher.getWatched(), changedSince);
    }),
    /**
     * Starts watching more paths (say, a package the config now lists); known ones are left as they
     * are. After `close` it does nothing: an update that ends after the server was told to stop must
     * not open a watch that would keep the process alive.
     */
    add(more: string[]) {
      if (closed) return;
      const fresh = more.map((file) => path.resolve(file)).filter((file) => !named.has(file));
      for (const file of fresh) named.add(file);
      if (fresh.length === 0) return;
      current.watcher.add(fresh);
      watchHolders(fresh);
    },
    async close() {
      closed = true;
      batch.stop();
      rewrites.stop();
      for (const holder of holders.values()) holder.close();
      holders.clear();
      await current.watcher.close();
    },
  };
}

/** Gathers the changes that come within `debounceMs` of each other into one call of `onChange`. */
function batchChanges(debounceMs: number, onChange: (changed: string[], everything: boolean) => void) {
  let stopped = false;
  let pending = new Set<string>();
  let pendingEverything = false;
  let timer: NodeJS.Timeout | undefined;
  const report = (file: string, everything = false) => {
    if (stopped) return;
    pending.add(file);
    pendingEverything ||= everything;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...pending];
      const all = pendingEverything;
      pending = new Set();
      pendingEverything = false;
      onChange(changed, all);
    }, debounceMs);
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
  };
  return { report, stop };
}

/**
 * Reports a file changed, and looks at it again a little later: a second write that chokidar's
 * throttle dropped is reported then, when the file is not what it was.
 */
function lookAgainLater(report: (file: string) => void) {
  let stopped = false;
  // What each file reported was when it was last looked at, and the timer that looks again.
  const looks = new Map<string, { look: Look; timer: NodeJS.Timeout }>();
  // The look comes before the report, so the update it starts reads the file after the look: a
  // write after that shows when the file is looked at again.
  const reportFile = async (file: string) => {
    const look = await lookAt(file);
    if (stopped) return;
    const earlier = looks.get(file);
    if (earlier) clearTimeout(earlier.timer);
    looks.set(file, { look, timer: setTimeout(() => void lookAgain(file, look), LOOK_AGAIN_MS) });
    report(file);
  };
  const lookAgain = async (file: string, look: Look) => {
    const now = await lookAt(file);
    if (stopped || looks.get(file)?.look !== look) return;
    looks.delete(file);
    if (!sameLook(look, now)) void reportFile(file);
  };
  const stop = () => {
    stopped = true;
    for (const { timer } of looks.values()) clearTimeout(timer);
    looks.clear();
  };
  return { reportFile, stop };
}

/**
 * What was written since `since` among the watched entries, looked at once their watch is on: what
 * changes after that look is an event.
 */
async function changedBeforeWatch(named: Set<string>, watched: Record<string, string[]>, since: number): Promise<ChangedBeforeWatch> {
  const roots = [...named];
  // The paths named, too: one that did not exist may have been made before its watch was on.
  const entries = new Set<string>(roots);
  for (const [dir, names] of Object.entries(watched)) {
    for (const entry of [dir, ...names.map((name) => path.join(dir, name))].map((each) => path.resolve(each))) {
      // chokidar also lists the folders that hold a watched path (the site folder, say): not watched themselves.
      if (roots.some((root) => entry === root || entry.startsWith(root + path.sep))) entries.add(entry);
    }
  }
  const found: ChangedBeforeWatch = { files: [], folders: [] };
  await Promise.all(
    [...entries].map(async (entry) => {
      const stats = await stat(entry).catch(() => undefined);
      // ctime too: a file renamed into place keeps the time it was written.
      if (!stats || Math.max(stats.mtimeMs, stats.ctimeMs) < since - STAMP_SLACK_MS) return;
      (stats.isDirectory() ? found.folders : found.files).push(entry);
    }),
  );
  found.files.sort();
  found.folders.sort();
  return found;
}

/** What a file was when looked at: its stamp, and its bytes' digest when it is small; undefined when missing. */
type Look = { size: number; mtimeMs: number; ctimeMs: number; ino: number; digest?: string } | undefined;

async function lookAt(file: string): Promise<Look> {
  try {
    const stats = await stat(file);
    if (!stats.isFile()) return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino };
    const digest =
      stats.size <= DIGEST_LIMIT
        ? createHash('sha256')
            .update(await readFile(file))
            .digest('hex')
        : undefined;
    return { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, digest };
  } catch {
    return undefined;
  }
}

function sameLook(a: Look, b: Look): boolean {
  if (!a || !b) return a === b;
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.digest === b.digest;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
