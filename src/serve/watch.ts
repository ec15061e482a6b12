/** Watches the site's files with chokidar and turns bursts of changes into one rebuild. */
import { watch } from 'chokidar';

export function watchFiles(paths: string[], onChange: (changed: string[]) => void, debounceMs = 60) {
  const watcher = watch(paths, { ignoreInitial: true, ignored: (file) => /(^|[/\\])(\.docsite|node_modules|build|\.git)([/\\]|$)/.test(file) });
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', (_event, file) => {
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
    close: () => watcher.close(),
  };
}
