/** The dev server's state: the same stages as `build`, kept in memory and re-run when files change. */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type LoadConfigOptions, type ResolvedConfig } from '../config/load';
import { DocsiteError, DocsiteErrorList } from '../core/errors';
import { routeKey } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { bundleClient, bundleServer, type ClientBundle } from '../build/bundle';
import { createKeptBundler } from '../build/bundler';
import { compileSources, compilerOptions } from '../build/compile';
import { docsiteLocations } from '../build/locations';
import { createMdxImportCompiler, type MdxImportCompiler } from '../build/mdx-imports';
import { loadApiReference, type ApiReference } from '../api';
import { renderFeeds } from '../blog/feeds';
import { compilerFingerprint, createWorkerPool, type WorkerPool } from '../build/pool';
import { createRouteTable, NOT_FOUND_ROUTE, type RouteEntry, type RouteTable } from '../build/routes';
import { loadSiteModel, mdxSources } from '../build/site-model';
import type { RouteModule } from '../shared/types';
import type { CompileResult } from '../mdx';

export interface ServerModule {
  routes: (() => Promise<RouteModule>)[];
  renderPageStream(mod: RouteModule, options?: { onError?: (error: unknown) => void }): Promise<ReadableStream<Uint8Array>>;
}

export interface Generation {
  id: number;
  table: RouteTable;
  client: ClientBundle;
  server: ServerModule;
  staticDir: string;
  byRoute: Map<string, number>;
  /** Generated files other than pages and chunks (the blog's feeds), by path relative to the site root. */
  files: Map<string, string>;
}

export type SessionState = { status: 'ready'; generation: Generation } | { status: 'error'; errors: DocsiteError[]; generation?: Generation };

export interface DevSession {
  state(): SessionState;
  /** Re-runs the stages; resolves when the new state is in place. Calls coalesce while one is running. */
  rebuild(): Promise<SessionState>;
  findRoute(pathname: string): { generation: Generation; entry: RouteEntry; index: number } | undefined;
  notFound(): { generation: Generation; entry: RouteEntry; index: number } | undefined;
  watchedPaths(): string[];
  close(): Promise<void>;
}

