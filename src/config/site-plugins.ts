/**
 * The site's own remark, rehype and recma plugins, as a compile thread gets them: functions cannot be
 * sent to a thread, so the thread loads the site's config again, through the loader the build used,
 * and takes the lists from the same options.
 */
import path from 'node:path';
import { isDocusaurusConfig, mappedDocusaurusConfig } from './docusaurus/load';
import { importModule } from './import-module';
import { resolveDefineModule } from './load';

export const PLUGIN_LISTS = ['beforeDefaultRemarkPlugins', 'remarkPlugins', 'beforeDefaultRehypePlugins', 'rehypePlugins', 'recmaPlugins'] as const;
export type PluginListName = (typeof PLUGIN_LISTS)[number];
/** A plugin function, or `[function, options]`, as the config gives it. */
export type PluginEntry = unknown;
export type PluginLists = Record<PluginListName, PluginEntry[]>;
/**
 * What a page belongs to: a section's own lists run after the lists of every page (`markdown`).
 * `markdown` alone is a page with no lists of its own (a doc of an extra docs set).
 */
export type PluginSection = 'docs' | 'blog' | 'pages' | 'markdown';

/** Whether a config's options (docsite's, or mapped from Docusaurus's) hold any plugin to run. */
export function hasSitePlugins(site: Record<'markdown' | 'docs' | 'blog' | 'pages', Partial<Record<PluginListName, unknown[]>>>): boolean {
  return [site.markdown, site.docs, site.blog, site.pages].some((options) => PLUGIN_LISTS.some((name) => (options[name]?.length ?? 0) > 0));
}

/** Where the config is and where its bundles are kept (the `config` folder of the cache). */
export interface SitePluginsSource {
  configFile: string;
  siteDir: string;
  cacheDir: string;
}

/** Loads the config again and gives each section's lists. */
export async function loadSitePlugins(at: SitePluginsSource): Promise<(section: PluginSection) => PluginLists> {
  const displayName = path.relative(at.siteDir, at.configFile) || at.configFile;
  const raw = isDocusaurusConfig(at.configFile)
    ? await mappedDocusaurusConfig({ siteDir: at.siteDir, file: at.configFile, configCacheDir: at.cacheDir })
    : ((await importModule({ file: at.configFile, cacheDir: at.cacheDir, displayName, alias: { 'docsite/config': resolveDefineModule() } })).default as Record<
        string,
        unknown
      >);
  const listsOf = (key: string) => (raw?.[key] ?? {}) as Partial<Record<PluginListName, PluginEntry[]>>;
  return (section) => {
    const own = section === 'markdown' ? {} : listsOf(section);
    return Object.fromEntries(PLUGIN_LISTS.map((name) => [name, [...(listsOf('markdown')[name] ?? []), ...(own[name] ?? [])]])) as PluginLists;
  };
}
