/**
 * A docs set's instances (each of its versions in each locale), read as Docusaurus lays them out:
 * its versions from versions.json (`<id>_versions.json` for a set other than the main docs), each
 * version's folder and sidebars, and in each locale but the default its translations under i18n/,
 * which replace their originals one by one. The main docs and every other docs set come through here.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { loadDocs, type CategoryMeta, type DocEntry, type DocsLoadOptions } from '../../content/docs';
import { scanDocsFolder } from '../../content/scan';
import type { SidebarsFile } from '../../content/sidebars-file';
import type { SiteFiles } from '../../content/site-files';
import { localizedDocsDir, readVersionNames, readVersionedSidebars, versionDocsDir, versionedSidebarsFile } from '../../content/versions';
import { CURRENT_VERSION, resolveVersions, type DocsVersion, type VersionOptions } from '../../core/versions';

/** One docs version in one locale: its own docs, categories, sidebars and URL. */
export interface DocsInstance {
  version: DocsVersion;
  /** The locale its pages are shown in; the default locale's instances have none. */
  locale?: string;
  /** The docs set it belongs to, when not the main docs (an `extraDocs` id). */
  pluginId?: string;
  /** Its URL with the base URL: `/docs`, `/docs/1.0`, `/fr/docs/next`... */
  routeBase: string;
  /** The folder its docs are read from (a locale's translations replace files of it one by one). */
  docsDir: string;
  categories: Map<string, CategoryMeta>;
  sidebarsFile: SidebarsFile;
}

/** A docs set's version options, as the main docs and each `extraDocs` set have them. */
export interface DocsSetVersioning {
  routeBasePath: string;
  lastVersion?: string | undefined;
  onlyIncludeVersions?: string[] | undefined;
  versions: Record<string, VersionOptions>;
  includeCurrentVersion: boolean;
  disableVersioning: boolean;
}

export type SharedDocsOptions = Pick<DocsLoadOptions, 'siteDir' | 'includeDrafts' | 'reader' | 'facts' | 'slashes' | 'categoryJsonAsYaml'>;

/** The versions of a docs set to build, newest first, from its versions file and its options. */
export async function settleVersions(config: ResolvedConfig, reader: SiteFiles, set: DocsSetVersioning, pluginId?: string): Promise<DocsVersion[]> {
  const names = set.disableVersioning ? [] : await readVersionNames(config.contentDir, reader, pluginId);
  return resolveVersions(names, {
    routeBasePath: set.routeBasePath,
    baseUrl: config.site.baseUrl,
    ...(set.lastVersion ? { lastVersion: set.lastVersion } : {}),
    ...(set.onlyIncludeVersions ? { onlyIncludeVersions: set.onlyIncludeVersions } : {}),
    versions: set.versions,
    includeCurrentVersion: set.includeCurrentVersion,
    configName: config.configFile ? path.relative(config.siteDir, config.configFile) : 'site config',
    ...(pluginId ? { pluginId } : {}),
  });
}

export interface VersionInstancesOptions {
  config: ResolvedConfig;
  versions: DocsVersion[];
  /** The docs set's id, when not the main docs. */
  pluginId?: string;
  /** Its docs folder (the version `current`). */
  docsDir: string;
  /** The docs folder's sidebars, which serve it in every locale. */
  currentSidebars: Promise<SidebarsFile>;
  /** The docs folder in the default locale is read by the caller (the main docs read it with their generated pages). */
  skipCurrent: boolean;
  sharedDocs: SharedDocsOptions;
  files: SiteFiles;
}

/** Every version of the set in every locale, with its docs: an older version without its sidebars file has no sidebar, as in Docusaurus. */
export async function loadVersionInstances(options: VersionInstancesOptions): Promise<{ instances: DocsInstance[]; docs: DocEntry[] }> {
  const { config, versions, sharedDocs, pluginId } = options;
  const { contentDir } = config;
  const reader = options.files;
  const i18n = config.site.i18n;
  const locales = [undefined, ...i18n.locales.filter((locale) => locale !== i18n.defaultLocale)];
  // The main docs' files that are not docs, as its config names them; a further docs set has the default.
  const exclude = pluginId ? undefined : config.site.docs.exclude;
  // A version's folder and sidebars are read once, for all its locales.
  const sources = new Map(
    versions.map((version) => {
      const sourceDir = versionDocsDir(contentDir, options.docsDir, version, pluginId);
      let read: Promise<{ scanned: Awaited<ReturnType<typeof scanDocsFolder>>; sidebarsFile: SidebarsFile }> | undefined;
      const once = () =>
        (read ??= (async () => {
          const scanned = await scanDocsFolder(reader, sourceDir, exclude);
          const versioned = version.name === CURRENT_VERSION ? undefined : await readVersionedSidebars(contentDir, version.name, reader, pluginId);
          const sidebarsFile: SidebarsFile =
            versioned ??
            (version.name === CURRENT_VERSION
              ? await options.currentSidebars
              : { config: {}, file: `(no ${path.relative(config.siteDir, versionedSidebarsFile(contentDir, version.name, pluginId))})` });
          return { scanned, sidebarsFile };
        })());
      return [version, { sourceDir, once }] as const;
    }),
  );
  const made = await Promise.all(
    versions.flatMap((version) =>
      locales.map(async (locale) => {
        if (options.skipCurrent && !locale && version.name === CURRENT_VERSION) return undefined;
        const { sourceDir, once } = sources.get(version)!;
        const { scanned, sidebarsFile } = await once();
        const localePath = locale ? (i18n.localeConfigs[locale]?.path ?? locale) : undefined;
        const routeBase = localePath
          ? `${config.site.baseUrl}${localePath}${version.routeBase.slice(config.site.baseUrl.length - 1)}`.replace(/\/$/, '') || '/'
          : version.routeBase;
        const translatedDir = locale ? localizedDocsDir(contentDir, locale, version, pluginId) : undefined;
        const translated = translatedDir ? new Set((await scanDocsFolder(reader, translatedDir, exclude)).docs) : undefined;
        const loaded = await loadDocs({
          ...sharedDocs,
          docsDir: sourceDir,
          routeBase,
          files: scanned.docs,
          categoryFiles: scanned.categories,
          version: version.name,
          ...(pluginId ? { pluginId } : {}),
          ...(locale ? { locale } : {}),
          ...(translatedDir && translated ? { translated: { dir: translatedDir, files: translated } } : {}),
        });
        const instance: DocsInstance = {
          version,
          ...(locale ? { locale } : {}),
          ...(pluginId ? { pluginId } : {}),
          routeBase,
          docsDir: sourceDir,
          categories: loaded.categories,
          sidebarsFile,
        };
        return { instance, docs: loaded.docs };
      }),
    ),
  );
  const found = made.filter((entry) => entry !== undefined);
  return { instances: found.map((entry) => entry.instance), docs: found.flatMap((entry) => entry.docs) };
}
