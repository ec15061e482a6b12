/**
 * Docusaurus's versioned-docs layout, beside the docs folder under content/: `versions.json` (names,
 * newest first), `versioned_docs/version-<name>/` (the docs as they were) and
 * `versioned_sidebars/version-<name>-sidebars.json` (their sidebars). Localized docs follow
 * Docusaurus's `i18n/<locale>/docusaurus-plugin-content-docs/<current|version-<name>>/`. A docs set
 * other than the main docs (a plugin id) has the same layout under names that start with `<id>_`
 * (`<id>_versions.json`...), its translations under `docusaurus-plugin-content-docs-<id>/`.
 */
import path from 'node:path';
import { DocsiteError, locateQuoted, parsePosition, placed, type SourceLocation } from '../core/errors';
import { CURRENT_VERSION, VERSIONED_DOCS_DIR, VERSIONED_SIDEBARS_DIR, VERSIONS_FILE, ofDocsSet, versionNameProblem, type DocsVersion } from '../core/versions';
import type { SidebarsConfig } from '../core/sidebars';
import { checkSidebarNames } from './sidebars-file';
import type { SiteFiles } from './site-files';

export { VERSIONS_FILE, VERSIONED_DOCS_DIR, VERSIONED_SIDEBARS_DIR, ofDocsSet } from '../core/versions';

export function versionsFile(contentDir: string, pluginId?: string): string {
  return path.join(contentDir, ofDocsSet(VERSIONS_FILE, pluginId));
}

export function versionedDocsDir(contentDir: string, name: string, pluginId?: string): string {
  return path.join(contentDir, ofDocsSet(VERSIONED_DOCS_DIR, pluginId), `version-${name}`);
}

export function versionedSidebarsFile(contentDir: string, name: string, pluginId?: string): string {
  return path.join(contentDir, ofDocsSet(VERSIONED_SIDEBARS_DIR, pluginId), `version-${name}-sidebars.json`);
}

/** The folder of one version's docs: the docs folder for `current`. */
export function versionDocsDir(contentDir: string, docsDir: string, version: DocsVersion, pluginId?: string): string {
  return version.name === CURRENT_VERSION ? docsDir : versionedDocsDir(contentDir, version.name, pluginId);
}

/** The folder of a locale's translations of a docs instance: `docusaurus-plugin-content-docs`, `-<id>` after it for another instance. */
export function docsPluginFolder(pluginId?: string): string {
  return `docusaurus-plugin-content-docs${pluginId ? `-${pluginId}` : ''}`;
}

/** Where Docusaurus keeps a locale's translation of one version's docs. */
export function localizedDocsDir(contentDir: string, locale: string, version: DocsVersion, pluginId?: string): string {
  return path.join(contentDir, 'i18n', locale, docsPluginFolder(pluginId), version.folder);
}

/** The names in versions.json (or the docs set's `<id>_versions.json`), newest first; empty when the site has none. */
export async function readVersionNames(contentDir: string, files: SiteFiles, pluginId?: string): Promise<string[]> {
  const file = versionsFile(contentDir, pluginId);
  if (!(await files.exists(file))) return [];
  const display = path.relative(files.siteDir, file);
  const text = await files.readText(file);
  const invalid = (message: string, at: { loc: SourceLocation; frame?: string } = { loc: { file: display } }) =>
    new DocsiteError({ code: 'VERSIONS_INVALID', message, ...at });
  let names: unknown;
  try {
    names = JSON.parse(text);
  } catch (error) {
    throw invalid(`${display} is not valid JSON: ${(error as Error).message}`, placed(display, text, parsePosition(error, text)));
  }
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string'))
    throw invalid(`${display} must be a JSON list of version names, such as ["2.0", "1.0"].`);
  const seen = new Set<string>();
  for (const name of names as string[]) {
    const problem = versionNameProblem(name);
    const at = locateQuoted(display, text, name);
    const where = placed(display, text, at.line === undefined ? undefined : { line: at.line, column: at.column! });
    if (problem) throw invalid(`${display} lists the version "${name}", which cannot be used: ${problem}.`, where);
    if (seen.has(name)) throw invalid(`${display} lists the version "${name}" twice.`, where);
    seen.add(name);
    if (!(await files.exists(versionedDocsDir(contentDir, name, pluginId)))) {
      throw invalid(
        `${display} lists the version "${name}", but ${path.relative(files.siteDir, versionedDocsDir(contentDir, name, pluginId))}/ does not exist.`,
        where,
      );
    }
  }
  return names as string[];
}

/** A version's sidebars, as `docsite docs:version` (or Docusaurus) wrote them; undefined when the file is missing. */
export async function readVersionedSidebars(
  contentDir: string,
  name: string,
  files: SiteFiles,
  pluginId?: string,
): Promise<{ config: SidebarsConfig; file: string; absolutePath: string } | undefined> {
  const absolutePath = versionedSidebarsFile(contentDir, name, pluginId);
  if (!(await files.exists(absolutePath))) return undefined;
  const file = path.relative(files.siteDir, absolutePath);
  let config: unknown;
  let text = '';
  try {
    text = await files.readText(absolutePath);
    config = JSON.parse(text);
  } catch (error) {
    if (error instanceof DocsiteError) throw error;
    throw new DocsiteError({
      code: 'SIDEBARS_INVALID',
      message: `${file} is not valid JSON: ${(error as Error).message}`,
      ...placed(file, text, parsePosition(error, text)),
    });
  }
  if (!config || typeof config !== 'object' || Array.isArray(config) || !Object.values(config).every(Array.isArray)) {
    throw new DocsiteError({ code: 'SIDEBARS_INVALID', message: `${file} must hold an object mapping sidebar names to item lists.`, loc: { file } });
  }
  checkSidebarNames(config, file, text);
  return { config: config as SidebarsConfig, file, absolutePath };
}
