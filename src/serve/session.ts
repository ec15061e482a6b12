/**
 * The dev server's state: the site graph (the one `build` drives) kept in memory, brought up to
 * date when files change. Updates queue and coalesce: while one runs, the files that change are
 * gathered and handed to the next. Pages are rendered when asked for (see app.ts), on a thread of
 * their own with a time limit (see render-thread.ts).
 */
import path from 'node:path';
import type { LoadConfigOptions } from '../config/load';
import { DocsiteError, DocsiteErrorList } from '../core/errors';
import { routeKey } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { warmCompilers } from '../pipeline/compile/compile';
import { createWorkerPool, type WorkerPool } from '../infra/pool';
import { BAD_PATH_ROUTE, NOT_FOUND_ROUTE } from '../pipeline/routes/routes';
import { createSiteGraph, type GraphFile, type PageNode, type SiteState, type StageRunner } from '../pipeline/graph';
import { collectGarbage, createQuietWork, returnFreeMemory } from './quiet';
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

/** An update that compiled this many pages (the first one, or one after a config change) leaves the threads bloated. */
const LARGE_UPDATE_PAGES = 50;
/** How long after the last update the garbage it left is collected. */
const GARBAGE_AFTER_MS = 1000;
/** How long after the last update threads that compiled are replaced (see freshThreads). */
const THREADS_AFTER_MS = 10_000;
/**
 * The young generation of the threads that replace the first ones, in MB: V8's own size, not the
 * pool's larger one (see pool.ts), which speeds compiling a whole site. A thread's young generation
 * grows while its collections find much alive and does not shrink again, not even in a full
 * collection: compiling edit after edit, a thread grew the larger one to several times the memory
 * of a fresh thread. An edit compiles a page or a few, whose trees fit the smaller one.
 */
const EDIT_YOUNG_GENERATION_MB = 48;
/** How many of the pages last edited or opened fresh threads practise on, and how many times over. */
const PRACTICE_PAGES = 3;
const PRACTICE_ROUNDS = 3;

/** A page's source the compiler takes: MDX or Markdown. */
const MARKDOWN_SOURCE = /\.mdx?$/i;

