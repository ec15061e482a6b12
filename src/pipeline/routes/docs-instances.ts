/**
 * Each docs instance (a version in a locale) with its own sidebars, its docs by id and its routes by
 * file; the sidebars' JSON files the theme fetches; and the index pages the sidebars ask for.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ApiRoutesInput } from '../../api/pages';
import type { DocEntry } from '../../content/docs';
import { docsMessagesKey } from '../../content/translations';
import { readingOrder, sidebarFull } from '../../core/navigation';
import { routeKey } from '../../core/paths';
import { resolveSidebars, type GeneratedIndex, type SidebarNode } from '../../core/sidebars';
import { CURRENT_VERSION, instanceKey } from '../../core/versions';
import type { SiteModel, DocsInstance } from '../scan/site-model';
import type { RouteContext } from './context';
import { translateSidebars } from './translated-sidebars';
import type { SidebarFile } from './types';

export interface ResolvedInstance {
  instance: DocsInstance;
  sidebars: Map<string, SidebarNode[]>;
  sidebarUrls: Map<string, string>;
  /** SHA-256 of each sidebar's whole JSON: every view of it is made from what that JSON holds. */
  sidebarDigests: Map<string, string>;
  docById: Map<string, DocEntry>;
  routeOfFile: Map<string, string>;
}

export interface DocsInstances {
  /** Each instance by `instanceKey`. */
  byKey: Map<string, ResolvedInstance>;
  /** The key of the instance served at the docs root: the last version in the default locale, else the first instance ('' when there are no docs). */
  defaultKey: string;
  /** The docs of each instance, by `instanceKey`. */
  docsOf: Map<string, DocEntry[]>;
  sidebarFiles: SidebarFile[];
  /** The index pages sidebars generate, with the key of the instance each belongs to. */
  generated: { index: GeneratedIndex; instance: string }[];
  /** The site has more than one docs version, or one other than the current. */
  versioned: boolean;
  /** For each other docs set, by id: the key of its instance served at its root (its last version in the default locale). */
  setDefaultKeys: Map<string, string>;
  /** The other docs sets with more than one version, or one other than the current. */
  versionedSets: Set<string>;
  /** The site has docs in more than one locale. */
  localized: boolean;
}

export function resolveDocsInstances(ctx: RouteContext, api: ApiRoutesInput | undefined): DocsInstances {
  const { model } = ctx;
  const docsOf = groupDocs(model);
  const byKey = new Map<string, ResolvedInstance>();
  const sidebarFiles: SidebarFile[] = [];
  const generated: DocsInstances['generated'] = [];
  for (const instance of model.instances) {
    const key = instanceKey(instance.version.name, instance.locale, instance.pluginId);
    const docs = docsOf.get(key) ?? [];
    const resolved = resolveSidebars({
      config: instance.sidebarsFile.config,
      docs: docs.map((doc) => ({
        id: doc.id,
        route: doc.route,
        label: doc.frontMatter.sidebar_label ?? ctx.docTitle(doc),
        relativePath: doc.relativePath,
        position: doc.position,
        unlisted: doc.frontMatter.unlisted,
        className: doc.frontMatter.sidebar_class_name,
      })),
      categories: instance.categories,
      routeBase: instance.routeBase,
      slashes: ctx.config.site,
      file: instance.sidebarsFile.file,
      source: instance.sidebarsFile.source,
      ...(api ? { apiItems: api.sidebar } : {}),
      categoryDefaults: categoryDefaultsOf(ctx, instance.pluginId),
    });
    // The instance's sidebar labels as the locale's translation file has them (the default locale may have one too).
    const messages = model.translations.get(instance.locale ?? ctx.config.site.i18n.defaultLocale)?.docs[
      docsMessagesKey({ folder: instance.version.folder, pluginId: instance.pluginId })
    ];
    const sidebars = translateSidebars(resolved.sidebars, messages);
    const { urls, digests } = sidebarJsonFiles(ctx, instance, sidebars, sidebarFiles);
    for (const index of resolved.generated) generated.push({ index, instance: key });
    byKey.set(key, {
      instance,
      sidebars,
      sidebarUrls: urls,
      sidebarDigests: digests,
      docById: new Map(docs.map((doc) => [doc.id, doc])),
      routeOfFile: routesOfFiles(instance, docs),
    });
  }
  // The extra docs sets have their own keys (see instanceKey), and their own versions; locales are the main docs'.
  const main = model.instances.filter((instance) => !instance.pluginId);
  const defaultInstance = rootInstance(main);
  const setDefaultKeys = new Map<string, string>();
  const versionedSets = new Set<string>();
  for (const id of new Set(model.instances.flatMap((instance) => (instance.pluginId ? [instance.pluginId] : [])))) {
    const own = model.instances.filter((instance) => instance.pluginId === id);
    const root = rootInstance(own)!;
    setDefaultKeys.set(id, instanceKey(root.version.name, root.locale, id));
    if (hasVersions(own)) versionedSets.add(id);
  }
  return {
    byKey,
    defaultKey: defaultInstance ? instanceKey(defaultInstance.version.name, defaultInstance.locale) : '',
    docsOf,
    sidebarFiles,
    generated,
    versioned: hasVersions(main),
    setDefaultKeys,
    versionedSets,
    localized: main.some((instance) => instance.locale),
  };
}

