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
 * What a page belongs to: a content plugin's own lists run after the lists of every page
 * (`markdown`). `docs`, `blog` and `pages` are the main instances; `docs:<id>`, `blog:<id>` and
 * `pages:<id>` another instance of that plugin (an `extraDocs`, `extraBlogs` or `extraPages` set).
 * `markdown` alone is a page with no lists of its own.
 */
export type PluginSection = 'docs' | 'blog' | 'pages' | 'markdown' | `${InstanceKind}:${string}`;
type InstanceKind = 'docs' | 'blog' | 'pages';
type ListOptions = Partial<Record<PluginListName, unknown[]>>;

/** The option holding each kind's further instances, each with its `id`. */
const EXTRA_SETS = { docs: 'extraDocs', blog: 'extraBlogs', pages: 'extraPages' } as const;

/** The section of an instance's pages: the main one's for `default` (or no id), else `<kind>:<id>`. */
export function sectionOf(kind: InstanceKind, id: string | undefined): PluginSection {
  return id === undefined || id === 'default' ? kind : `${kind}:${id}`;
}

/** Whether a config's options (docsite's, or mapped from Docusaurus's) hold any plugin to run. */
export function hasSitePlugins(site: Record<'markdown' | 'docs' | 'blog' | 'pages', ListOptions> & Partial<Record<string, unknown>>): boolean {
  const extra = Object.values(EXTRA_SETS).flatMap((key) => (Array.isArray(site[key]) ? (site[key] as ListOptions[]) : []));
  return [site.markdown, site.docs, site.blog, site.pages, ...extra].some((options) => PLUGIN_LISTS.some((name) => (options[name]?.length ?? 0) > 0));
}

/** The options a section's own lists are read from: the main instance's, or the set of its id. */
function ownOptions(raw: Record<string, unknown> | undefined, section: PluginSection): ListOptions {
  if (section === 'markdown') return {};
  const [kind, id] = section.split(/:(.*)/s) as [InstanceKind, string | undefined];
  if (id === undefined) return (raw?.[kind] ?? {}) as ListOptions;
  const sets = (raw?.[EXTRA_SETS[kind]] ?? []) as ({ id?: unknown } & ListOptions)[];
  return sets.find((set) => set.id === id) ?? {};
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
  const shared = (raw?.markdown ?? {}) as ListOptions;
  return (section) => {
    const own = ownOptions(raw, section);
    return Object.fromEntries(PLUGIN_LISTS.map((name) => [name, [...(shared[name] ?? []), ...(own[name] ?? [])]])) as PluginLists;
  };
}
