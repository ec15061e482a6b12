/**
 * Where in the site's own source a page threw while rendering or loading: the first frame of the
 * stack that lies in a bundled module with a source map and maps back to a file of the site
 * (frames in packages and in docsite's theme are passed over, as they are not the author's to fix).
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
    const original = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : path.resolve(path.dirname(moduleFile), entry.originalSource);
    const file = path.relative(siteDir, original);
    if (file.startsWith('..') || path.isAbsolute(file) || file.split(path.sep).includes('node_modules')) continue;
    return { file: file.split(path.sep).join('/'), line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return undefined;
}

type Entry = { generatedLine?: number; generatedColumn?: number; originalSource?: string; originalLine?: number; originalColumn?: number };

/**
 * The place a compiled MDX page's code came from. Its map marks names and values, not every
 * token: a position with no mark before it on its line (`new` of `throw new Error()`) takes the
 * first mark after it on that line, not the last of an earlier line.
 */
function onSameLine(map: SourceMap, line: number, column: number, length: number): Entry {
  const entry = map.findEntry(line, column) as Entry;
  if (entry.generatedLine === line) return entry;
  for (let next = column + 1; next < length; next++) {
    const later = map.findEntry(line, next) as Entry;
    if (later.generatedLine === line) return later;
  }
  return entry;
}

/**
 * The source map of a page's Node module, from the page's chunk bundled again with a map, and its
 * compiled MDX (the virtual module `content.name`) compiled again with one. The module is that
 * chunk with the shared modules' file URLs put in (see linkChunk), so a column on a line holding
 * such a URL is moved back by what the URLs added before it.
 */
export function linkedModuleMap(options: {
  linked: string;
  unlinked: string;
  map: string;
  content: { name: string; map: object; file: string; code: string; source: string };
}): MapOf {
  const contentLines = options.content.code.split('\n');
  const sourceLines = options.content.source.split('\n');
  const bundleMap = new SourceMap(JSON.parse(options.map) as ConstructorParameters<typeof SourceMap>[0]);
  const contentMap = new SourceMap(options.content.map as ConstructorParameters<typeof SourceMap>[0]);
  const linkedLines = options.linked.split('\n');
  const unlinkedLines = options.unlinked.split('\n');
  const located = {
    findEntry(line: number, column: number): Entry {
      const from = unlinkedLines[line];
      const to = linkedLines[line];
      let shifted = column;
      if (from !== undefined && to !== undefined && from !== to) {
        let delta = 0;
        for (const match of from.matchAll(/docsite-shared:[^"'`]+/g)) {
          const start = match.index + delta;
          if (start > column) break;
          const quote = from[match.index + match[0].length] ?? '"';
          const end = to.indexOf(quote, start);
          if (end === -1) break;
          delta += end - start - match[0].length;
          if (end > column) break;
        }
        shifted = column - delta;
      }
      const entry = bundleMap.findEntry(line, shifted) as Entry;
      if (!entry.originalSource?.endsWith(options.content.name) || entry.originalLine === undefined) return {};
      const asked = entry.originalColumn ?? 0;
      const found = onSameLine(contentMap, entry.originalLine, asked, 10_000);
      // A mark found after the position stands for it when the code between the two is the source's too (`new ` before `Error`).
      const gap = (found.generatedColumn ?? 0) - asked;
      if (gap > 0 && found.originalLine !== undefined && found.originalColumn !== undefined) {
        const between = contentLines[entry.originalLine]?.slice(asked, asked + gap);
        const written = sourceLines[found.originalLine]?.slice(found.originalColumn - gap, found.originalColumn);
        if (between !== undefined && between === written) found.originalColumn -= gap;
      }
      return { ...found, originalSource: pathToFileURL(options.content.file).href };
    },
  };
  return () => located as unknown as SourceMap;
}
