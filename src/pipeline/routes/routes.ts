/** The route table: every URL of the site with its page data, its module and its links. The one truth later stages read. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import type { DocEntry } from '../../content/docs';
import type { DocFrontMatter } from '../../content/frontmatter';
import { DocsiteError, fileByLevel } from '../../core/errors';
import { breadcrumbs, lazySidebar, namedSidebarSlice, readingOrder, readingPosition, sidebarContains, sidebarFull } from '../../core/navigation';
import { isInsideFolder, routeKey, routeToFile, withBase } from '../../core/paths';
import { redirectPages, type RedirectPage } from './redirects';
import { docsiteLocations } from '../../infra/locations';
import type { ApiPage, ApiRoutesInput } from '../../api/pages';
import type { SidebarNode } from '../../core/sidebars';
import { resolveSidebars, type GeneratedIndex } from '../../core/sidebars';
import type { ReportLevel } from '../../config/schema';
import type { CompileResult, MarkdownLink } from '../../mdx';
import { markdownLinkUses, MD_LINK_PLACEHOLDER } from '../../mdx/md-links';
import type { NavLink, PageData, SearchSiteData, SidebarItemView, SidebarView, SiteData } from '../../shared/types';
import { docsTag } from '../../shared/docs-versions';
import { SEARCH_INDEX_FILE, SEARCH_MODAL_CSS_FILE, SEARCH_WORKER_FILE } from '../../shared/search/types';
import type { DocsInstance, SiteModel } from '../scan/site-model';
import { instanceKey } from '../../core/versions';
import { excerptKey } from '../../blog/load';
import { CURRENT_VERSION } from '../../core/versions';
import { blogRoutes } from '../../blog/routes';
import { unsafeRouteErrors } from '../../content/route-safety';
import type { BlogFeed } from '../../blog/feeds';

export type RouteModule =
  | ({ type: 'mdx' } & MdxModule)
  | { type: 'tsx'; file: string }
  | { type: 'code'; code: string; resolveDir: string };

export interface RouteEntry {
  route: string;
  /** Output file relative to the output folder. */
  outFile: string;
  page: PageData;
  module: RouteModule;
  /** Source file relative to the site folder. */
  source?: string;
  /** Links written in the content, with positions, keyed by the URL as rendered. */
  contentLinks: Map<string, MarkdownLink>;
}

export interface SidebarFile {
  name: string;
  url: string;
  json: string;
}

export interface RouteTable {
  routes: RouteEntry[];
  sidebarFiles: SidebarFile[];
  redirects: RedirectPage[];
  /** Compiled markdown that generated pages import as `docsite:mdx/<index>` (blog excerpts), made as pages' modules are. */
  mdxModules: MdxModule[];
  /**
   * The route a `.md`/`.mdx` link written in `from` (an absolute path) points at: relative targets
   * from the file's own folder, `/...` from content/, then from the docs folder, as pages resolve theirs.
   */
  markdownRoute(from: string, target: string): string | undefined;
  /** The blog's feeds, as data (src/blog/feeds.ts writes them). */
  feed?: BlogFeed;
  site: SiteData;
  errors: DocsiteError[];
  warnings: DocsiteError[];
}

/** Compiled markdown with its links resolved, as a page's module holds it. */
export interface MdxModule {
  /** The code with its links resolved: made when first read (see createRouteTable). */
  readonly code: string;
  resolveDir: string;
  /** A digest of what `code` is made from, when the compile stage named it: keys the page's chunk without reading the code. */
  madeFrom?: string;
}

export const NOT_FOUND_ROUTE = '/404.html';
export const BAD_PATH_ROUTE = '/400.html';


/**
 * What a caller that makes route tables again and again (the dev server's site graph) keeps between
 * them: each compiled page's `.md` links resolved (and its code with them, once it was read), reused
 * while the page's compile result, the set of pages and the settings it was resolved with stay the
 * same. Linking the code meant a regular expression over every page's code and a new copy of it per
 * update; now only a page whose chunk is bundled again reads it, once.
 */
export interface RouteTableMemo {
  linked: WeakMap<CompileResult, { key: string; linked: LinkedCode }>;
  /**
   * Each page's view of its sidebar, by the digest of the whole sidebar and the page's route: the
   * same array from one table to the next while neither changes, so what is made from it (the
   * page's JSON, see bundle.ts) can be kept with it. Holds the last table's views only.
   */
  sidebarViews: Map<string, SidebarItemView[]>;
}

export const createRouteTableMemo = (): RouteTableMemo => ({ linked: new WeakMap(), sidebarViews: new Map() });

export interface RouteTableOptions {
  api?: ApiRoutesInput;
  memo?: RouteTableMemo;
  /**
   * The compile stage's key of each result, by the key of `compiled` (CompileStageResult.keys):
   * with it, each page's module names what its code is made from (`madeFrom`).
   */
  compileKeys?: Map<string, string>;
}

interface LinkOptions {
  file: string;
  source: string;
  /** The docs instance a doc belongs to (its links go to docs of the same version and locale). */
  instance?: string;
  /** Where a translated doc's original lies, for its relative links to untranslated neighbours. */
  original?: string;
}

