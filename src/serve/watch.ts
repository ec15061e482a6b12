/** Watches the site's files with chokidar and turns bursts of changes into one rebuild. */
import { watch } from 'chokidar';
import path from 'node:path';

const GENERATED_OR_INSTALLED = /(^|[/\\])(\.docsite|node_modules|build|\.git)([/\\]|$)/;

/**
 * Folders like node_modules are skipped, except files named outright (a package's README). Changes
 * that come within `debounceMs` of each other are one batch: an editor's save (a write in place, or a
 * temporary file and a rename) lands within a millisecond or two, and the session queues whatever
 * comes while it updates. The wait is short because every save waits for it before its update starts.
 */
export function watchFiles(paths: string[], onChange: (changed: string[]) => void, debounceMs = 5) {
  const named = new Set(paths.map((file) => path.resolve(file)));
  const watcher = watch(paths, { ignoreInitial: true, ignored: (file) => !named.has(path.resolve(file)) && GENERATED_OR_INSTALLED.test(file) });
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
  return {
    ready: new Promise<void>((resolve) => watcher.once('ready', () => resolve())),
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