/** The instance served at a docs set's root: its last version in the default locale, else its first. */
const rootInstance = (own: DocsInstance[]) => own.find((instance) => !instance.locale && instance.version.isLast) ?? own[0];

/** Whether a docs set has more than one version, or one other than the current. */
const hasVersions = (own: DocsInstance[]) =>
  new Set(own.map((instance) => instance.version.name)).size > 1 || own.some((instance) => instance.version.name !== CURRENT_VERSION);

/** Whether the docs set `pluginId` (the main docs when undefined) has versions. */
export function isVersioned(docs: DocsInstances, pluginId: string | undefined): boolean {
  return pluginId ? docs.versionedSets.has(pluginId) : docs.versioned;
}

/** Each sidebar's JSON file, named by its content's digest so a browser may keep it; its URL and digest by sidebar name. */
function sidebarJsonFiles(ctx: RouteContext, instance: DocsInstance, sidebars: Map<string, SidebarNode[]>, files: SidebarFile[]) {
  // The docs folder's sidebars keep their plain names; other versions', locales' and docs sets' files are told apart by a prefix.
  const prefix = `${instance.pluginId ? `${instance.pluginId}-` : ''}${instance.locale ? `${instance.locale}-` : ''}${instance.version.name === CURRENT_VERSION ? '' : `version-${instance.version.name}-`}`;
  const urls = new Map<string, string>();
  const digests = new Map<string, string>();
  for (const [name, items] of sidebars) {
    const json = JSON.stringify({ items: sidebarFull(items) });
    const digest = createHash('sha256').update(json).digest('hex');
    const url = `${ctx.config.site.baseUrl}_docsite/sidebars/${prefix}${name}-${digest.slice(0, 10)}.json`;
    urls.set(name, url);
    digests.set(name, digest);
    files.push({ name, url, json });
  }
  return { urls, digests };
}

/** The route of each of the instance's docs by file, for `.md` links to find. */
function routesOfFiles(instance: DocsInstance, docs: DocEntry[]): Map<string, string> {
  const routeOfFile = new Map<string, string>();
  for (const doc of docs) {
    routeOfFile.set(doc.absolutePath, doc.route);
    // A translated doc links to its neighbours by relative path, translated or not.
    routeOfFile.set(path.join(instance.docsDir, doc.relativePath), doc.route);
  }
  return routeOfFile;
}

/** The docs of each instance, by `instanceKey`. */
function groupDocs(model: SiteModel): Map<string, DocEntry[]> {
  const groups = new Map<string, DocEntry[]>();
  for (const doc of model.docs) {
    const key = instanceKey(doc.version, doc.locale, doc.pluginId);
    const group = groups.get(key);
    if (group) group.push(doc);
    else groups.set(key, [doc]);
  }
  return groups;
}

/** A version's first page, as Docusaurus picks it: the doc at its root, else the first of its first sidebar, else its first doc. */
export function mainDocOf(resolved: ResolvedInstance, docs: DocEntry[]): string | undefined {
  const root = docs.find((doc) => routeKey(doc.route) === routeKey(resolved.instance.routeBase));
  if (root) return root.route;
  const first = [...resolved.sidebars.values()].map(readingOrder).find((order) => order.length > 0)?.[0];
  return first?.href ?? docs[0]?.route;
}

/** The options of the docs set `pluginId` (an `extraDocs` id), or the main docs'. */
export function docsSettingsOf(ctx: RouteContext, pluginId: string | undefined) {
  return (pluginId ? ctx.config.site.extraDocs.find((each) => each.id === pluginId) : undefined) ?? ctx.config.site.docs;
}

/** How a docs set's categories start when they do not say: its `sidebarCollapsed` and `sidebarCollapsible`. */
function categoryDefaultsOf(ctx: RouteContext, pluginId: string | undefined): { collapsed: boolean; collapsible: boolean } {
  const set = docsSettingsOf(ctx, pluginId);
  return { collapsed: set.sidebarCollapsed, collapsible: set.sidebarCollapsible };
}
