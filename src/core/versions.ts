/**
 * Docs versions as Docusaurus settles them: which versions are built, which one is served at the
 * docs root, each one's label, URL path and banner. Pure: versions.json is read by the caller.
 */
import { DocsiteError } from './errors';

export const CURRENT_VERSION = 'current';

/** Docusaurus's versioned layout beside the docs folder (read in content/versions.ts). */
export const VERSIONS_FILE = 'versions.json';
export const VERSIONED_DOCS_DIR = 'versioned_docs';
export const VERSIONED_SIDEBARS_DIR = 'versioned_sidebars';

/** A name of that layout as a docs set has it: the main docs' own, another set's after its id (`community_versions.json`). */
export function ofDocsSet(name: string, pluginId: string | undefined): string {
  return pluginId ? `${pluginId}_${name}` : name;
}

export type VersionBanner = 'none' | 'unreleased' | 'unmaintained';

export interface VersionOptions {
  label?: string;
  path?: string;
  banner?: VersionBanner;
  noIndex?: boolean;
  badge?: boolean;
}

export interface VersionsOptions {
  /** The docs' URL segment (`docs`). */
  routeBasePath: string;
  baseUrl: string;
  lastVersion?: string;
  onlyIncludeVersions?: string[];
  versions: Record<string, VersionOptions>;
  includeCurrentVersion: boolean;
  /** For messages: where the options were written. */
  configName: string;
  /** The docs set's id, when not the main docs: its versions file is `<id>_versions.json`. */
  pluginId?: string;
}

export interface DocsVersion {
  /** `current` for the docs folder, else the name in versions.json. */
  name: string;
  label: string;
  /** The version's URL with the base URL, without a trailing slash: `/docs`, `/docs/next`, `/docs/1.0`. */
  routeBase: string;
  isLast: boolean;
  banner: VersionBanner;
  noIndex: boolean;
  /** Its docs show a "Version: <label>" badge. */
  badge: boolean;
  /** The folder name Docusaurus gives the version under versioned_docs and i18n: `current` or `version-<name>`. */
  folder: string;
}

/** A version name the command line should not have given (`docs:version`): refused before anything is written. */
export class VersionRefusedError extends DocsiteError {}

/** Why a version name cannot be used, or undefined when it can. */
export function versionNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'it is empty';
  if (name === CURRENT_VERSION) return '"current" names the docs folder itself';
  if (name === '.' || name === '..') return `"${name}" is not a folder name`;
  if (/[/\\]/.test(name)) return 'it holds a slash';
  if (/[\s?#%]/.test(name)) return 'it holds a space, ?, # or %, which do not belong in a URL';
  if (name.length > 32) return 'it is longer than 32 characters';
  return undefined;
}

/**
 * The versions to build, newest first (the docs folder before versions.json's): `names` is
 * versions.json (newest first), empty for a site without versions.
 */
export function resolveVersions(names: readonly string[], options: VersionsOptions): DocsVersion[] {
  const all = [...(options.includeCurrentVersion ? [CURRENT_VERSION] : []), ...names];
  const { pluginId } = options;
  const section = pluginId ? `The docs instance "${pluginId}"'s ` : 'docs.';
  if (all.length === 0) {
    throw new DocsiteError({
      code: 'VERSION_UNKNOWN',
      message: `${pluginId ? `The docs instance "${pluginId}" has includeCurrentVersion false and ${pluginId}_versions.json` : 'includeCurrentVersion is false and versions.json'} lists no version: there are no docs to build.`,
      hint: 'Set includeCurrentVersion to true, or version the docs with `docsite docs:version <name>`.',
      loc: { file: options.configName },
    });
  }
  const known = (name: string, key: string) => {
    if (all.includes(name)) return;
    throw new DocsiteError({
      code: 'VERSION_UNKNOWN',
      message: `${section}${key} names the version "${name}", which does not exist. Available versions: ${all.join(', ')}.`,
      loc: { file: options.configName },
    });
  };
  for (const name of options.onlyIncludeVersions ?? []) known(name, 'onlyIncludeVersions');
  for (const name of Object.keys(options.versions)) known(name, 'versions');
  // The newest released version is served at the docs root; without releases, the docs folder is.
  const last = options.lastVersion ?? names[0] ?? CURRENT_VERSION;
  known(last, 'lastVersion');
  const lastIndex = all.indexOf(last);
  const included = options.onlyIncludeVersions ? all.filter((name) => options.onlyIncludeVersions!.includes(name)) : all;
  const root = `${options.baseUrl}${options.routeBasePath}`.replace(/\/+$/, '').replace(/\/{2,}/g, '/');
  return included.map((name) => {
    const settings = options.versions[name] ?? {};
    const isLast = name === last;
    const current = name === CURRENT_VERSION;
    const defaultPath = isLast ? '' : current ? 'next' : name;
    const path = settings.path ?? defaultPath;
    // Newer than the version served at the root: not released yet; older: no longer maintained.
    const defaultBanner: VersionBanner = isLast ? 'none' : all.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained';
    return {
      name,
      label: settings.label ?? (current ? 'Next' : name),
      routeBase: path ? `${root}/${path}` : root || '/',
      isLast,
      banner: settings.banner ?? defaultBanner,
      // Unreleased docs under /docs/next are a preview, not what a search engine should send readers to.
      noIndex: settings.noIndex ?? (current && !isLast),
      badge: settings.badge ?? included.length > 1,
      folder: current ? CURRENT_VERSION : `version-${name}`,
    };
  });
}

/** Which instance a doc belongs to, as `instanceKey` names it; `pluginId` names a docs set other than the main docs. */
export function instanceKey(version: string | undefined, locale: string | undefined, pluginId?: string): string {
  return `${locale ?? ''}\0${version ?? CURRENT_VERSION}${pluginId ? `\0${pluginId}` : ''}`;
}