export function createDevSession(options: LoadConfigOptions & { pool?: WorkerPool; reporter?: StageRunner }): DevSession {
  const pool = options.pool ?? createWorkerPool();
  const renderThread = createRenderThread();
  // The first shared bundle is made while the first pages compile (the theme's, see startThemeBundle):
  // the render thread loads its renderer (React's server renderer and the theme) meanwhile, not after the page is compiled.
  const graph = createSiteGraph({
    ...options,
    mode: 'serve',
    pool,
    onRenderer: (url) => renderThread.preload(url),
  });
  /** The page's module, written first, and its source as messages name it. */
  const toRender = async (page: PageNode): Promise<PageToRender> => {
    await page.writeServerModule();
    return { module: page.serverModule, source: page.entry.source ?? page.entry.route };
  };
  let current: SessionState = { status: 'starting' };
  let generationId = 0;
  let running: Promise<SettledState> | undefined;
  // The files of the generation before the current one, and nothing else of it: its route table,
  // pages and site model would stay in memory beside the current ones for no request.
  let earlier: SiteState['files'] | undefined;
  let markStarted!: (state: SettledState) => void;
  const started = new Promise<SettledState>((resolve) => (markStarted = resolve));
  // The first pages: what was asked for while the first update ran, made one request after another.
  let firstPages: Generation | undefined;
  const asked = new Set<string>();
  let firstQueue: Promise<unknown> = Promise.resolve();
  // Files changed since the running update started; `undefined` inside means "check everything".
  let queued: Set<string> | undefined | null = null;
  // Whether the threads compiled anything since they were last replaced.
  let threadsWorked = false;

  // Threads being replaced (see freshThreads): an update waits for them.
  let recycled: Promise<unknown> = Promise.resolve();
  let recycles = 0;
  let closed = false;
  // Whether the threads are yet to practise (see freshThreads): the server's first threads are fresh
  // too, and when its first update compiles few pages (a site served before), nothing replaces them.
  // An update that starts stops the practice: the update's own pages warm the threads as much.
  let practiceDue = true;
  // The source files of the pages last edited or opened, the latest first: the next edit is most likely to one of them.
  const recent: string[] = [];
  const workedOn = (file: string) => {
    const at = recent.indexOf(file);
    if (at >= 0) recent.splice(at, 1);
    recent.unshift(file);
    recent.length = Math.min(recent.length, PRACTICE_PAGES);
  };

  const runOnce = async (changed: Set<string> | undefined): Promise<SettledState> => {
    const previous = current.status === 'starting' ? undefined : current.generation;
    await recycled;
    try {
      const site = await graph.update(changed);
      earlier = (previous ?? firstPages)?.site.files;
      current = { status: 'ready', generation: { id: ++generationId, site } };
      if (site.compiled.compiled >= LARGE_UPDATE_PAGES) freshThreads();
      else if (site.compiled.compiled > 0) threadsWorked = true;
    } catch (error) {
      const errors = error instanceof DocsiteErrorList ? error.errors : error instanceof DocsiteError ? [error] : [toDocsiteError(error)];
      current = { status: 'error', errors, ...(previous ? { generation: previous } : {}) };
    }
    firstPages = undefined;
    markStarted(current);
    return current;
  };

  // A thread keeps the memory its tasks grew it to (V8 and shiki's WebAssembly give little back):
  // after compiling the whole site each held some 200 MB, and edits grew them further. New threads
  // take their place, after a large update at once, after edits once the server is quiet, and get
  // ready straight away, so the next edit finds them warm: they load the compiler at once, and once
  // nothing else runs they compile the pages last edited or opened a few times over (a new thread is
  // slow at its first pages, and without this the first edit after every pause met one).
  // A page handed to the pool while it replaced its threads came back with no result and no error,
  // and lost its route: an edit saved while the first update ran then vanished from the site.
  const freshThreads = () => {
    threadsWorked = false;
    const config = current.status === 'starting' ? undefined : current.generation?.site.config;
    pool.options.resourceLimits = { ...pool.options.resourceLimits, maxYoungGenerationSizeMb: EDIT_YOUNG_GENERATION_MB };
    const recycling = pool.recycleWorkers();
    recycles++;
    recycled = recycling.catch(() => undefined);
    void recycling.then(
      () => {
        if (config) warmCompilers(pool, config);
        practiceDue = true;
        practiseIfQuiet();
      },
      () => undefined,
    );
  };
  const practiseIfQuiet = () => {
    if (!practiceDue || running || closed) return;
    practiceDue = false;
    const recycle = recycles;
    void graph.practise([...recent], PRACTICE_ROUNDS, () => !running && !closed && recycle === recycles).catch(() => undefined);
  };
  // Every thread collects the garbage the updates left, and then the memory the C library holds free
  // goes back to the system: both heaps and native memory stay flat over a session of edits.
  const collectEverywhere = async () => {
    renderThread.collectGarbage();
    const compileThreads = threadsWorked ? Promise.all(pool.threads.map(() => pool.run(undefined, { name: 'collectGarbage' }).catch(() => undefined))) : undefined;
    collectGarbage();
    await compileThreads;
    returnFreeMemory();
  };
  const quiet = createQuietWork([
    { afterMs: GARBAGE_AFTER_MS, run: () => void collectEverywhere() },
    { afterMs: GARBAGE_AFTER_MS, run: practiseIfQuiet },
    { afterMs: THREADS_AFTER_MS, run: () => threadsWorked && !running && freshThreads() },
  ]);

  const rebuild = (changed?: string[]): Promise<SettledState> => {
    const files = changed ? new Set(changed.map((file) => path.resolve(file))) : undefined;
    for (const file of files ?? []) if (MARKDOWN_SOURCE.test(file)) workedOn(file);
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
      quiet.poke();
      return state;
    })();
    return running;
  };

  const lookup = (generation: Generation, pathname: string): FoundPage | undefined => {
    for (const candidate of routeCandidates(pathname)) {
      const page = generation.site.pages.get(routeKey(candidate));
      // Status pages (404, 400) are sent for what they describe, never as a page asked for.
      if (page && page.entry.page.kind !== 'notFound') return { generation, page };
    }
    return undefined;
  };

  const settle = (pathname: string): Promise<SettledState> => {
    if (current.status !== 'starting') return Promise.resolve(current);
    const ready = (generation: Generation): SettledState => ({ status: 'ready', generation });
    if (firstPages && (lookup(firstPages, pathname) || path.extname(pathname))) return Promise.resolve(ready(firstPages));
    const attempt = firstQueue.then(async () => {
      if (current.status !== 'starting') return undefined;
      const site = await graph.firstPages([...asked, pathname]);
      if (!site || current.status !== 'starting') return undefined;
      const generation: Generation = { id: ++generationId, site, first: true };
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
    settle,
    findRoute(pathname, generation) {
      const from = generation ?? (current.status === 'ready' ? current.generation : undefined);
      const found = from && lookup(from, pathname);
      const source = found?.page.entry.source;
      if (found && source && MARKDOWN_SOURCE.test(source)) workedOn(path.resolve(found.generation.site.config.siteDir, source));
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
      closed = true;
      quiet.stop();
      if (!options.pool) await pool.destroy();
      await renderThread.close();
      await graph.dispose();
    },
  };
}

function toDocsiteError(error: unknown): DocsiteError {
  return new DocsiteError({ code: 'UNEXPECTED', message: (error as Error)?.message ?? String(error), hint: 'This looks like a bug in docsite or the theme; the stack is in the terminal.', cause: error });
}
