/**
 * The bundle shared stage: the runtime, the theme and every module pages import from it, for the
 * browser and for Node. Made again when the modules pages import, the site data or a file it was made
 * from changed; a build reads it back from the store when an earlier build made the same one.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { digestOf } from '../../infra/digest';
import { stampOf, unchangedSince, type FileStamp } from '../../infra/file-stamp';
import { retainFiles } from '../../infra/folder';
import { warmWorkers } from '../../infra/pool';
import type { RenderTask } from '../../infra/worker';
import type { SiteData } from '../../shared/types';
import { productOf, workDirOf, type GraphContext, type Pass } from '../pass';
import type { BundleInput } from './bundle';
import { oneShotBundler, type Bundler } from './bundler';
import type { SharedModule } from './chunks';
import { bundleSharedClient, bundleSharedServer, mergeImports } from './shared-bundle';
import { findThemeOverrides, unusedThemeOverrides } from './theme-overrides';
import { keptRendererOf, readStoredShared, storeShared, type KeptShared } from './shared-store';

export async function bundleSharedStage(pass: Pass): Promise<void> {
  const { graph, config, scope, changed, store } = pass;
  const { memory, dev } = graph;
  const { table, input } = productOf(pass, 'routes');
  const modules = mergeImports(productOf(pass, 'chunks').chunks.values());
  // The site's theme overrides, walked once: they are part of the key and told apart as used or not.
  const overrides = findThemeOverrides(config.siteDir);
  const key = sharedKeyOf(graph, config, modules, table.site, input.customCss, overrides);
  // A first-pages pass bundles only what its pages import, so only a whole pass can tell an override unused.
  const unusedOverrides = (bundle: KeptShared) =>
    scope.only ? [] : unusedThemeOverrides(config.siteDir, overrides, [...bundle.client.inputs, ...bundle.server.inputs]);
  const adopt = (bundle: KeptShared) => {
    if (!scope.only || !memory.shared) memory.shared = bundle;
    return bundle;
  };
  // One being made for the same key (by the first pages, or ahead of them) is this one.
  if (memory.sharedBuilding?.key === key) {
    const built = await memory.sharedBuilding.done.catch(() => undefined);
    if (built && (await unchangedSince(built.digests, changed))) {
      pass.products.shared = { bundle: adopt(built), built: false, unusedOverrides: unusedOverrides(built) };
      return;
    }
  }
  if (memory.shared?.key === key && (await unchangedSince(memory.shared.digests, changed))) {
    pass.products.shared = { bundle: memory.shared, built: false, unusedOverrides: unusedOverrides(memory.shared) };
    return;
  }
  const dir = sharedDirOf(graph, config, key);
  if (!dev) {
    const stored = await readStoredShared(store, dir, key);
    if (stored && (await unchangedSince(stored.digests, changed))) {
      memory.shared = stored;
      pass.products.shared = { bundle: stored, built: false, unusedOverrides: unusedOverrides(stored) };
      return;
    }
    await rm(dir, { recursive: true, force: true });
  }
  // The first pages' bundle is made once, beside the kept contexts the whole site's updates use.
  const made = adopt(await buildShared(graph, key, input, modules, dir, scope.only ? oneShotBundler : graph.bundler));
  if (!dev) {
    await storeShared(store, dir, made);
    await retainFiles(path.dirname(dir), new Set([path.basename(dir)]));
  }
  pass.products.shared = { bundle: made, built: true, unusedOverrides: unusedOverrides(made) };
}

/** Where the shared bundle of `key` is written. */
const sharedDirOf = (graph: GraphContext, config: ResolvedConfig, key: string): string => path.join(workDirOf(graph, config), 'shared', key.slice(0, 16));

/** The shared bundle's key: the modules pages import from it, the site data, the stylesheets, and the site's theme overrides (src/theme), which decide what the theme's own imports resolve to. */
function sharedKeyOf(
  graph: GraphContext,
  config: ResolvedConfig,
  modules: Map<string, SharedModule>,
  site: SiteData,
  customCss: string[],
  overrides: Map<string, string>,
): string {
  return digestOf(
    graph.fingerprint,
    graph.dev ? 'serve' : 'build',
    JSON.stringify([...modules]),
    JSON.stringify(site),
    JSON.stringify(customCss),
    String(config.site.infima),
    JSON.stringify(config.site.clientModules),
    JSON.stringify([...overrides]),
  );
}

/** Bundles the shared client and server modules, recorded as the one being made until it is done. */
function buildShared(
  graph: GraphContext,
  key: string,
  input: BundleInput,
  modules: Map<string, SharedModule>,
  dir: string,
  using: Bundler,
): Promise<KeptShared> {
  const building = (async (): Promise<KeptShared> => {
    const started = Date.now();
    const [client, server] = await Promise.all([
      bundleSharedClient(input, modules, using),
      bundleSharedServer(input, modules, path.join(dir, 'server'), using),
    ]);
    graph.onRenderer?.(server.renderer);
    const digests: Record<string, FileStamp> = {};
    await Promise.all([...new Set([...client.inputs, ...server.inputs])].map(async (file) => (digests[file] = await stampOf(file, started))));
    return { key, digests, client, server };
  })();
  graph.memory.sharedBuilding = { key, done: building };
  return building;
}

/**
 * The dev server's first pages need a shared bundle before they can be rendered, and most pages
 * import nothing of their own into it: the bundle of the theme alone is started as soon as the
 * config is known, while the site is scanned and the pages compile. A first page that does import
 * something (a component of the site) has its own bundle made, and this one goes unused.
 */
export function startThemeBundle(graph: GraphContext, config: ResolvedConfig, site: SiteData): void {
  const customCss = config.site.customCss.map((file) => path.resolve(config.siteDir, file));
  const none = new Map<string, SharedModule>();
  const key = sharedKeyOf(graph, config, none, site, customCss, findThemeOverrides(config.siteDir));
  if (graph.memory.sharedBuilding?.key === key || graph.memory.shared) return;
  const input: BundleInput = {
    routes: [],
    site,
    siteDir: config.siteDir,
    locations: graph.locations,
    titleDelimiter: config.site.titleDelimiter,
    customCss,
    clientModules: config.site.clientModules.map((file) => path.resolve(config.siteDir, file)),
    infima: config.site.infima,
    staticDir: config.layout.staticDir,
    mdxModules: [],
    mdxImports: graph.memory.mdxImportsFor(config, graph.pool),
    markdownRoute: () => undefined,
    dev: graph.dev,
  };
  buildShared(graph, key, input, none, sharedDirOf(graph, config, key), oneShotBundler).catch(() => undefined);
}

/**
 * A build that compiles a page renders it: meanwhile (the route table, the page bundles) one thread
 * loads the renderer the last build kept, most often this build's too. Looked for while the pages
 * compile, and handed to a thread as soon as the compile stage ends.
 */
export function warmKeptRenderer(pass: Pass, site: SiteData): void {
  if (pass.graph.dev) return;
  const found = keptRendererOf(pass.store);
  void Promise.all([found, pass.ended('compile')]).then(
    ([renderer]) => {
      if (!renderer || productOf(pass, 'compiled').compiled === 0) return;
      const task: RenderTask = { renderer, site, pages: [] };
      warmWorkers(pass.graph.pool, task, 'render', 1);
    },
    () => undefined,
  );
}