interface ResolvedInstance {
  instance: DocsInstance;
  sidebars: Map<string, SidebarNode[]>;
  sidebarUrls: Map<string, string>;
  /** SHA-256 of each sidebar's whole JSON: every view of it is made from what that JSON holds. */
  sidebarDigests: Map<string, string>;
  docById: Map<string, DocEntry>;
  routeOfFile: Map<string, string>;
}

/** The docs of each instance, by `instanceKey`. */
function groupDocs(model: SiteModel): Map<string, DocEntry[]> {
  const groups = new Map<string, DocEntry[]>();
  for (const doc of model.docs) {
    const key = instanceKey(doc.version, doc.locale);
    const group = groups.get(key);
    if (group) group.push(doc);
    else groups.set(key, [doc]);
  }
  return groups;
}

/** A version's first page, as Docusaurus picks it: the doc at its root, else the first of its first sidebar, else its first doc. */
function mainDocOf(resolved: ResolvedInstance, docs: DocEntry[]): string | undefined {
  const root = docs.find((doc) => routeKey(doc.route) === routeKey(resolved.instance.routeBase));
  if (root) return root.route;
  const first = [...resolved.sidebars.values()].map(readingOrder).find((order) => order.length > 0)?.[0];
  return first?.href ?? docs[0]?.route;
}

interface LinkedCode {
  /** The code with each placeholder replaced, made when first asked for. */
  code(): string;
  /** Digest of the compile key and what each link became, when the compile key is known. */
  madeFrom?: string;
  contentLinks: Map<string, MarkdownLink>;
  /** The broken `.md` links found, with where they were filed. */
  problems: { error: DocsiteError; level: ReportLevel }[];
}

/**
 * The route table of the site from its model and compiled pages. A page's code is linked (its
 * `.md` placeholders replaced by routes) only when its module's `code` is read; its links, broken
 * ones and what its code is made from come out at once.
 */