export function createDevSession(options: LoadConfigOptions & { pool?: WorkerPool }): DevSession {
  const pool = options.pool ?? createWorkerPool();
  const locations = docsiteLocations();
  let current: SessionState = { status: 'error', errors: [] };
  let generationId = 0;
  let running: Promise<SessionState> | undefined;
  let again = false;
  let siteDir = path.resolve(options.siteDir);
  let externalFiles: string[] = [];
  let scratchDir: string | undefined;
  const bundler = createKeptBundler();
  // The worker's code does not change while the server runs: hashed once, not at every rebuild.
  const workerFingerprint = compilerFingerprint();
  const compiledInMemory = new Map<string, CompileResult>();
  // The API reference is made from installed packages, which the watcher does not follow: it is
  // loaded again when the config changes (a restart picks up a package upgrade).
  let apiReference: { key: string; reference: Promise<ApiReference | undefined> } | undefined;
  const apiReferenceFor = (config: ResolvedConfig): Promise<ApiReference | undefined> => {
    const key = JSON.stringify(config.site);
    if (apiReference?.key !== key) {
      const reference = loadApiReference(config, { pool, fingerprint: workerFingerprint });
      apiReference = { key, reference };
      // A failed load is tried again by the next rebuild.
      reference.catch(() => {
        if (apiReference?.reference === reference) apiReference = undefined;
      });
    }
    return apiReference.reference;
  };
  // Imported markdown is cached by file and content digest, so one compiler serves every rebuild
  // that compiles with the same options.
  let mdxImports: { key: string; compiler: MdxImportCompiler } | undefined;
  const mdxImportsFor = (config: ResolvedConfig): MdxImportCompiler => {
    const key = JSON.stringify([compilerOptions(config), config.siteDir]);
    if (mdxImports?.key !== key) mdxImports = { key, compiler: createMdxImportCompiler({ compilerOptions: compilerOptions(config), siteDir: config.siteDir, pool }) };
    return mdxImports.compiler;
  };
  let cleared = false;

  const runOnce = async (): Promise<SessionState> => {
    const previous = current.generation;
    try {
      const config = await loadConfig(options);
      siteDir = config.siteDir;
      scratchDir = path.join(config.cacheDir, 'serve');
      // The scratch folder of an earlier run (or one that was killed) goes before this run writes its own.
      if (!cleared) {
        await rm(scratchDir, { recursive: true, force: true });
        cleared = true;
      }
      const model = await loadSiteModel(config, { includeDrafts: true });
      externalFiles = model.externalFiles;
      const sources = mdxSources(model);
      const compiled = await compileSources({ sources, pool, cacheDir: config.cacheDir, compilerOptions: compilerOptions(config), fingerprint: workerFingerprint, memory: compiledInMemory });
      if (compiled.errors.length) throw new DocsiteErrorList(compiled.errors);
      const table = createRouteTable(config, model, compiled.results, await apiReferenceFor(config));
      if (table.errors.length) throw new DocsiteErrorList(table.errors);
      const id = ++generationId;
      const input = { routes: table.routes, site: table.site, siteDir: config.siteDir, locations, titleDelimiter: config.site.titleDelimiter, customCss: config.site.customCss.map((file) => path.resolve(config.siteDir, file)), mdxModules: table.mdxModules, mdxImports: mdxImportsFor(config), dev: true };
      const [client, serverFiles] = await Promise.all([bundleClient(input, bundler), bundleServer(input, path.join(config.cacheDir, 'serve', 'modules'), { keep: true, bundler })]);
      // Files are named by content digest, so an unchanged renderer or page is the module already loaded.
      const renderer = (await import(pathToFileURL(serverFiles.entry).href)) as Omit<ServerModule, 'routes'>;
      const server: ServerModule = { ...renderer, routes: serverFiles.routes!.map((file) => () => import(pathToFileURL(file).href) as Promise<RouteModule>) };
      const byRoute = new Map<string, number>();
      table.routes.forEach((entry, index) => byRoute.set(routeKey(entry.route), index));
      const files = table.feed ? await renderFeeds(table.feed) : new Map<string, string>();
      current = { status: 'ready', generation: { id, table, client, server, staticDir: path.join(config.contentDir, 'static'), byRoute, files } };
    } catch (error) {
      const errors = error instanceof DocsiteErrorList ? error.errors : error instanceof DocsiteError ? [error] : [toDocsiteError(error)];
      current = { status: 'error', errors, generation: previous };
    }
    return current;
  };

  const rebuild = (): Promise<SessionState> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let state = await runOnce();
      while (again) {
        again = false;
        state = await runOnce();
      }
      running = undefined;
      return state;
    })();
    return running;
  };

  const lookup = (generation: Generation, pathname: string) => {
    for (const candidate of routeCandidates(pathname)) {
      const index = generation.byRoute.get(routeKey(candidate));
      if (index !== undefined && generation.table.routes[index]!.route !== NOT_FOUND_ROUTE) return { generation, entry: generation.table.routes[index]!, index };
    }
    return undefined;
  };

  return {
    state: () => current,
    rebuild,
    findRoute(pathname) {
      return current.status === 'ready' ? lookup(current.generation, pathname) : undefined;
    },
    notFound() {
      if (current.status !== 'ready') return undefined;
      const index = current.generation.byRoute.get(NOT_FOUND_ROUTE);
      return index === undefined ? undefined : { generation: current.generation, entry: current.generation.table.routes[index]!, index };
    },
    watchedPaths: () => [path.join(siteDir, 'content'), path.join(siteDir, 'site.config.ts'), locations.themeDir, ...externalFiles],
    async close() {
      if (running) await running.catch(() => undefined);
      if (!options.pool) await pool.destroy();
      await bundler.dispose();
      if (scratchDir) await rm(scratchDir, { recursive: true, force: true });
    },
  };
}

function toDocsiteError(error: unknown): DocsiteError {
  return new DocsiteError({ code: 'UNEXPECTED', message: (error as Error)?.message ?? String(error), hint: 'This looks like a bug in docsite or the theme; the stack is in the terminal.', cause: error });
}
