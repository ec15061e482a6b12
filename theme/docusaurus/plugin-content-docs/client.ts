/**
 * The hooks of Docusaurus's @docusaurus/plugin-content-docs/client that sites use, made from what a
 * docsite page carries: the doc's title, description, toc, edit link, neighbours and version. The
 * front matter holds the keys docsite keeps in the page data (title, description, keywords, image,
 * unlisted); the others are not carried to the browser. The main docs are the instance `default`; a
 * site's extra docs sets (Docusaurus's further docs plugins) have their own ids and their own versions.
 */
import { docsVersionsOf } from '../../../src/shared/docs-versions';
import type { DocsVersionView, PageData, SiteData, TocItem } from '../../../src/shared/types';
import { usePageData, useSiteData } from '../../site-context';
import { DEFAULT_PLUGIN_ID } from '../constants';

export interface DocFrontMatter {
  title?: string;
  description?: string;
  keywords?: string[];
  image?: string;
  unlisted?: boolean;
  [key: string]: unknown;
}

export interface DocVersion {
  name: string;
  label: string;
  isLast: boolean;
  /** Where the version's docs start (its first doc's path on a site with versions). */
  path: string;
  mainDocId?: string;
  docs: { id: string; path: string }[];
  draftIds: string[];
  sidebars: Record<string, unknown>;
}

export interface DocContext {
  metadata: {
    id: string;
    title: string;
    description: string;
    source: string;
    permalink: string;
    editUrl?: string;
    lastUpdatedAt?: number;
    lastUpdatedBy?: string;
    unlisted: boolean;
    version: string;
    frontMatter: DocFrontMatter;
    tags: { label: string; permalink: string }[];
    sidebar?: string;
    previous?: { title: string; permalink: string };
    next?: { title: string; permalink: string };
  };
  frontMatter: DocFrontMatter;
  toc: TocItem[];
  contentTitle: string;
  assets: { image?: string };
}

function docPage(): PageData | undefined {
  const page = usePageData();
  return page?.kind === 'doc' ? page : undefined;
}

/** The docs instance a doc belongs to. */
const pluginIdOf = (page: PageData): string => page.docsPluginId ?? DEFAULT_PLUGIN_ID;

/** The one version of an extra docs set without versions, its docs starting at `path`. */
function setVersion(path: string): DocVersion {
  return { name: 'current', label: 'Next', isLast: true, path, docs: [], draftIds: [], sidebars: {} };
}

