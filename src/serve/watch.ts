/** Watches the site's files with chokidar and turns bursts of changes into one rebuild. */
import { watch } from 'chokidar';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';

const GENERATED_OR_INSTALLED = /(^|[/\\])(\.docsite|node_modules|build|\.git)([/\\]|$)/;

/**
 * How far a file's time may lag the clock that took `changedSince`: file systems stamp files from a
 * clock that runs a tick behind, some (HFS+, network shares) to the second.
 */
const STAMP_SLACK_MS = 1000;

export interface WatchOptions {
  /**
   * Changes that come within this many ms of each other are one batch: an editor's save (a write in
   * place, or a temporary file and a rename) lands within a millisecond or two, and the session queues
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

/** Folders like node_modules are skipped, except files named outright (a package's README). */
export function watchFiles(paths: string[], onChange: (changed: string[]) => void, options: WatchOptions = {}): Watcher {
  const { debounceMs = 5, changedSince } = options;
  const named = new Set(paths.map((file) => path.resolve(file)));
  // chokidar 4 counts a path that does not exist twice towards 'ready', which then comes before the
  // other paths are walked: such paths (no site.config.ts, no src/theme) are added once it has come.
  const [present, absent] = [paths.filter((file) => existsSync(file)), paths.filter((file) => !existsSync(file))];
  const watcher = watch(present, { ignoreInitial: true, ignored: (file) => !named.has(path.resolve(file)) && GENERATED_OR_INSTALLED.test(file) });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  watcher.on('all', (_event, file) => {
    if (closed) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = [...pending];
      pending = new Set();
      onChange(changed);
    }, debounceMs);
  });
  // Every watched entry is looked at again once its watch is on: what changes after that look is an event.
  const changedBefore = async (since: number): Promise<ChangedBeforeWatch> => {
    const roots = [...named];
    // The paths named, too: one that did not exist may have been made before its watch was on.
    const entries = new Set<string>(roots);
    for (const [dir, names] of Object.entries(watcher.getWatched())) {
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
  };
  return {
    ready: new Promise<void>((resolve) => (present.length === 0 ? resolve() : watcher.once('ready', () => resolve()))).then(() => {
      if (!closed && absent.length > 0) watcher.add(absent);
      return changedSince === undefined || closed ? { files: [], folders: [] } : changedBefore(changedSince);
    }),
    /**
     * Starts watching more paths (say, a package the config now lists); known ones are left as they
     * are. After `close` it does nothing: an update that ends after the server was told to stop must
     * not open a watch that would keep the process alive.
     */
    add(more: string[]) {
      if (closed) return;
      const fresh = more.filter((file) => !named.has(path.resolve(file)));
      for (const file of fresh) named.add(path.resolve(file));
      if (fresh.length > 0) watcher.add(fresh);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      return watcher.close();
    },
  };
}