export function createRouteTable(config: ResolvedConfig, model: SiteModel, compiled: Map<string, CompileResult>, options: RouteTableOptions = {}): RouteTable {
  const { api, memo, compileKeys } = options;
  const { site: siteConfig } = config;
  const errors: DocsiteError[] = [];
  const warnings: DocsiteError[] = [];
  const site = siteData(config);
  const delimiter = siteConfig.titleDelimiter;
  const headTitle = (title: string) => (title && title !== site.title ? `${title} ${delimiter} ${site.title}` : site.title);

  const docTitle = (doc: DocEntry) => doc.frontMatter.title ?? compiled.get(doc.source)?.title ?? doc.id.split('/').pop()!;
  const docsOf = groupDocs(model);
  const defaultInstance = model.instances.find((instance) => !instance.locale && instance.version.isLast) ?? model.instances[0];

  /** Each docs instance (a version in a locale) with its own sidebars, docs by id and routes by file. */
  const instances = new Map<string, ResolvedInstance>();
  const sidebarFiles: SidebarFile[] = [];
  const generated: { index: GeneratedIndex; instance: string }[] = [];
  for (const instance of model.instances) {
    const key = instanceKey(instance.version.name, instance.locale);
    const docs = docsOf.get(key) ?? [];
    const resolved = resolveSidebars({
      config: instance.sidebarsFile.config,
      docs: docs.map((doc) => ({
        id: doc.id,
        route: doc.route,
        label: doc.frontMatter.sidebar_label ?? docTitle(doc),
        relativePath: doc.relativePath,
        position: doc.position,
        unlisted: doc.frontMatter.unlisted,
        className: doc.frontMatter.sidebar_class_name,
      })),
      categories: instance.categories,
      routeBase: instance.routeBase,
      file: instance.sidebarsFile.file,
      source: instance.sidebarsFile.source,
      ...(api ? { apiItems: api.sidebar } : {}),
    });
    // The docs folder's sidebars keep their plain names; other versions' and locales' files are told apart by a prefix.
    const prefix = `${instance.locale ? `${instance.locale}-` : ''}${instance.version.name === CURRENT_VERSION ? '' : `version-${instance.version.name}-`}`;
    const urls = new Map<string, string>();
    const digests = new Map<string, string>();
    for (const [name, items] of resolved.sidebars) {
      const json = JSON.stringify({ items: sidebarFull(items) });
      const digest = createHash('sha256').update(json).digest('hex');
      const url = `${siteConfig.baseUrl}_docsite/sidebars/${prefix}${name}-${digest.slice(0, 10)}.json`;
      urls.set(name, url);
      digests.set(name, digest);
      sidebarFiles.push({ name, url, json });
    }
    const routeOfFile = new Map<string, string>();
    for (const doc of docs) {
      routeOfFile.set(doc.absolutePath, doc.route);
      // A translated doc links to its neighbours by relative path, translated or not.
      routeOfFile.set(path.join(instance.docsDir, doc.relativePath), doc.route);
    }
    for (const index of resolved.generated) generated.push({ index, instance: key });
    instances.set(key, { instance, sidebars: resolved.sidebars, sidebarUrls: urls, sidebarDigests: digests, docById: new Map(docs.map((doc) => [doc.id, doc])), routeOfFile });
  }
  const defaultKey = defaultInstance ? instanceKey(defaultInstance.version.name, defaultInstance.locale) : '';
  const versioned = new Set(model.instances.map((instance) => instance.version.name)).size > 1 || model.instances.some((instance) => instance.version.name !== CURRENT_VERSION);
  const localized = model.instances.some((instance) => instance.locale);
  const mainDocs = new Map([...instances].map(([key, resolved]) => [key, mainDocOf(resolved, docsOf.get(key) ?? [])]));
  if (versioned) {
    site.docsVersions = model.instances
      .filter((instance) => !instance.locale)
      .map(({ version }) => ({ name: version.name, label: version.label, href: mainDocs.get(instanceKey(version.name, undefined)) ?? version.routeBase, isLast: version.isLast, banner: version.banner, badge: version.badge }));
    // A site with no config has nowhere to ask for the dropdown: it gets one, as it gets a home page.
    if (!config.configFile && !site.navbar.some((item) => item.dropdown === 'docsVersions')) site.navbar = [...site.navbar, { label: '', href: '', position: 'right', dropdown: 'docsVersions' }];
    // Outside the docs, search looks in the version served at the docs root (the theme swaps in a doc's own).
    const last = site.docsVersions.find((version) => version.isLast) ?? site.docsVersions[0];
    if (site.search?.facetFilters && last) site.search = { ...site.search, facetFilters: site.search.facetFilters.map((filter) => (Array.isArray(filter) ? filter.map((tag) => (tag === `docusaurus_tag:${docsTag(CURRENT_VERSION)}` ? `docusaurus_tag:${docsTag(last.name)}` : tag)) : filter)) };
  }
  if (localized) {
    const defaultVersion = defaultInstance?.version.name;
    site.locale.configs = Object.fromEntries(
      siteConfig.i18n.locales.map((locale) => {
        const own = siteConfig.i18n.localeConfigs[locale];
        const key = instanceKey(defaultVersion, locale === siteConfig.i18n.defaultLocale ? undefined : locale);
        return [locale, { label: own?.label ?? locale, htmlLang: own?.htmlLang ?? locale, direction: own?.direction ?? 'ltr', href: mainDocs.get(key) ?? siteConfig.baseUrl }];
      }),
    );
  }

  /** Markdown links point at files; this maps every linkable file to its route. */
  const routeOfFile = new Map<string, string>();
  for (const page of model.pages) routeOfFile.set(page.absolutePath, page.route);
  const fileRoute = (file: string, instance: string | undefined) => (instance ? instances.get(instance)?.routeOfFile.get(file) : undefined) ?? routeOfFile.get(file) ?? instances.get(defaultKey)?.routeOfFile.get(file);
  /** A `.md` link written in `from` (a page or a partial), read from that file's own folder and version. */
  const markdownRoute = (from: string, target: string): string | undefined => {
    const instance = [...instances].find(([, own]) => isInsideFolder(own.instance.docsDir, from))?.[0];
    const docsDir = (instance ? instances.get(instance)?.instance.docsDir : undefined) ?? model.docsDir;
    const file = target.startsWith('/') ? path.join(config.contentDir, target) : path.resolve(path.dirname(from), target);
    return fileRoute(file, instance) ?? fileRoute(path.join(docsDir, target), instance);
  };

  const routes: RouteEntry[] = [];
  const sidebarViews = new Map<string, SidebarItemView[]>();
  /** The page's sidebar, its view made when read: the last table's view when the sidebar is the same. */
  const sidebarFor = (own: ResolvedInstance, name: string, items: SidebarNode[], route: string): SidebarView => {
    const digest = own.sidebarDigests.get(name)!;
    const key = `${digest}\0${route}`;
    const kept = memo?.sidebarViews.get(key);
    if (kept) sidebarViews.set(key, kept);
    return lazySidebar(name, own.sidebarUrls.get(name)!, key, () => {
      const view = kept ?? namedSidebarSlice(items, route, digest);
      sidebarViews.set(key, view);
      return view;
    });
  };
  const navigationFor = (route: string, frontMatter: DocFrontMatter, key = defaultKey) => {
    const own = instances.get(key);
    if (!own) return { breadcrumbs: [] as NavLink[] };
    const name = frontMatter.displayed_sidebar === null ? undefined : frontMatter.displayed_sidebar ?? [...own.sidebars.keys()].find((sidebar) => sidebarContains(own.sidebars.get(sidebar)!, route));
    const items = name ? own.sidebars.get(name) : undefined;
    if (!name || !items) return { breadcrumbs: [] as NavLink[] };
    const order = readingOrder(items);
    const at = readingPosition(items, route);
    const pick = (id: string | null | undefined, fallback: NavLink | undefined): NavLink | undefined => {
      if (id === null) return undefined;
      if (id === undefined) return fallback;
      const target = own.docById.get(id);
      return target ? { label: target.frontMatter.pagination_label ?? docTitle(target), href: target.route } : fallback;
    };
    return {
      sidebar: sidebarFor(own, name, items, route),
      breadcrumbs: breadcrumbs(items, route),
      prev: pick(frontMatter.pagination_prev, at > 0 ? order[at - 1] : undefined),
      next: pick(frontMatter.pagination_next, at >= 0 && at < order.length - 1 ? order[at + 1] : undefined),
    };
  };

  /** What a doc of a versioned or localized site carries: its version, its counterparts, whether it is indexed. */
  const versionFacts = (doc: DocEntry): Partial<PageData> => {
    if (!versioned && !localized) return {};
    const version = doc.version ?? CURRENT_VERSION;
    const own = instances.get(instanceKey(version, doc.locale))?.instance;
    const versionLinks: Record<string, string> = {};
    const localeLinks: Record<string, string> = {};
    for (const [, other] of instances) {
      const counterpart = other.docById.get(doc.id);
      if (!counterpart) continue;
      if (other.instance.locale === doc.locale) versionLinks[other.instance.version.name] = counterpart.route;
      if (other.instance.version.name === version) localeLinks[other.instance.locale ?? siteConfig.i18n.defaultLocale] = counterpart.route;
    }
    return {
      ...(versioned ? { docsVersion: version, versionLinks } : {}),
      ...(doc.locale ? { locale: doc.locale } : {}),
      ...(localized ? { localeLinks } : {}),
      ...(own?.version.noIndex ? { noIndex: true } : {}),
    };
  };

  // Everything a page's resolved links depend on besides its own compile result.
  const linkSettings = memo
    ? createHash('sha256')
        .update(JSON.stringify([config.contentDir, model.docsDir, siteConfig.onBrokenMarkdownLinks, [...routeOfFile].sort(([a], [b]) => (a < b ? -1 : 1)), [...instances].map(([key, own]) => [key, [...own.routeOfFile].sort(([a], [b]) => (a < b ? -1 : 1))])]))
        .digest('hex')
    : '';
  /** The compiled page's `.md` links turned into routes, its broken ones filed, and its code linked when read. */
  const linkedCode = (result: CompileResult, options: LinkOptions & { compiledAs: string }): LinkedCode => {
    const compileKey = compileKeys?.get(options.compiledAs);
    const key = `${linkSettings}\0${options.file}\0${options.source}\0${options.instance ?? ''}\0${compileKey ?? ''}`;
    let kept = memo?.linked.get(result);
    if (kept?.key !== key) {
      kept = { key, linked: resolveLinks(result, options, compileKey) };
      memo?.linked.set(result, kept);
    }
    for (const problem of kept.linked.problems) fileByLevel(problem.level, problem.error, errors, warnings);
    return kept.linked;
  };
  /** The module of linked code: its `code` is a getter, so making the module reads none. */
  const mdxModule = (linked: LinkedCode, file: string): { type: 'mdx' } & MdxModule => ({
    type: 'mdx',
    get code() {
      return linked.code();
    },
    resolveDir: path.dirname(file),
    ...(linked.madeFrom ? { madeFrom: linked.madeFrom } : {}),
  });
  /**
   * Each `.md` link's route (or, broken, its target as written), filed once for every place the
   * code shows it, in the code's order, as replacing the placeholders one by one would.
   */
  const resolveLinks = (result: CompileResult, options: LinkOptions, compileKey: string | undefined): LinkedCode => {
    const own = options.instance ? instances.get(options.instance) : undefined;
    const docsDir = own?.instance.docsDir ?? model.docsDir;
    const problems: LinkedCode['problems'] = [];
    const contentLinks = new Map<string, MarkdownLink>();
    // A link written twice is reported where it is first.
    for (const link of result.links) if (!contentLinks.has(link.url)) contentLinks.set(link.url, link);
    const count = result.mdLinks.length;
    const uses = count === 0 ? [] : (result.mdLinkUses ?? markdownLinkUses(result.code, count));
    const texts = new Map<number, string>();
    for (const index of uses) {
      const ref = result.mdLinks[index]!;
      const target = ref.target.startsWith('/') ? path.join(config.contentDir, ref.target) : path.resolve(path.dirname(options.file), ref.target);
      // A translated doc sits in another folder than the doc it translates: its links are also read from the original's place.
      const original = options.original && !ref.target.startsWith('/') ? path.resolve(path.dirname(options.original), ref.target) : undefined;
      const found = fileRoute(target, options.instance) ?? (original ? fileRoute(original, options.instance) : undefined) ?? fileRoute(path.join(docsDir, ref.target), options.instance);
      if (!found) {
        const error = new DocsiteError({
          code: 'BROKEN_MARKDOWN_LINK',
          message: `Markdown link to "${ref.target}" does not match any doc or page.`,
          hint: 'Check the relative path from this file, or link to the route instead (e.g. /docs/intro).',
          loc: { file: options.source, line: ref.line, column: ref.column },
        });
        problems.push({ error, level: siteConfig.onBrokenMarkdownLinks });
        // Left as written, hash and all: the link check then finds it broken too, and says where it is.
        const written = ref.hash ? `${ref.target}#${ref.hash}` : ref.target;
        contentLinks.set(written, { url: written, line: ref.line, column: ref.column });
        texts.set(index, JSON.stringify(written).slice(1, -1));
        continue;
      }
      const url = ref.hash ? `${found}#${ref.hash}` : found;
      contentLinks.set(url, { url, line: ref.line, column: ref.column });
      texts.set(index, JSON.stringify(url).slice(1, -1));
    }
    let code: string | undefined;
    const link = () => (uses.length === 0 ? result.code : result.code.replace(MD_LINK_PLACEHOLDER, (whole, index: string) => texts.get(Number(index)) ?? whole));
    return {
      code: () => (code ??= link()),
      // The code is the compile key's, so it and what each placeholder becomes name the linked code.
      ...(compileKey ? { madeFrom: createHash('sha256').update(JSON.stringify([compileKey, [...texts].sort(([a], [b]) => a - b)])).digest('hex') } : {}),
      contentLinks,
      problems,
    };
  };
  const tocOf = (result: CompileResult, fm: DocFrontMatter) => {
    const min = fm.toc_min_heading_level ?? siteConfig.docs.tocMinHeadingLevel;
    const max = fm.toc_max_heading_level ?? siteConfig.docs.tocMaxHeadingLevel;
    return fm.hide_table_of_contents ? [] : result.toc.filter((item) => item.level >= min && item.level <= max);
  };

  /** A doc's "Edit this page" target: its front matter's custom_edit_url (null: none), else editUrl and its path under content/. Docs made from READMEs have no source here. */
  const editUrlOf = (doc: DocEntry): string | undefined => {
    const custom = doc.frontMatter.custom_edit_url;
    if (custom !== undefined) return custom ?? undefined;
    const base = siteConfig.docs.editUrl;
    // A version's docs are edited where they lie (versioned_docs/...); a locale's translations too.
    const onDisk = model.instances.some((instance) => isInsideFolder(instance.docsDir, doc.absolutePath)) || isInsideFolder(path.join(config.contentDir, 'i18n'), doc.absolutePath);
    if (!base || !onDisk) return undefined;
    return `${base.replace(/\/?$/, '/')}${path.relative(config.contentDir, doc.absolutePath).split(path.sep).join('/')}`;
  };

  const addMdx = (options: LinkOptions & { route: string; frontMatter: DocFrontMatter; kind: 'doc' | 'page'; fallbackTitle: string; editUrl?: string; extra?: Partial<PageData> }) => {
    const result = compiled.get(options.source);
    if (!result) return;
    const fm = options.frontMatter;
    const title = fm.title ?? result.title ?? options.fallbackTitle;
    const linked = linkedCode(result, { ...options, compiledAs: options.source });
    const navigation = options.kind === 'doc' ? navigationFor(options.route, fm, options.instance) : { breadcrumbs: [] };
    routes.push({
      route: options.route,
      outFile: routeToFile(options.route),
      source: options.source,
      module: mdxModule(linked, options.file),
      contentLinks: linked.contentLinks,
      page: {
        route: options.route,
        kind: options.kind,
        title,
        headTitle: headTitle(title),
        description: fm.description,
        ...(fm.keywords?.length ? { keywords: fm.keywords } : {}),
        hideTitle: fm.hide_title ?? false,
        contentHasTitle: result.title !== undefined,
        toc: tocOf(result, fm),
        breadcrumbs: navigation.breadcrumbs,
        ...(navigation.sidebar ? { sidebar: navigation.sidebar } : {}),
        ...(navigation.prev ? { prev: navigation.prev } : {}),
        ...(navigation.next ? { next: navigation.next } : {}),
        source: options.source,
        ...(options.editUrl ? { editUrl: options.editUrl } : {}),
        ...(fm.unlisted ? { unlisted: true } : {}),
        ...(fm.wide ? { wide: true } : {}),
        ...options.extra,
      },
    });
  };

  for (const doc of model.docs) {
    const editUrl = editUrlOf(doc);
    const instance = instanceKey(doc.version, doc.locale);
    const docsDir = instances.get(instance)?.instance.docsDir;
    addMdx({
      route: doc.route,
      file: doc.absolutePath,
      source: doc.source,
      instance,
      ...(docsDir && doc.locale ? { original: path.join(docsDir, doc.relativePath) } : {}),
      frontMatter: doc.frontMatter,
      kind: 'doc',
      fallbackTitle: doc.id.split('/').pop()!,
      ...(editUrl ? { editUrl } : {}),
      extra: versionFacts(doc),
    });
  }
  for (const page of model.pages) {
    if (page.kind === 'mdx') {
      addMdx({ route: page.route, file: page.absolutePath, source: page.source, frontMatter: page.frontMatter, kind: 'page', fallbackTitle: site.title });
      continue;
    }
    routes.push({
      route: page.route,
      outFile: routeToFile(page.route),
      source: page.source,
      module: { type: 'tsx', file: page.absolutePath },
      contentLinks: new Map(),
      page: { route: page.route, kind: 'page', title: site.title, headTitle: site.title, hideTitle: true, contentHasTitle: true, toc: [], breadcrumbs: [], source: page.source, wide: true },
    });
  }
  for (const { index, instance } of generated) {
    const version = instances.get(instance)?.instance;
    const extra: Partial<PageData> = { ...(versioned && version ? { docsVersion: version.version.name } : {}), ...(version?.version.noIndex ? { noIndex: true } : {}), ...(version?.locale ? { locale: version.locale } : {}) };
    routes.push(generatedIndexRoute(index, { ...navigationFor(index.route, {}, instance), ...extra }, headTitle));
  }
  const mdxModules: RouteTable['mdxModules'] = [];
  let feed: BlogFeed | undefined;
  if (model.blog) {
    const blog = blogRoutes({
      blog: model.blog,
      options: siteConfig.blog,
      site: { title: site.title, url: siteConfig.url, baseUrl: siteConfig.baseUrl, copyright: siteConfig.footer.copyright },
      titleOf: (post) => compiled.get(post.source)?.title,
      headTitle,
    });
    feed = blog.feed;
    for (const spec of blog.routes) {
      if (spec.kind === 'post') {
        const result = compiled.get(spec.post.source);
        if (!result) continue;
        const linked = linkedCode(result, { file: spec.post.absolutePath, source: spec.post.source, compiledAs: spec.post.source });
        routes.push({
          route: spec.page.route,
          outFile: routeToFile(spec.page.route),
          source: spec.post.source,
          module: mdxModule(linked, spec.post.absolutePath),
          contentLinks: linked.contentLinks,
          page: { ...spec.page, toc: tocOf(result, spec.post.frontMatter) },
        });
        continue;
      }
      const imports = spec.excerpts.map((post) => {
        const result = compiled.get(excerptKey(post));
        if (!result) return 'null';
        const linked = linkedCode(result, { file: post.absolutePath, source: post.source, compiledAs: excerptKey(post) });
        mdxModules.push(mdxModule(linked, post.absolutePath));
        return `docsite:mdx/${mdxModules.length - 1}`;
      });
      const code = [
        "import { jsx } from 'react/jsx-runtime';",
        `import Page from '@theme/blog/${spec.component}';`,
        ...imports.map((specifier, i) => (specifier === 'null' ? `const E${i} = () => null;` : `import E${i} from ${JSON.stringify(specifier)};`)),
        `const view = ${JSON.stringify(spec.view)};`,
        `const excerpts = [${imports.map((_, i) => `E${i}`).join(', ')}];`,
        'export default function BlogPage() {',
        '  return jsx(Page, { view, excerpts });',
        '}',
      ].join('\n');
      routes.push(codeRoute(spec.page, code));
    }
  }
  for (const page of api?.pages ?? []) routes.push(apiRoute(page, navigationFor(page.route, {}), headTitle));
  const home = `${siteConfig.baseUrl}`;
  if (!routes.some((entry) => entry.route === home)) {
    const sidebars = instances.get(defaultKey)?.sidebars ?? new Map<string, SidebarNode[]>();
    const first = [...sidebars.values()].map(readingOrder).find((order) => order.length > 0)?.[0] ?? (model.docs[0] ? { label: docTitle(model.docs[0]), href: model.docs[0].route } : undefined);
    if (first) routes.push(defaultHomeRoute(home, site, first));
  }
  const searchPage = site.search?.searchPage;
  if (searchPage && !routes.some((entry) => entry.route === searchPage)) routes.push(searchRoute(searchPage, site));
  routes.push(notFoundRoute(site), badPathRoute(site));
  errors.push(...unsafeRouteErrors(routes));

  const unique = dropDuplicates(routes, siteConfig.onDuplicateRoutes, errors, warnings);
  unique.sort((a, b) => a.route.localeCompare(b.route));
  const configName = config.configFile ? path.relative(config.siteDir, config.configFile) : 'site config';
  const redirects = redirectPages(siteConfig, unique.map((entry) => entry.route), configName);
  errors.push(...redirects.errors);
  if (memo) memo.sidebarViews = sidebarViews;
  return { routes: unique, sidebarFiles, redirects: redirects.pages, mdxModules, markdownRoute, ...(feed ? { feed } : {}), site, errors, warnings };
}

