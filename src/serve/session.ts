/**
 * The dev server's state: the site graph (the one `build` drives) kept in memory, brought up to
 * date when files change. Updates queue and coalesce: while one runs, the files that change are
 * gathered and handed to the next. Pages are rendered when asked for (see app.ts), on a thread of
 * their own with a time limit (see render-thread.ts).
 */
import path from 'node:path';
import type { LoadConfigOptions, ResolvedConfig } from '../config/load';
import { DocsiteError, DocsiteErrorList } from '../core/errors';
import { routeKey } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { createWorkerPool, type WorkerPool } from '../infra/pool';
import { BAD_PATH_ROUTE, NOT_FOUND_ROUTE } from '../pipeline/routes/routes';
import { createSiteGraph, type GraphFile, type PageNode, type SiteGraph, type SiteState, type StageRunner } from '../pipeline/graph';
import { createHousekeeping } from './housekeeping';
import type { PageData } from '../shared/types';
import { createRenderThread, type PageToRender, type StreamedPage } from './render-thread';

export interface Generation {
  id: number;
  site: SiteState;
  /** Made of the pages asked for while the first update ran, and of nothing else. */
  first?: boolean;
}

export type SettledState = { status: 'ready'; generation: Generation } | { status: 'error'; errors: DocsiteError[]; generation?: Generation };
/** `starting` until the first update ends. */
export type SessionState = SettledState | { status: 'starting' };

export interface FoundPage {
  generation: Generation;
  page: PageNode;
}

export interface DevSession {
  state(): SessionState;
  /** Brings the site up to date with `changed` (every input is checked when it is not given). Calls coalesce while one is running. */
  rebuild(changed?: string[]): Promise<SettledState>;
  /** The state once the first update has ended. */
  started(): Promise<SettledState>;
  /**
   * The config the latest update ran on, once the first update has loaded it (or has ended without
   * one: undefined, until an update loads it). The dev server loads it once, for its pages and its host rule alike.
   */
  config(): Promise<ResolvedConfig | undefined>;
  /**
   * The state to answer a request for `pathname` from: the current one, or while the first update
   * runs, a generation made of the pages asked for so far (this one among them when it is a page),
   * whichever is ready first. A first-pages generation that cannot answer means: wait for `started()`.
   */
  settle(pathname: string): Promise<SettledState>;
  findRoute(pathname: string, generation?: Generation): FoundPage | undefined;
  notFound(generation?: Generation): FoundPage | undefined;
  /** The page for a path whose percent-encoding is broken, when the current generation has one. */
  badPath(): FoundPage | undefined;
  /**
   * An output of the generation before the current one: a page loaded just before an update (or
   * from the first pages) still asks for the chunks it names, whose names the update may have changed.
   */
  earlierFile(relative: string): GraphFile | undefined;
  /**
   * A page rendered on the render thread, streamed as React writes it. A page that passes the time
   * limit rejects with a TIME_LIMIT error (or, once streaming, ends its body with it).
   */
  renderStream(page: PageNode, generation: Generation, onError: (error: Error) => void): Promise<StreamedPage>;
  /** A page rendered to one string on the render thread, after the pages browsers asked for. */
  renderHtml(page: PageNode, generation: Generation): Promise<{ page: PageData; html: string }>;
  watchedPaths(): string[];
  close(): Promise<void>;
}

/** A page's source the compiler takes: MDX or Markdown. */
const MARKDOWN_SOURCE = /\.mdx?$/i;

