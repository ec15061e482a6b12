/**
 * The routes of what content/ holds: each doc and page with its page data (title, table of
 * contents, navigation, edit link, version facts), and the index pages its sidebars generate.
 */
import path from 'node:path';
import type { DocsEditUrlParams } from '../../config/schema';
import type { DocEntry } from '../../content/docs';
import type { DocFrontMatter } from '../../content/frontmatter';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder, routeToFile } from '../../core/paths';
import { instanceKey } from '../../core/versions';
import type { CompileResult } from '../../mdx';
import type { PageData, TocItem } from '../../shared/types';
import type { RouteContext } from './context';
import { docsSettingsOf, isVersioned, type DocsInstances } from './docs-instances';
import { generatedIndexRoute } from './generated-pages';
import { mdxModule, type Linker, type LinkOptions } from './markdown-links';
import type { Navigator } from './navigation';
import type { RouteEntry } from './types';
import { versionFacts } from './versions-locales';
import { docTagsOf } from './doc-tags';
import { localeBaseUrl } from '../../content/locales';
import type { PageEntry } from '../scan/site-model';

/** The routes of every doc, then of every page (MDX or React), in the site model's order. */
export function contentRoutes(ctx: RouteContext, docs: DocsInstances, navigator: Navigator, linker: Linker): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const add = (entry: RouteEntry | undefined) => entry && routes.push(entry);
  for (const doc of ctx.model.docs) {
    const instance = instanceKey(doc.version, doc.locale, doc.pluginId);
    const docsDir = docs.byKey.get(instance)?.instance.docsDir;
    const editUrl = editUrlOf(ctx, doc, docsDir);
    const routeBase = docs.byKey.get(instance)?.instance.routeBase;
    const tags = routeBase === undefined ? [] : docTagsOf(ctx, routeBase, doc.pluginId, doc.frontMatter);
    add(
      mdxRoute(ctx, navigator, linker, {
        route: doc.route,
        file: doc.absolutePath,
        source: doc.source,
        instance,
        ...(docsDir && doc.locale ? { original: path.join(docsDir, doc.relativePath) } : {}),
        frontMatter: doc.frontMatter,
        kind: 'doc',
        fallbackTitle: doc.id.split('/').pop()!,
        ...(editUrl ? { editUrl } : {}),
        extra: {
          ...ctx.lastUpdates.of('docs', doc.absolutePath, doc.frontMatter, doc.locale),
          ...versionFacts(ctx, docs, doc),
          ...(doc.pluginId ? { docsPluginId: doc.pluginId } : {}),
          ...(tags.length > 0 ? { tags } : {}),
        },
      }),
    );
  }
  for (const page of ctx.model.pages) {
    if (page.kind === 'mdx') {
      add(
        mdxRoute(ctx, navigator, linker, {
          route: page.route,
          file: page.absolutePath,
          source: page.source,
          frontMatter: page.frontMatter,
          kind: 'page',
          fallbackTitle: ctx.site.title,
          extra: pageLocaleFacts(ctx, page),
        }),
      );
      continue;
    }
    routes.push({
      route: page.route,
      outFile: routeToFile(page.route),
      source: page.source,
      module: { type: 'tsx', file: page.absolutePath },
      contentLinks: new Map(),
      page: { ...reactPageData(ctx, page.route, page.source), ...pageLocaleFacts(ctx, page) },
    });
  }
  return routes;
}

/** A page's locale and its address in each locale, on a site with several (every page is built in each). */
function pageLocaleFacts(ctx: RouteContext, page: PageEntry): Partial<PageData> {
  const { config } = ctx;
  const { locales } = config.site.i18n;
  if (locales.length < 2) return {};
  const rest = page.route.slice(localeBaseUrl(config.site, page.locale ?? config.site.i18n.defaultLocale).length);
  return {
    ...(page.locale ? { locale: page.locale } : {}),
    localeLinks: Object.fromEntries(locales.map((locale) => [locale, `${localeBaseUrl(config.site, locale)}${rest}`])),
  };
}

/** The index pages sidebars generate, each with its instance's navigation and version. */
export function generatedIndexRoutes(ctx: RouteContext, docs: DocsInstances, navigator: Navigator): RouteEntry[] {
  return docs.generated.map(({ index, instance }) => {
    const version = docs.byKey.get(instance)?.instance;
    const extra: Partial<PageData> = {
      ...(version && isVersioned(docs, version.pluginId) ? { docsVersion: version.version.name } : {}),
      ...(version?.pluginId ? { docsPluginId: version.pluginId } : {}),
      ...(version?.version.noIndex ? { noIndex: true } : {}),
      ...(version?.locale ? { locale: version.locale } : {}),
    };
    return generatedIndexRoute(index, { ...navigator.navigationFor(index.route, {}, instance), ...extra }, ctx.headTitle);
  });
}

interface MdxRouteOptions extends LinkOptions {
  route: string;
  frontMatter: DocFrontMatter;
  kind: 'doc' | 'page';
  fallbackTitle: string;
  editUrl?: string;
  /** Page data to add last (a doc's version facts). */
  extra?: Partial<PageData>;
}