function generatedIndexRoute(index: GeneratedIndex, navigation: Partial<PageData> & { breadcrumbs: NavLink[] }, headTitle: (title: string) => string): RouteEntry {
  const code = [
    "import { jsx, jsxs } from 'react/jsx-runtime';",
    `const data = ${JSON.stringify({ title: index.title, description: index.description ?? '', items: index.items })};`,
    'export default function GeneratedIndex() {',
    "  return jsxs('div', { className: 'generated-index', children: [",
    "    jsx('h1', { children: data.title }),",
    "    data.description ? jsx('p', { children: data.description }) : null,",
    "    jsx('ul', { className: 'generated-index__list', children: data.items.map((item) => jsx('li', { children: jsx('a', { className: 'generated-index__card', href: item.href, children: item.label }) }, item.href)) }),",
    '  ] });',
    '}',
  ].join('\n');
  return codeRoute({
    route: index.route,
    kind: 'doc',
    title: index.title,
    headTitle: headTitle(index.title),
    description: index.description,
    hideTitle: false,
    contentHasTitle: true,
    toc: [],
    ...navigation,
  }, code);
}

/** An API reference page: the theme's ApiPage component with the page's view. */
/** The code of each API page, made once per page object: the dev server's route table is made again at every edit, and API views are large. */
const apiPageCode = new WeakMap<ApiPage, string>();

