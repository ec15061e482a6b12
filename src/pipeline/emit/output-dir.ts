/**
 * Which folder a build may replace. The output folder is deleted and rewritten by every build, so
 * before anything is written docsite settles that it is not the site's sources (or a folder holding
 * them) and that it is a folder docsite wrote itself, unless the user says otherwise with --force.
 */
import { existsSync } from 'node:fs';
import { lstat, readdir, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';

/** Written into every output folder; its presence is how docsite knows a folder is its own to replace. */
export const OUTPUT_MARKER = '.docsite-output';

/** The output folder cannot be used as asked: the command line has to change, so the exit code is 2. */
export class OutputRefusedError extends DocsiteError {}

export interface OutputDirOptions {
  siteDir: string;
  outDir: string;
  contentDir: string;
  /** The folders and files content is read from, when the content folder is the site folder itself (a Docusaurus site): these are kept, not the whole site. */
  contentPaths?: string[];
  cacheDir: string;
  configFile?: string;
  /** Further files the site is made from (stylesheets named by the config). */
  sourceFiles?: string[];
  /** docsite's own package folder. */
  docsiteRoot: string;
  /** Replace a non-empty folder that holds no marker. */
  force?: boolean;
}

/** Resolves the output folder through any symbolic links and refuses it when replacing it could lose data. */
export async function checkOutputDir(options: OutputDirOptions): Promise<string> {
  const outDir = await realPathOf(options.outDir);
  const relative = path.relative(options.siteDir, options.outDir);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(options.outDir) : relative || '.';
  const refuse = (message: string, hint: string) => new OutputRefusedError({ code: 'OUT_DIR_REFUSED', message, hint });
  const pick = 'Pass an --out-dir of its own, such as build.';

  // Folders that hold sources: the output may be neither one of them, nor inside one, nor around one.
  const sources = [
    ...contentSources(options),
    ['the cache folder', options.cacheDir],
    ['the config file', options.configFile],
    ['the src folder', path.join(options.siteDir, 'src')],
    ['the theme folder', path.join(options.siteDir, 'theme')],
    ['node_modules', path.join(options.siteDir, 'node_modules')],
    ['the .git folder', path.join(options.siteDir, '.git')],
    ...['bin', 'dist', 'src', 'theme', 'package.json'].map((part) => [`docsite's own ${part}`, path.join(options.docsiteRoot, part)] as const),
    ...(options.sourceFiles ?? []).map((file) => [path.relative(options.siteDir, file), file] as const),
  ] as const;
  for (const [name, place] of sources) {
    if (!place) continue;
    const real = await realPathOf(place);
    if (real === outDir || isInsideFolder(real, outDir))
      throw refuse(`The output folder ${shown} is ${name} or lies inside it; building there would delete it.`, pick);
    if (isInsideFolder(outDir, real)) throw refuse(`The output folder ${shown} contains ${name}; building there would delete it.`, pick);
  }
  // Folders the output may lie inside but never be or hold: the site, its repository, home, the root.
  const repository = findRepositoryRoot(options.siteDir);
  const roots = [
    ['the site folder', options.siteDir],
    ['the repository', repository],
    ['the home folder', os.homedir()],
    ['the filesystem root', path.parse(outDir).root],
  ] as const;
  for (const [name, place] of roots) {
    if (!place) continue;
    const real = await realPathOf(place);
    if (real === outDir || isInsideFolder(outDir, real))
      throw refuse(`The output folder ${shown} is or contains ${name} (${real}); building there would delete it.`, pick);
  }

  const info = await lstat(outDir).catch(() => undefined);
  if (!info) return outDir;
  if (!info.isDirectory()) throw refuse(`The output folder ${shown} is a file, not a folder.`, 'Remove the file or pass another --out-dir.');
  if (options.force || (await isOwnOutput(outDir))) return outDir;
  throw refuse(
    `The output folder ${shown} is not empty and was not written by docsite (it has no ${OUTPUT_MARKER} file), so it was left as it is.`,
    'Pass another --out-dir, empty the folder yourself, or run again with --force to replace it.',
  );
}

/** The content folder; for a site whose content lies at its root, which the output may lie in, each content folder and file. */
function contentSources(options: OutputDirOptions): (readonly [string, string])[] {
  if (path.resolve(options.contentDir) !== path.resolve(options.siteDir) || !options.contentPaths) return [['the content folder', options.contentDir]];
  return options.contentPaths.map((place) => [`the content folder ${path.relative(options.siteDir, place)}`, place] as const);
}

/** Empty, or marked by an earlier build (a build from before the marker is known by its route manifest). */
async function isOwnOutput(dir: string): Promise<boolean> {
  if (existsSync(path.join(dir, OUTPUT_MARKER)) || existsSync(path.join(dir, '_docsite', 'routes.json'))) return true;
  return (await readdir(dir)).length === 0;
}

/** The real path of `file`, or of its nearest existing ancestor joined with the rest when it does not exist yet. */
async function realPathOf(file: string): Promise<string> {
  const absolute = path.resolve(file);
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

function findRepositoryRoot(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
