/**
 * The link stage: each page chunk linked into the shared bundle, and what rendering a page takes
 * (its assets, its Node module, its render key), with every output file but the pages' HTML.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { routeKey } from '../../core/paths';
import { digestOf } from '../../infra/digest';
import { retainFiles } from '../../infra/folder';
import type { DocumentAssets } from '../../render/document';
import type { RouteEntry } from '../routes/routes';
import type { PageNode, SiteState } from '../site-state';
import { productOf, workDirOf, type Pass } from '../pass';
import { localeImportOf } from '../../shared/locale-module';
import { keepLinkMemo, linkId, linkInto, linkMemoFor, writeServerChunk } from './link';

export async function linkStage(pass: Pass): Promise<void> {
  const { graph, config, model, scope, store } = pass;
  const pageModulesDir = path.join(workDirOf(graph, config), scope.modulesDir);
  const { kept, only } = scope;
  const { table, routes, files: routeFiles } = productOf(pass, 'routes');
  const { chunks, names, sourceDigests, built } = productOf(pass, 'chunks');
  const { bundle: current, built: sharedBuilt } = productOf(pass, 'shared');
  const renderPrefix = digestOf(graph.fingerprint, JSON.stringify(table.site), current.server.renderer);
  const files: SiteState['files'] = new Map(current.client.files);
  const digests = new Map<string, string>();
  const pages = new Map<string, PageNode>();
  const manifest: Record<string, string> = {};
  const runtimeDeps = current.client.deps.get(current.client.runtime) ?? [];
  const memo = await linkMemoFor(store, current, kept, graph.dev ? 'chunk-links-dev' : 'chunk-links');
  const linkedNow = new Set<string>();
  const linkPage = (entry: RouteEntry, index: number): void => {
    const chunk = chunks.get(index)!;
    let link = kept.linked.get(chunk);
    if (link?.shared !== current || link.name !== names[index]) {
      link = linkInto(chunk, names[index]!, current, pageModulesDir, memo);
      kept.linked.set(chunk, link);
    }
    linkedNow.add(linkId(chunk, link.name));
    const { file, body, serverModule, serverCode } = link;
    files.set(file, body);
    digests.set(file, body.digest);
    const route = `${table.site.baseUrl}${file}`;
    manifest[entry.route] = route;
    // The link is the chunk's under this shared bundle: an unchanged page under the same renderer keeps what it had.
    const of = `${renderPrefix}\0${entry.route}\0${sourceDigests[index]!}`;
    if (link.rendering?.of !== of) {
      const preload = new Set(runtimeDeps);
      for (const key of Object.keys(chunk.imports)) {
        const url = current.client.urls.get(key)!;
        preload.add(url);
        for (const dep of current.client.deps.get(url) ?? []) preload.add(dep);
      }
      preload.delete(current.client.runtime);
      const localeImport = localeImportOf(chunk.imports);
      const locale = localeImport === undefined ? undefined : current.client.urls.get(localeImport);
      const assets: DocumentAssets = {
        css: current.client.css,
        runtime: current.client.runtime,
        route,
        preload: [...preload].sort(),
        ...(locale && { locale }),
      };
      link.rendering = {
        of,
        assets,
        renderKey: digestOf(renderPrefix, entry.route, sourceDigests[index]!, JSON.stringify(assets), path.basename(serverModule)),
      };
    }
    const { assets, renderKey } = link.rendering;
    pages.set(routeKey(entry.route), { entry, assets, serverModule, renderKey, writeServerModule: () => writeServerChunk(serverModule, serverCode()) });
  };
  routes.forEach(linkPage);
  if (!only) await keepLinkMemo(store, memo, linkedNow);
  // Files a chunk imports (images), read once for the site.
  for (const chunk of chunks.values()) for (const [name, source] of Object.entries(chunk.assets)) if (!files.has(name)) files.set(name, await readFile(source));
  // Route-table order, whatever order the pages were linked in.
  const ordered = new Map(routes.map((entry) => [routeKey(entry.route), pages.get(routeKey(entry.route))!]));
  // The folder of page modules holds this pass's pages only; the dev server also keeps the previous
  // pass's, which a request that came before this pass may still be rendering.
  const moduleNames = new Set([...ordered.values()].map((page) => path.basename(page.serverModule)));
  await retainFiles(path.join(pageModulesDir, 'pages'), graph.dev ? new Set([...moduleNames, ...kept.modules]) : moduleNames);
  kept.modules = moduleNames;
  for (const [file, body] of routeFiles.sidebars) files.set(file, body);
  files.set('_docsite/routes.json', JSON.stringify(manifest));
  for (const [file, body] of routeFiles.site) files.set(file, body);
  const compiled = productOf(pass, 'compiled');
  pass.products.site = {
    config,
    model,
    table: only ? { ...table, routes, redirects: [] } : table,
    ...(pass.products.api ? { api: pass.products.api } : {}),
    compiled: { compiled: compiled.compiled, cached: compiled.cached },
    bundled: { built, kept: routes.length - built, shared: sharedBuilt },
    warnings: [...model.warnings, ...table.warnings, ...productOf(pass, 'shared').unusedOverrides],
    files,
    digests,
    pages: ordered,
    renderer: current.server.renderer,
    staticDir: config.layout.staticDir,
  };
}