function apiRoute(page: ApiPage, navigation: { sidebar?: PageData['sidebar']; breadcrumbs: NavLink[]; prev?: NavLink; next?: NavLink }, headTitle: (title: string) => string): RouteEntry {
  const code = apiPageCode.get(page) ?? [
    "import { jsx } from 'react/jsx-runtime';",
    "import ApiPage from '@theme/api/ApiPage';",
    `const view = ${JSON.stringify(page.view)};`,
    'export default function ApiReferencePage() {',
    '  return jsx(ApiPage, { view });',
    '}',
  ].join('\n');
  apiPageCode.set(page, code);
  return codeRoute({
    route: page.route,
    kind: 'doc',
    title: page.title,
    headTitle: headTitle(page.title),
    ...(page.description ? { description: page.description } : {}),
    hideTitle: false,
    contentHasTitle: true,
    toc: page.toc,
    ...navigation,
  }, code);
}

/** A site without a home page still gets one: its title and tagline and the way into the docs. */
function defaultHomeRoute(route: string, site: SiteData, first: NavLink): RouteEntry {
  const code = [
    "import { jsx, jsxs } from 'react/jsx-runtime';",
    `const data = ${JSON.stringify({ title: site.title, tagline: site.tagline, href: first.href })};`,
    'export default function DefaultHome() {',
    "  return jsxs('div', { className: 'default-home', children: [",
    "    jsx('h1', { children: data.title }),",
    "    data.tagline ? jsx('p', { children: data.tagline }) : null,",
    "    jsx('p', { children: jsx('a', { className: 'button button--primary', href: data.href, children: 'Read the docs' }) }),",
    '  ] });',
    '}',
  ].join('\n');
  return codeRoute({ route, kind: 'page', title: site.title, headTitle: site.title, hideTitle: true, contentHasTitle: true, toc: [], breadcrumbs: [] }, code);
}

