/**
 * The route table: every URL of the site with its page data, its module and its links, the one
 * truth later stages read. This file assembles it from the parts beside it and names its public API.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { DocsiteError, fileByLevel } from '../../core/errors';
import { readingOrder } from '../../core/navigation';
import type { SidebarNode } from '../../core/sidebars';
import type { ReportLevel } from '../../config/schema';
import type { CompileResult } from '../../mdx';
import { unsafeRouteErrors } from '../../content/route-safety';
import { applyTrailingSlash, fileUnderBase, routeToFile, type SlashPolicy } from '../../core/paths';
import { blogsOf } from '../../blog/instances';
import type { SiteModel } from '../scan/site-model';
import { blogPages } from './blog-pages';
import { contentRoutes, generatedIndexRoutes } from './content-pages';
import { docTagRoutes } from './doc-tags';
import { routeContext, type RouteContext } from './context';
import { resolveDocsInstances, type DocsInstances } from './docs-instances';
import { BAD_PATH_ROUTE, NOT_FOUND_ROUTE, apiRoute, badPathRoute, defaultHomeRoute, notFoundRoute, searchRoute } from './generated-pages';
import { createLinker } from './markdown-links';
import { resolveNavbarDocItems } from './navbar-docs';
import { createNavigator } from './navigation';
import { pluginRoutes } from './plugin-routes';
import { redirectPages } from './redirects';
import type { MdxModule, RouteEntry, RouteTable, RouteTableMemo, RouteTableOptions } from './types';
import { addVersionsAndLocales } from './versions-locales';
import { addLocalizedSites } from './locale-site';
import { localeBaseUrl } from '../../content/locales';
import { instanceKey } from '../../core/versions';

export type { MdxModule, RouteEntry, RouteModule, RouteTable, RouteTableMemo, RouteTableOptions, SidebarFile } from './types';
export { BAD_PATH_ROUTE, NOT_FOUND_ROUTE } from './generated-pages';
export { siteData } from './site-data';

export const createRouteTableMemo = (): RouteTableMemo => ({ linked: new WeakMap(), sidebarViews: new Map() });

/**
 * The route table of the site from its model and compiled pages: docs and pages, the index pages
 * sidebars generate, the blog, the API reference, then the pages every site has. A page's code is
 * linked (its `.md` placeholders replaced by routes) only when its module's `code` is read.
 */
export function createRouteTable(config: ResolvedConfig, model: SiteModel, compiled: Map<string, CompileResult>, options: RouteTableOptions = {}): RouteTable {
  const ctx = routeContext(config, model, compiled, options.history);
  const docs = resolveDocsInstances(ctx, options.api);
  addVersionsAndLocales(ctx, docs);
  resolveNavbarDocItems(ctx, docs);
  addLocalizedSites(ctx);
  const navigator = createNavigator(ctx, docs, options.memo);
  const linker = createLinker(ctx, docs, options);

  const routes = [
    ...contentRoutes(ctx, docs, navigator, linker),
    ...generatedIndexRoutes(ctx, docs, navigator),
    ...docTagRoutes(ctx, docs),
    ...pluginRoutes(ctx),
  ];
  const mdxModules: MdxModule[] = [];
  const blogs = blogsOf(model).map((blog) => blogPages(ctx, blog, linker, mdxModules));
  for (const blog of blogs) routes.push(...blog.routes);
  for (const page of options.api?.pages ?? []) routes.push(apiRoute(page, navigator.navigationFor(page.route, {}), ctx.headTitle));
  routes.push(...siteWidePages(ctx, docs, routes));
  settleRoutes(routes, config.site);
  for (const entry of routes) entry.outFile = fileUnderBase(entry.outFile, config.site.baseUrl);
  ctx.errors.push(...unsafeRouteErrors(routes));
  ctx.warnings.push(...ctx.lastUpdates.warnings());

  const unique = dropDuplicates(routes, config.site.onDuplicateRoutes, ctx);
  unique.sort((a, b) => a.route.localeCompare(b.route));
  const configName = config.configFile ? path.relative(config.siteDir, config.configFile) : 'site config';
  const redirects = redirectPages(
    config.site,
    unique.map((entry) => entry.route),
    configName,
    // The client-redirects plugin's redirects are made from the pages a visitor navigates to, not the status pages.
    {
      rules: config.plugins?.routeRedirects ?? [],
      routes: unique.map((entry) => entry.route).filter((route) => route !== NOT_FOUND_ROUTE && route !== BAD_PATH_ROUTE),
    },
  );
  ctx.errors.push(...redirects.errors);
  if (options.memo) options.memo.sidebarViews = navigator.sidebarViews;
  return {
    routes: unique,
    sidebarFiles: docs.sidebarFiles,
    redirects: redirects.pages.map((page) => ({ ...page, outFile: fileUnderBase(page.outFile, config.site.baseUrl) })),
    mdxModules,
    markdownRoute: linker.markdownRoute,
    feeds: blogs.flatMap((blog) => (blog.feed ? [blog.feed] : [])),
    site: ctx.site,
    errors: ctx.errors,
    warnings: ctx.warnings,
  };
}

