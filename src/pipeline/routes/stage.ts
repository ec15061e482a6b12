/** The routes stage: the route table (every page's URL, data, sidebar and links) and what the bundles are made from. */
import path from 'node:path';
import { routeKey } from '../../core/paths';
import { productOf, type Pass } from '../pass';
import { renderFeeds } from '../../blog/feeds';
import type { Body } from '../../infra/body';
import { readGitHistory } from '../../infra/git-history';
import { lastUpdateFolders } from './last-update';
import { createRouteTable, type RouteEntry, type RouteTable } from './routes';
import { ROBOTS_FILE, SITEMAP_FILE, robotsTxt, sitemapXml } from './sitemap';

export async function routesStage(pass: Pass): Promise<void | false> {
  const { graph, config, model, scope } = pass;
  const compiled = productOf(pass, 'compiled');
  const api = pass.products.api;
  // git is asked only when a section shows last updates; one `git log` for all of its folders.
  const folders = lastUpdateFolders(config, model);
  const history = folders.length > 0 ? await readGitHistory(config.siteDir, folders) : undefined;
  const table = createRouteTable(config, model, compiled.results, {
    ...(history ? { history } : {}),
    ...(api || config.site.apiDocs ? { api: api ?? { pages: [], sidebar: [] } } : {}),
    memo: scope.kept.routeMemo,
    compileKeys: compiled.keys,
  });
  pass.errors.push(...table.errors);
  const only = scope.only;
  const routes = only ? table.routes.filter((entry) => only.has(routeKey(entry.route))) : table.routes;
  if (only && routes.length === 0) return false;
  pass.products.routes = {
    table,
    routes,
    files: await routeFiles(pass, table, routes),
    input: {
      routes,
      site: table.site,
      siteDir: config.siteDir,
      locations: graph.locations,
      titleDelimiter: config.site.titleDelimiter,
      customCss: config.site.customCss.map((file) => path.resolve(config.siteDir, file)),
      clientModules: config.site.clientModules.map((file) => path.resolve(config.siteDir, file)),
      infima: config.site.infima,
      staticDir: config.layout.staticDir,
      mdxModules: table.mdxModules,
      mdxImports: graph.memory.mdxImportsFor(config, graph.pool),
      markdownRoute: table.markdownRoute,
      dev: graph.dev,
    },
  };
}

/** The files the route table makes besides pages: sidebars, and for the whole site redirects, feeds, the sitemap and robots.txt. */
async function routeFiles(pass: Pass, table: RouteTable, routes: RouteEntry[]): Promise<{ sidebars: Map<string, Body>; site: Map<string, Body> }> {
  const { config, model, scope } = pass;
  const sidebars = new Map<string, Body>();
  for (const sidebar of table.sidebarFiles) sidebars.set(sidebar.url.slice(config.site.baseUrl.length), sidebar.json);
  const files = new Map<string, Body>();
  if (scope.only) return { sidebars, site: files };
  for (const redirect of table.redirects) files.set(redirect.outFile, redirect.html);
  for (const feed of table.feeds) for (const [file, contents] of await renderFeeds(feed)) files.set(file, contents);
  // What search engines are told, unless the site ships its own file of that name.
  if (!model.staticFiles.includes(SITEMAP_FILE)) files.set(SITEMAP_FILE, sitemapXml(table.site, routes));
  if (!model.staticFiles.includes(ROBOTS_FILE)) files.set(ROBOTS_FILE, robotsTxt(table.site));
  return { sidebars, site: files };
}