/** The search page (`/search?q=...`): the query comes from the address, so the page is the same for every query. */
function searchRoute(route: string, site: SiteData): RouteEntry {
  const code = [
    "import { jsx } from 'react/jsx-runtime';",
    "import SearchPage from '@theme/search/SearchPage';",
    `const props = ${JSON.stringify({ search: site.search, siteUrl: site.url })};`,
    'export default function SearchContent() {',
    '  return jsx(SearchPage, props);',
    '}',
  ].join('\n');
  const title = 'Search the documentation';
  return codeRoute({ route, kind: 'page', title, headTitle: `${title} | ${site.title}`, hideTitle: true, contentHasTitle: true, toc: [], breadcrumbs: [] }, code);
}

/** The page both servers answer with, status 400, when a path's percent-encoding is broken (spec 8). */
function badPathRoute(site: SiteData): RouteEntry {
  return codeRoute(
    { route: BAD_PATH_ROUTE, kind: 'notFound', status: 400, title: 'Pathname could not be decoded', headTitle: `Pathname could not be decoded | ${site.title}`, hideTitle: true, contentHasTitle: true, toc: [], breadcrumbs: [] },
    'export default function BadPathContent() { return null; }',
  );
}

function notFoundRoute(site: SiteData): RouteEntry {
  return codeRoute(
    { route: NOT_FOUND_ROUTE, kind: 'notFound', title: 'Page Not Found', headTitle: `Page Not Found | ${site.title}`, hideTitle: true, contentHasTitle: true, toc: [], breadcrumbs: [] },
    'export default function NotFoundContent() { return null; }',
  );
}