/** A route's path as Docusaurus's router has it: a plugin's as given; a page of a folder's index file (`pages/x/index.tsx`) ends in a slash. */
function routerPathOf(entry: RouteEntry): string {
  if (entry.routerPath !== undefined) return entry.routerPath;
  return entry.source && entry.route !== '/' && /(^|\/)index\.(mdx?|[jt]sx?)$/.test(entry.source) ? `${entry.route.replace(/\/$/, '')}/` : entry.route;
}

/**
 * Each route ended as the site's `trailingSlash` says and written to the file it names then. Docs,
 * pages, the blog and generated indexes are made so; this settles the rest (the site's plugins'
 * routes, the API reference) the same way.
 */
function settleRoutes(routes: RouteEntry[], site: SlashPolicy): void {
  if (site.trailingSlash === undefined) return;
  for (const entry of routes) {
    const route = applyTrailingSlash(entry.route, site);
    if (route === entry.route && entry.outFile === routeToFile(route, site.trailingSlash)) continue;
    entry.route = route;
    entry.page = { ...entry.page, route };
    entry.outFile = routeToFile(route, site.trailingSlash);
  }
}

/** The pages every site has unless it made its own: a home page into the docs, the search page (when it has search); and the status pages. */
function siteWidePages(ctx: RouteContext, docs: DocsInstances, routes: RouteEntry[]): RouteEntry[] {
  const { site, model } = ctx;
  const pages: RouteEntry[] = [];
  const { i18n } = ctx.config.site;
  const defaultVersion = docs.byKey.get(docs.defaultKey)?.instance.version.name;
  // Each locale's home, into its own docs, as the navbar's title leads there.
  for (const locale of i18n.locales) {
    const home = localeBaseUrl(ctx.config.site, locale);
    const own = locale === i18n.defaultLocale ? undefined : locale;
    if (routes.some((entry) => entry.route === home)) continue;
    const sidebars = docs.byKey.get(own ? instanceKey(defaultVersion, own) : docs.defaultKey)?.sidebars ?? new Map<string, SidebarNode[]>();
    const firstDoc = own ? model.docs.find((doc) => doc.locale === own && !doc.pluginId) : model.docs[0];
    const first =
      [...sidebars.values()].map(readingOrder).find((order) => order.length > 0)?.[0] ??
      (firstDoc ? { label: ctx.docTitle(firstDoc), href: firstDoc.route } : undefined);
    if (first) pages.push(defaultHomeRoute(home, site, first, own));
  }
  const searchPage = site.search?.searchPage;
  if (searchPage && !routes.some((entry) => entry.route === searchPage)) pages.push(searchRoute(searchPage, site));
  pages.push(notFoundRoute(site));
  // docsite's own sites answer a broken path with a page in their chrome; Docusaurus writes none,
  // and the servers answer a Docusaurus site's with plain text.
  if (ctx.config.layout.kind === 'docsite') pages.push(badPathRoute(site));
  for (const locale of i18n.locales.filter((name) => name !== i18n.defaultLocale))
    pages.push(notFoundRoute(site, { locale, route: `${localeBaseUrl(ctx.config.site, locale)}404.html` }));
  return pages;
}

/**
 * Two routes that would write one output file, filed as `onDuplicateRoutes` says: the first keeps
 * it and the other is left out, so that one page is made per file. Content files were checked when
 * the site was scanned (collisions.ts); this catches what is generated here (blog lists, API pages).
 */
function dropDuplicates(routes: RouteEntry[], level: ReportLevel, { errors, warnings }: Pick<RouteContext, 'errors' | 'warnings'>): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  const kept: RouteEntry[] = [];
  for (const entry of routes) {
    const first = seen.get(entry.outFile);
    if (!first) {
      seen.set(entry.outFile, entry);
      kept.push(entry);
      continue;
    }
    // Docusaurus's router tells `/x` from a folder index's `/x/`: no clash there, and `/x`, sorted
    // first, is the page both URLs show.
    const [firstPath, entryPath] = [routerPathOf(first), routerPathOf(entry)];
    if (firstPath !== entryPath) {
      if (entryPath.localeCompare(firstPath) < 0) {
        seen.set(entry.outFile, entry);
        kept[kept.indexOf(first)] = entry;
      }
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