const withBase = (site: SiteData, route: string) => site.baseUrl + route.replace(/^\//, '');

/** The doc's id as Docusaurus makes it: its path in the docs folder, without the extension (in an extra docs set, its route under the set's). */
function docId(site: SiteData, page: PageData): string {
  const set = page.docsPluginId ? site.docsInstances?.find((entry) => entry.id === page.docsPluginId) : undefined;
  if (set) return page.route.slice(set.path.length).replace(/^\/|\/$/g, '');
  const source = page.source?.replace(/\\/g, '/');
  const inDocs = source?.match(/(?:^|\/)docs\/(.+)\.mdx?$/)?.[1];
  return inDocs ?? page.route.replace(/^\/|\/$/g, '');
}

function frontMatterOf(page: PageData): DocFrontMatter {
  const front: DocFrontMatter = { title: page.title };
  if (page.description !== undefined) front.description = page.description;
  if (page.keywords) front.keywords = page.keywords;
  if (page.image) front.image = page.image;
  if (page.unlisted) front.unlisted = true;
  return front;
}

/** The doc being shown; throws on a page that is not a doc, as Docusaurus does outside a doc. */
export function useDoc(): DocContext {
  const site = useSiteData();
  const page = docPage();
  if (!page) throw new Error('docsite: useDoc() is only available on a doc page');
  const frontMatter = frontMatterOf(page);
  const link = (nav?: { label: string; href: string }) => (nav ? { title: nav.label, permalink: nav.href } : undefined);
  return {
    metadata: {
      id: docId(site, page),
      title: page.title,
      description: page.description ?? '',
      source: page.source ? `@site/${page.source}` : '',
      permalink: withBase(site, page.route),
      ...(page.editUrl ? { editUrl: page.editUrl } : {}),
      ...(page.lastUpdate?.at === undefined ? {} : { lastUpdatedAt: page.lastUpdate.at }),
      ...(page.lastUpdate?.by === undefined ? {} : { lastUpdatedBy: page.lastUpdate.by }),
      unlisted: page.unlisted ?? false,
      version: page.docsVersion ?? 'current',
      frontMatter,
      tags: [],
      // An extra docs set's sidebar is named `<set>/<name>` in the page data; the site knows it by its name.
      ...(page.sidebar ? { sidebar: page.docsPluginId ? page.sidebar.id.slice(page.docsPluginId.length + 1) : page.sidebar.id } : {}),
      ...(page.prev ? { previous: link(page.prev) } : {}),
      ...(page.next ? { next: link(page.next) } : {}),
    },
    frontMatter,
    toc: page.toc,
    contentTitle: page.title,
    assets: page.image ? { image: page.image } : {},
  };
}

function versionOf(site: SiteData, view: DocsVersionView | undefined, page: PageData | undefined): DocVersion {
  // Without versions the one version is `current`, its docs under the page's first path segment (or where the site says the main docs are).
  const main = site.docsInstances?.find((set) => set.id === DEFAULT_PLUGIN_ID)?.path;
  const root = page ? withBase(site, `/${page.route.split('/').filter(Boolean)[0] ?? ''}`) : (main ?? withBase(site, '/docs'));
  return {
    name: view?.name ?? 'current',
    label: view?.label ?? 'Next',
    isLast: view?.isLast ?? true,
    path: view?.href ?? root,
    docs: [],
    draftIds: [],
    sidebars: {},
  };
}

function versionsOf(site: SiteData, page: PageData | undefined): DocVersion[] {
  if (page?.docsPluginId) return setVersions(site, page.docsPluginId, withBase(site, `/${page.route.split('/').filter(Boolean)[0] ?? ''}`));
  if (!site.docsVersions || site.docsVersions.length === 0) return [versionOf(site, undefined, page)];
  return site.docsVersions.map((view) => versionOf(site, view, page));
}

/** The versions of an extra docs set, newest first: its one version at `path` when it has no others. */
function setVersions(site: SiteData, pluginId: string, path: string): DocVersion[] {
  const views = site.pluginDocsVersions?.[pluginId];
  return views && views.length > 0 ? views.map((view) => ({ ...versionOf(site, view, undefined), path: view.href })) : [setVersion(path)];
}

export interface DocsPluginData {
  path: string;
  versions: DocVersion[];
  breadcrumbs: boolean;
}

function pluginDataOf(site: SiteData, page: PageData | undefined): DocsPluginData {
  const versions = versionsOf(site, page);
  return { path: versions.find((version) => version.isLast)?.path ?? versions[0]!.path, versions, breadcrumbs: true };
}

/** The docs plugin of the page (`default`, or an extra docs set's id) on a doc page, undefined elsewhere. */
export function useActivePlugin(): { pluginId: string; pluginData: DocsPluginData } | undefined {
  const site = useSiteData();
  const page = docPage();
  return page ? { pluginId: pluginIdOf(page), pluginData: pluginDataOf(site, page) } : undefined;
}

/** The version of the doc being shown, when it belongs to the docs instance `pluginId`; undefined on a page that is not such a doc. */
export function useActiveVersion(pluginId: string = DEFAULT_PLUGIN_ID): DocVersion | undefined {
  const site = useSiteData();
  const page = docPage();
  if (!page || pluginIdOf(page) !== pluginId) return undefined;
  if (page.docsPluginId) {
    const versions = versionsOf(site, page);
    return versions.find((version) => version.name === page.docsVersion) ?? versions[0];
  }
  const view = site.docsVersions?.find((version) => version.name === page.docsVersion);
  return versionOf(site, view, page);
}

export interface DocsVersionMetadata {
  pluginId: string;
  version: string;
  label: string;
  banner: 'unreleased' | 'unmaintained' | null;
  badge: boolean;
  noIndex: boolean;
  isLast: boolean;
  className: string;
}

/** The version metadata of the doc being shown, as the version banner and badge use it. */
export function useDocsVersion(): DocsVersionMetadata {
  const site = useSiteData();
  const page = docPage();
  if (!page) throw new Error('docsite: useDocsVersion() is only available on a doc page');
  const view = docsVersionsOf(site, page.docsPluginId)?.find((version) => version.name === page.docsVersion);
  const version = versionOf(site, view, page);
  return {
    pluginId: pluginIdOf(page),
    version: version.name,
    label: version.label,
    banner: view && view.banner !== 'none' ? view.banner : null,
    badge: view?.badge ?? false,
    noIndex: page.noIndex ?? false,
    isLast: version.isLast,
    className: `docs-version-${version.name}`,
  };
}

/** The versions of the docs instance `pluginId`, newest first. */
export function useVersions(pluginId: string = DEFAULT_PLUGIN_ID): DocVersion[] {
  const site = useSiteData();
  const page = docPage();
  if (pluginId === DEFAULT_PLUGIN_ID) return versionsOf(site, page?.docsPluginId ? undefined : page);
  const set = site.docsInstances?.find((entry) => entry.id === pluginId);
  if (!set) throw new Error(`docsite: no docs instance with the id "${pluginId}"`);
  return setVersions(site, pluginId, set.path);
}

export function useLatestVersion(pluginId: string = DEFAULT_PLUGIN_ID): DocVersion {
  const versions = useVersions(pluginId);
  return versions.find((version) => version.isLast) ?? versions[0]!;
}

/** Every docs instance's data by plugin id: the main docs' and each extra docs set's. */
export function useAllDocsData(): Record<string, DocsPluginData> {
  const site = useSiteData();
  const page = docPage();
  const all: Record<string, DocsPluginData> = { [DEFAULT_PLUGIN_ID]: pluginDataOf(site, page?.docsPluginId ? undefined : page) };
  for (const set of site.docsInstances ?? [])
    if (set.id !== DEFAULT_PLUGIN_ID) all[set.id] = { path: set.path, versions: setVersions(site, set.id, set.path), breadcrumbs: true };
  return all;
}

export function useDocsData(pluginId: string = DEFAULT_PLUGIN_ID): DocsPluginData {
  const all = useAllDocsData();
  const data = all[pluginId];
  if (!data)
    throw new Error(
      `docsite: no docs instance with the id "${pluginId}"; the site has ${Object.keys(all)
        .map((id) => `"${id}"`)
        .join(', ')}`,
    );
  return data;
}

export interface ActiveDocContext {
  activeVersion?: DocVersion;
  activeDoc?: { id: string; path: string };
  /** The same doc in each other version that has it, by version name. */
  alternateDocVersions: Record<string, { id: string; path: string }>;
}

/** The version and doc being shown, as swizzled banners and dropdowns read them; empty off a doc of `pluginId`. */
export function useActiveDocContext(pluginId: string = DEFAULT_PLUGIN_ID): ActiveDocContext {
  const site = useSiteData();
  const page = docPage();
  const activeVersion = useActiveVersion(pluginId);
  if (!page || !activeVersion) return { alternateDocVersions: {} };
  const id = docId(site, page);
  const alternateDocVersions: Record<string, { id: string; path: string }> = {};
  for (const [name, href] of Object.entries(page.versionLinks ?? {})) alternateDocVersions[name] = { id, path: href };
  return { activeVersion, activeDoc: { id, path: withBase(site, page.route) }, alternateDocVersions };
}