/**
 * A route whose content module is generated code (an index, an API page, a blog list, ...). Its
 * imports are docsite's own (the theme, React), resolved from the theme's folder: from the folder
 * the command ran in, as before, the modules pages share were named differently from one folder to
 * the next, so a build run from elsewhere made the shared bundle and every page again.
 */
function codeRoute(page: PageData, code: string): RouteEntry {
  return { route: page.route, outFile: routeToFile(page.route), module: { type: 'code', code, resolveDir: docsiteLocations().themeDir }, contentLinks: new Map(), page };
}

/**
 * Two routes that would write one output file, filed as `onDuplicateRoutes` says: the first keeps
 * it and the other is left out, so that one page is made per file. Content files were checked when
 * the site was scanned (collisions.ts); this catches what is generated here (blog lists, API pages).
 */
function dropDuplicates(routes: RouteEntry[], level: ReportLevel, errors: DocsiteError[], warnings: DocsiteError[]): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  const kept: RouteEntry[] = [];
  for (const entry of routes) {
    const first = seen.get(entry.outFile);
    if (!first) {
      seen.set(entry.outFile, entry);
      kept.push(entry);
      continue;
    }
    const source = entry.source ?? first.source;
    fileByLevel(
      level,
      new DocsiteError({
        code: 'DUPLICATE_ROUTE',
        message: `Duplicate route ${entry.route}: ${entry.source ?? 'a generated page'} and ${first.source ?? 'a generated page'} both make it${level === 'throw' ? '' : `; ${first.source ?? 'the generated page'} keeps it`}.`,
        hint: 'Give one of them a different slug in its frontmatter.',
        ...(source ? { loc: { file: source } } : {}),
      }),
      errors,
      warnings,
    );
  }
  return kept;
}