/** The route of a compiled doc or MDX page with its page data; none when the file did not compile. */
function mdxRoute(ctx: RouteContext, navigator: Navigator, linker: Linker, options: MdxRouteOptions): RouteEntry | undefined {
  const result = ctx.compiled.get(options.source);
  if (!result) return undefined;
  const fm = options.frontMatter;
  const title = fm.title ?? result.title ?? options.fallbackTitle;
  const linked = linker.linkedCode(result, { ...options, compiledAs: options.source });
  const navigation = options.kind === 'doc' ? navigator.navigationFor(options.route, fm, options.instance) : { breadcrumbs: [] };
  return {
    route: options.route,
    outFile: routeToFile(options.route),
    source: options.source,
    module: mdxModule(linked, options.file),
    contentLinks: linked.contentLinks,
    page: {
      route: options.route,
      kind: options.kind,
      title,
      headTitle: ctx.headTitle(title),
      description: fm.description,
      ...(fm.keywords?.length ? { keywords: fm.keywords } : {}),
      hideTitle: fm.hide_title ?? false,
      contentHasTitle: result.title !== undefined,
      toc: tocOf(ctx, result, fm),
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
  };
}

/** The headings a page's table of contents shows: those between the front matter's (or the site's) levels, none when hidden. */
export function tocOf(ctx: RouteContext, result: CompileResult, fm: DocFrontMatter): TocItem[] {
  const { docs } = ctx.config.site;
  const min = fm.toc_min_heading_level ?? docs.tocMinHeadingLevel;
  const max = fm.toc_max_heading_level ?? docs.tocMaxHeadingLevel;
  return fm.hide_table_of_contents ? [] : result.toc.filter((item) => item.level >= min && item.level <= max);
}

/**
 * A doc's "Edit this page" target: its front matter's custom_edit_url (null: none), else what the
 * docs' editUrl makes of it (a base URL followed by its path under the content folder, or what the
 * function returns). Docs made from READMEs have no source here.
 */
function editUrlOf(ctx: RouteContext, doc: DocEntry, versionDir: string | undefined): string | undefined {
  const { config, model } = ctx;
  const custom = doc.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom ?? undefined;
  const settings = docsSettingsOf(ctx, doc.pluginId);
  const { editUrl, editCurrentVersion } = settings;
  // Another docs set's folder is its `path`; the main docs' is where the scan found them.
  const docsFolder = 'id' in settings ? path.join(config.contentDir, settings.path) : model.docsDir;
  // A version's docs are edited where they lie (versioned_docs/...); a locale's translations too.
  const onDisk =
    model.instances.some((instance) => isInsideFolder(instance.docsDir, doc.absolutePath)) ||
    isInsideFolder(path.join(config.contentDir, 'i18n'), doc.absolutePath);
  if (!editUrl || !onDisk) return undefined;
  if (typeof editUrl === 'function') {
    const params: DocsEditUrlParams = {
      version: doc.version ?? 'current',
      versionDocsDirPath: contentPath(config.contentDir, versionDir ?? docsFolder),
      docPath: doc.relativePath.split(path.sep).join('/'),
      permalink: doc.route,
      locale: doc.locale ?? config.site.i18n.defaultLocale,
    };
    return callEditUrl(ctx, 'docs', doc.source, () => editUrl(params));
  }
  // editCurrentVersion: an older version's doc is edited in the docs folder, where its next version is written.
  const current = editCurrentVersion && doc.version !== undefined && doc.version !== 'current';
  return editLink(editUrl, config.contentDir, current ? path.join(docsFolder, doc.relativePath) : doc.absolutePath);
}

/** A path under the content folder, with `/`. */
export function contentPath(contentDir: string, file: string): string {
  return path.relative(contentDir, file).split(path.sep).join('/');
}

/** What a section's editUrl function returns for a page: its URL, or none; a throw or a value other than a string is an error of the page. */
export function callEditUrl(ctx: RouteContext, section: 'docs' | 'blog', source: string, call: () => unknown): string | undefined {
  let url: unknown;
  try {
    url = call();
  } catch (error) {
    ctx.errors.push(
      new DocsiteError({
        code: 'EDIT_URL_FAILED',
        message: `The ${section} editUrl function threw on ${source}: ${(error as Error)?.message ?? String(error)}`,
        loc: { file: source },
        cause: error,
      }),
    );
    return undefined;
  }
  if (url === undefined || typeof url === 'string') return url || undefined;
  ctx.errors.push(
    new DocsiteError({
      code: 'EDIT_URL_FAILED',
      message: `The ${section} editUrl function returned ${url === null ? 'null' : typeof url} for ${source}, not a URL.`,
      hint: 'Return the URL as a string, or undefined for a page without an edit link.',
      loc: { file: source },
    }),
  );
  return undefined;
}

/** An "Edit this page" URL: the configured base followed by the file's path under the content folder. */
export function editLink(base: string, contentDir: string, file: string): string {
  return `${base.replace(/\/?$/, '/')}${contentPath(contentDir, file)}`;
}

/** The page data of a page a React component renders whole (a site's TSX page, a plugin's route): the component draws its own title. */
export function reactPageData(ctx: RouteContext, route: string, source?: string): PageData {
  return {
    route,
    kind: 'page',
    title: ctx.site.title,
    headTitle: ctx.site.title,
    hideTitle: true,
    contentHasTitle: true,
    toc: [],
    breadcrumbs: [],
    ...(source === undefined ? {} : { source }),
    wide: true,
  };
}
