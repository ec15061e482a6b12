/** Where docsite's own files live (theme, runtime, server entry, node_modules), found from this module. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DocsiteLocations {
  root: string;
  themeDir: string;
  themeCss: string;
  runtimeEntry: string;
  serverEntry: string;
  nodeModules: string;
  version: string;
}

let located: DocsiteLocations | undefined;

/** Found once per process: docsite's files do not move while it runs. */
export function docsiteLocations(): DocsiteLocations {
  return (located ??= locate());
}

function locate(): DocsiteLocations {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!isDocsiteRoot(dir)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('docsite could not find its own package folder');
    dir = parent;
  }
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return {
    root: dir,
    themeDir: path.join(dir, 'theme'),
    themeCss: path.join(dir, 'theme', 'styles.css'),
    runtimeEntry: path.join(dir, 'src', 'runtime', 'client.tsx'),
    serverEntry: path.join(dir, 'src', 'render', 'server-entry.tsx'),
    nodeModules: path.join(dir, 'node_modules'),
    version: pkg.version,
  };
}

function isDocsiteRoot(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'docsite';
  } catch {
    return false;
  }
}