export function siteData(config: ResolvedConfig): SiteData {
  const s = config.site;
  const locale = s.i18n.defaultLocale;
  const localeConfig = s.i18n.localeConfigs[locale];
  return {
    title: s.title,
    tagline: s.tagline,
    url: s.url.replace(/\/+$/, ''),
    baseUrl: s.baseUrl,
    favicon: s.favicon ? `${s.baseUrl}${s.favicon.replace(/^\//, '')}` : '',
    ...(s.image ? { image: withBase(s.baseUrl, s.image) } : {}),
    ...(s.logo ? { logo: { alt: s.logo.alt, src: withBase(s.baseUrl, s.logo.src), ...(s.logo.srcDark ? { srcDark: withBase(s.baseUrl, s.logo.srcDark) } : {}) } } : {}),
    ...(s.navbar.hideOnScroll ? { navbarHideOnScroll: true } : {}),
    navbar: s.navbar.items.map((item) => ('type' in item ? {
      // Filled by the theme from the versions and locales the route table settles.
      label: '',
      href: '',
      position: item.position,
      dropdown: item.type === 'docsVersionDropdown' ? ('docsVersions' as const) : ('locales' as const),
    } : {
      label: item.label,
      href: item.href ?? withBase(s.baseUrl, item.to!),
      position: item.position,
      ...(item.href ? { external: true } : {}),
      ...(item.activeBasePath ? { activeBasePath: withBase(s.baseUrl, item.activeBasePath) } : item.to ? { activeBasePath: withBase(s.baseUrl, item.to) } : {}),
      ...(item.ariaLabel ? { ariaLabel: item.ariaLabel } : {}),
    })),
    footer: {
      columns: s.footer.columns.map((column) => ({ title: column.title, items: column.items.map((item) => ({ label: item.label, href: item.href ?? withBase(s.baseUrl, item.to!) })) })),
      copyright: s.footer.copyright,
      ...(s.footer.logo
        ? {
            logo: {
              ...s.footer.logo,
              src: withBase(s.baseUrl, s.footer.logo.src),
              ...(s.footer.logo.href ? { href: withBase(s.baseUrl, s.footer.logo.href) } : {}),
            },
          }
        : {}),
    },
    locale: {
      defaultLocale: locale,
      locales: s.i18n.locales,
      direction: localeConfig?.direction ?? 'ltr',
      htmlLang: localeConfig?.htmlLang ?? locale,
    },
    manifest: `${s.baseUrl}_docsite/routes.json`,
    search: searchData(config),
    ...(s.serviceWorker ? { serviceWorker: `${s.baseUrl}sw.js` } : {}),
    colorMode: s.colorMode,
    ...(s.announcementBar ? { announcementBar: s.announcementBar } : {}),
    ...(s.gtag ? { gtag: s.gtag } : {}),
    ...(Object.keys(s.customFields).length > 0 ? { customFields: s.customFields } : {}),
  };
}

function searchData(config: ResolvedConfig): SearchSiteData {
  const { search, baseUrl } = config.site;
  const { algolia } = search;
  return {
    provider: algolia ? 'algolia' : 'local',
    indexName: algolia ? algolia.indexName : `local:${baseUrl}`,
    placeholder: search.placeholder,
    ...(search.searchPagePath ? { searchPage: `${baseUrl}${search.searchPagePath}` } : {}),
    ...(search.missingResultsUrl ? { missingResultsUrl: search.missingResultsUrl } : {}),
    // The site has one docs version and one language: every page searches the same ones.
    ...((algolia?.contextualSearch ?? search.contextualSearch) ? { facetFilters: [`language:${config.site.i18n.defaultLocale}`, ['docusaurus_tag:default', `docusaurus_tag:${docsTag(CURRENT_VERSION)}`]] } : {}),
    css: `${baseUrl}${SEARCH_MODAL_CSS_FILE}`,
    ...(algolia
      ? { algolia: { appId: algolia.appId, apiKey: algolia.apiKey, searchParameters: algolia.searchParameters, insights: algolia.insights, ...(algolia.hosts ? { hosts: algolia.hosts } : {}) } }
      : { local: { index: `${baseUrl}${SEARCH_INDEX_FILE}`, worker: `${baseUrl}${SEARCH_WORKER_FILE}` } }),
  };
}