export function createDevSession(options: LoadConfigOptions & { pool?: WorkerPool; reporter?: StageRunner }): DevSession {
  const pool = options.pool ?? createWorkerPool();
  const renderThread = createRenderThread();
  let latestConfig: ResolvedConfig | undefined;
  let firstConfig!: () => void;
  const configLoaded = new Promise<void>((resolve) => (firstConfig = resolve));
  // The first shared bundle is made while the first pages compile (the theme's, see startThemeBundle):
  // the render thread loads its renderer (React's server renderer and the theme) meanwhile, not after the page is compiled.
  const graph = createSiteGraph({
    ...options,
    mode: 'serve',
    pool,
    onRenderer: (url) => renderThread.preload(url),
    onConfig: (config) => {
      latestConfig = config;
      firstConfig();
    },
  });
  let current: SessionState = { status: 'starting' };
  let generationId = 0;
  let running: Promise<SettledState> | undefined;
  // The files of the generation before the current one, and nothing else of it: its route table,
  // pages and site model would stay in memory beside the current ones for no request.
  let earlier: SiteState['files'] | undefined;
  let markStarted!: (state: SettledState) => void;
  const started = new Promise<SettledState>((resolve) => (markStarted = resolve));
  const first = firstPagesOf({ graph, started, starting: () => current.status === 'starting', nextId: () => ++generationId });
  // Files changed since the running update started; `undefined` inside means "check everything".
  let queued: Set<string> | undefined | null = null;
  const housekeeping = createHousekeeping({
    pool,
    graph,
    renderThread,
    busy: () => running !== undefined,
    config: () => (current.status === 'starting' ? undefined : current.generation?.site.config),
  });

  const runOnce = async (changed: Set<string> | undefined): Promise<SettledState> => {
    const previous = current.status === 'starting' ? undefined : current.generation;
    await housekeeping.recycled();
    try {
      const site = await graph.update(changed);
      earlier = (previous ?? first.generation())?.site.files;
      current = { status: 'ready', generation: { id: ++generationId, site } };
      housekeeping.updated(site.compiled.compiled);
    } catch (error) {
      const errors = error instanceof DocsiteErrorList ? error.errors : error instanceof DocsiteError ? [error] : [toDocsiteError(error)];
      current = { status: 'error', errors, ...(previous ? { generation: previous } : {}) };
    }
    first.clear();
    firstConfig();
    markStarted(current);
    return current;
  };

  const rebuild = (changed?: string[]): Promise<SettledState> => {
    const files = changed ? new Set(changed.map((file) => path.resolve(file))) : undefined;
    for (const file of files ?? []) if (MARKDOWN_SOURCE.test(file)) housekeeping.workedOn(file);
    if (running) {
      if (queued === null) queued = files;
      else if (queued && files) for (const file of files) queued.add(file);
      else queued = undefined;
      return running;
    }
    running = (async () => {
      let state = await runOnce(files);
      while (queued !== null) {
        const next = queued;
        queued = null;
        state = await runOnce(next);
      }
      running = undefined;
      housekeeping.poke();
      return state;
    })();
    return running;
  };

  const settle = (pathname: string): Promise<SettledState> => (current.status !== 'starting' ? Promise.resolve(current) : first.settle(pathname));

  /** A status page (404, 400) of `generation`, or of the current one. */
  const statusPage = (route: string, generation?: Generation): FoundPage | undefined => {
    const from = generation ?? (current.status === 'ready' ? current.generation : undefined);
    const page = from?.site.pages.get(route);
    return from && page ? { generation: from, page } : undefined;
  };

  return {
    state: () => current,
    rebuild,
    started: () => started,
    config: () => configLoaded.then(() => latestConfig),
    settle,
    findRoute(pathname, generation) {
      const from = generation ?? (current.status === 'ready' ? current.generation : undefined);
      const found = from && lookup(from, pathname);
      const source = found?.page.entry.source;
      if (found && source && MARKDOWN_SOURCE.test(source)) housekeeping.workedOn(path.resolve(found.generation.site.config.siteDir, source));
      return found;
    },
    notFound: (generation) => statusPage(NOT_FOUND_ROUTE, generation),
    earlierFile: (relative) => earlier?.get(relative),
    badPath: () => statusPage(BAD_PATH_ROUTE),
    renderStream: async (page, generation, onError) => renderThread.stream(generation.site.renderer, await toRender(page), onError),
    renderHtml: async (page, generation) => renderThread.html(generation.site.renderer, await toRender(page)),
    watchedPaths: () => graph.watchedPaths(),
    async close() {
      // The update under way pokes the housekeeping when it ends: it is stopped after that.
      if (running) await running.catch(() => undefined);
      housekeeping.stop();
      if (!options.pool) await pool.destroy();
      await renderThread.close();
      await graph.dispose();
    },
  };
}

/** The page's module, written first, and its source as messages name it. */
async function toRender(page: PageNode): Promise<PageToRender> {
  await page.writeServerModule();
  const { locale } = page.entry.page;
  return { module: page.serverModule, source: page.entry.source ?? page.entry.route, ...(locale !== undefined ? { locale } : {}) };
}

function lookup(generation: Generation, pathname: string): FoundPage | undefined {
  for (const candidate of routeCandidates(pathname)) {
    const page = generation.site.pages.get(routeKey(candidate));
    // Status pages (404, 400) are sent for what they describe, never as a page asked for.
    if (page && page.entry.page.kind !== 'notFound') return { generation, page };
  }
  return undefined;
}

/**
 * The first pages: what was asked for while the first update ran, made one request after another
 * into a generation of their own that answers until the first update ends.
 */
function firstPagesOf(parts: { graph: SiteGraph; started: Promise<SettledState>; starting(): boolean; nextId(): number }) {
  const { graph, started, starting } = parts;
  let firstPages: Generation | undefined;
  const asked = new Set<string>();
  let firstQueue: Promise<unknown> = Promise.resolve();
  const settle = (pathname: string): Promise<SettledState> => {
    const ready = (generation: Generation): SettledState => ({ status: 'ready', generation });
    if (firstPages && (lookup(firstPages, pathname) || path.extname(pathname))) return Promise.resolve(ready(firstPages));
    const attempt = firstQueue.then(async () => {
      if (!starting()) return undefined;
      const site = await graph.firstPages([...asked, pathname]);
      if (!site || !starting()) return undefined;
      const generation: Generation = { id: parts.nextId(), site, first: true };
      if (!lookup(generation, pathname)) return undefined;
      asked.add(pathname);
      return (firstPages = generation);
    });
    // A page that does not compile alone is reported by the first update, with the site's other errors.
    firstQueue = attempt.catch(() => undefined);
    const firstPage = attempt.then(
      (generation) => (generation ? ready(generation) : firstPages ? ready(firstPages) : started),
      () => started,
    );
    return Promise.race([firstPage, started]);
  };
  return {
    settle,
    generation: () => firstPages,
    clear: () => {
      firstPages = undefined;
    },
  };
}

function toDocsiteError(error: unknown): DocsiteError {
  return new DocsiteError({
    code: 'UNEXPECTED',
    message: (error as Error)?.message ?? String(error),
    hint: 'This looks like a bug in docsite or the theme; the stack is in the terminal.',
    cause: error,
  });
}
