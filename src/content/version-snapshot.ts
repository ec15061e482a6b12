/**
 * `docsite docs:version <name>`: the docs folder and its sidebars as they are now become a version,
 * in Docusaurus's layout: versioned_docs/version-<name>/ (every file of the docs folder),
 * versioned_sidebars/version-<name>-sidebars.json, and the name first in versions.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VersionRefusedError, versionNameProblem } from '../core/versions';
import { loadSidebarsFile } from './sidebars-file';
import type { SiteFiles } from './site-files';
import { VERSIONS_FILE, readVersionNames, versionedDocsDir, versionedSidebarsFile } from './versions';

export interface SnapshotOptions {
  name: string;
  siteDir: string;
  contentDir: string;
  docsDir: string;
  sidebarPath: string;
  cacheDir: string;
  files: SiteFiles;
}

export interface Snapshot {
  /** Files written under versioned_docs/version-<name>/. */
  docs: number;
  /** The versions, newest first, as versions.json now lists them. */
  versions: string[];
}

export async function snapshotVersion(options: SnapshotOptions): Promise<Snapshot> {
  const { name, contentDir, files } = options;
  const problem = versionNameProblem(name);
  if (problem) throw new VersionRefusedError({ code: 'VERSION_NAME_INVALID', message: `"${name}" cannot be a docs version name: ${problem}.` });
  const versions = await readVersionNames(contentDir, files);
  const target = versionedDocsDir(contentDir, name);
  const sidebarsOut = versionedSidebarsFile(contentDir, name);
  // A leftover of the version's files is the maintainer's: refused rather than written over.
  const leftover = (await files.exists(target))
    ? `${path.relative(options.siteDir, target)}/ is there`
    : (await files.exists(sidebarsOut))
      ? `${path.relative(options.siteDir, sidebarsOut)} is there`
      : undefined;
  if (versions.includes(name) || leftover) {
    throw new VersionRefusedError({
      code: 'VERSION_EXISTS',
      message: `The docs version "${name}" already exists (${versions.includes(name) ? `listed in ${path.relative(options.siteDir, path.join(contentDir, VERSIONS_FILE))}` : leftover}). Versions: ${versions.join(', ') || 'none'}.`,
    });
  }
  if (!(await files.exists(options.docsDir))) {
    throw new VersionRefusedError({
      code: 'VERSIONS_INVALID',
      message: `There is no docs folder to version: ${path.relative(options.siteDir, options.docsDir)}/ does not exist.`,
    });
  }
  // Read everything first, so a bad file (a link leading out) stops the command before it writes.
  const listed = await files.glob(['**/*'], { cwd: options.docsDir });
  if (listed.errors.length > 0) throw listed.errors[0];
  const sidebars = await loadSidebarsFile({
    contentDir,
    siteDir: options.siteDir,
    sidebarPath: options.sidebarPath,
    cacheDir: options.cacheDir,
    reader: files,
  });
  const contents = await Promise.all(
    listed.files.map(async (file) => [file, await files.readBytes((await files.realPath(path.join(options.docsDir, file)))!)] as const),
  );

  for (const [file, bytes] of contents) {
    const out = path.join(target, file);
    await mkdir(path.dirname(out), { recursive: true });
    // 'wx': a file that appeared since the check above is left as it is, and the command stops.
    await writeFile(out, bytes, { flag: 'wx' });
  }
  await mkdir(path.dirname(sidebarsOut), { recursive: true });
  await writeFile(sidebarsOut, `${JSON.stringify(sidebars.config, null, 2)}\n`, { flag: 'wx' });
  const next = [name, ...versions];
  await writeFile(path.join(contentDir, VERSIONS_FILE), `${JSON.stringify(next, null, 2)}\n`);
  return { docs: contents.length, versions: next };
}
