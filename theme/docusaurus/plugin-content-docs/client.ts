/**
 * The hooks of Docusaurus's @docusaurus/plugin-content-docs/client that sites use, made from what a
 * docsite page carries: the doc's title, description, toc, edit link, neighbours and version. The
 * front matter holds the keys docsite keeps in the page data (title, description, keywords, image,
 * unlisted); the others are not carried to the browser. docsite has one docs instance, `default`.
 */
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

const withBase = (site: SiteData, route: string) => site.baseUrl + route.replace(/^\//, '');

/** The doc's id as Docusaurus makes it: its path in the docs folder, without the extension. */
function docId(page: PageData): string {
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
      id: docId(page),
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
      ...(page.sidebar ? { sidebar: page.sidebar.id } : {}),
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
  // Without versions the one version is `current`, its docs under the page's first path segment.
  const root = page ? withBase(site, `/${page.route.split('/').filter(Boolean)[0] ?? ''}`) : withBase(site, '/docs');
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
  if (!site.docsVersions || site.docsVersions.length === 0) return [versionOf(site, undefined, page)];
  return site.docsVersions.map((view) => versionOf(site, view, page));
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

/** The docs plugin of the page: `default` on a doc page, undefined elsewhere. */
export function useActivePlugin(): { pluginId: string; pluginData: DocsPluginData } | undefined {
  const site = useSiteData();
  const page = docPage();
  return page ? { pluginId: DEFAULT_PLUGIN_ID, pluginData: pluginDataOf(site, page) } : undefined;
}

/** The version of the doc being shown; undefined on a page that is not a doc. */
export function useActiveVersion(): DocVersion | undefined {
  const site = useSiteData();
  const page = docPage();
  if (!page) return undefined;
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
  const view = site.docsVersions?.find((version) => version.name === page.docsVersion);
  const version = versionOf(site, view, page);
  return {
    pluginId: DEFAULT_PLUGIN_ID,
    version: version.name,
    label: version.label,
    banner: view && view.banner !== 'none' ? view.banner : null,
    badge: view?.badge ?? false,
    noIndex: page.noIndex ?? false,
    isLast: version.isLast,
    className: `docs-version-${version.name}`,
  };
}

export function useVersions(): DocVersion[] {
  return versionsOf(useSiteData(), docPage());
}

export function useLatestVersion(): DocVersion {
  const versions = useVersions();
  return versions.find((version) => version.isLast) ?? versions[0]!;
}

/** Every docs instance's data by plugin id; docsite has the one. */
export function useAllDocsData(): Record<string, DocsPluginData> {
  return { [DEFAULT_PLUGIN_ID]: pluginDataOf(useSiteData(), docPage()) };
}

export function useDocsData(pluginId: string = DEFAULT_PLUGIN_ID): DocsPluginData {
  const all = useAllDocsData();
  const data = all[pluginId];
  if (!data) throw new Error(`docsite: no docs instance with the id "${pluginId}"; docsite has "${DEFAULT_PLUGIN_ID}"`);
  return data;
}
