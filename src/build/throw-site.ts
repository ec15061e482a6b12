/**
 * Where in the site's own source a page threw while rendering or loading: the first frame of the
 * stack that lies in a bundled module with a source map and maps back to a file of the site
 * (frames in packages and in docsite's theme are passed over, as they are not the author's to fix).
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ThrowSite {
  /** Relative to the site folder. */
  file: string;
  line: number;
  column: number;
}

/** A module's source map, or undefined when it has none. */
export type MapOf = (moduleFile: string) => SourceMap | undefined;

const FRAME = /(file:\/\/[^\s()]+?):(\d+):(\d+)\)?$/;

/** The source map written beside a module (`<file>.map`), read once per file. */
export function mapsBesideModules(): MapOf {
  const maps = new Map<string, SourceMap | undefined>();
  return (file) => {
    if (!maps.has(file)) {
      let map: SourceMap | undefined;
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
      } catch {
        map = undefined;
      }
      maps.set(file, map);
    }
    return maps.get(file);
  };
}

export function throwSite(stack: string | undefined, siteDir: string, mapOf: MapOf): ThrowSite | undefined {
  if (typeof stack !== 'string') return undefined;
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line.trim());
    if (!match) continue;
    let moduleFile: string;
    try {
      moduleFile = fileURLToPath(match[1]!);
    } catch {
      continue;
    }
    const map = mapOf(moduleFile);
    if (!map) continue;
    const entry = map.findEntry(Number(match[2]) - 1, Number(match[3]) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (!entry.originalSource || entry.originalLine === undefined) continue;
    const original = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(moduleFile), entry.originalSource);
    const file = path.relative(siteDir, original);
    if (file.startsWith('..') || path.isAbsolute(file) || file.split(path.sep).includes('node_modules')) continue;
    return { file: file.split(path.sep).join('/'), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}
