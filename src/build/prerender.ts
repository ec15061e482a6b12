/** Prerender stage: every route rendered with renderToString in the worker pool, one result per page. */
import { DocsiteError } from '../core/errors';
import type { DocumentAssets } from '../render/document';
import type { PageData, SiteData } from '../shared/types';
import type { WorkerPool } from './pool';
import type { RouteEntry } from './routes';
import type { RenderOutcome, RenderTask } from './worker';

export interface RenderedPage {
  html: string;
  ids: string[];
  links: string[];
}

/** Pages rendered by earlier builds, by a digest of everything a page's HTML depends on (see render-cache.ts). */
export interface RenderCache {
  keyOf(page: { route: string; page: PageData; assets: DocumentAssets }): string;
  get(key: string): Promise<RenderedPage | undefined>;
  put(key: string, page: RenderedPage): Promise<void>;
  /** Removes every kept page but these (the ones the latest build used), so the cache stays the size of one site. */
  retain(keys: Iterable<string>): Promise<void>;
}

export interface PrerenderResult {
  pages: (RenderedPage | undefined)[];
  errors: DocsiteError[];
  /** Pages rendered now, and pages whose earlier rendering was reused. */
  rendered: number;
  reused: number;
}

const BATCH = 25;

export interface KeptRenders {
  cache: RenderCache;
  keys: string[];
  /** By route index: the page an earlier build rendered with the same inputs, if any. */
  pages: (RenderedPage | undefined)[];
  /** Indexes of the routes it has no page for. */
  missing: number[];
}

/** Looks every route up in the render cache; the ones not found are what the server bundle and the render stage are for. */
export async function keptRenders(cache: RenderCache, routes: RouteEntry[], assets: DocumentAssets[]): Promise<KeptRenders> {
  const keys = routes.map((entry, index) => cache.keyOf({ route: entry.route, page: entry.page, assets: assets[index]! }));
  const pages = await Promise.all(keys.map((key) => cache.get(key)));
  return { cache, keys, pages, missing: routes.flatMap((_, index) => (pages[index] ? [] : [index])) };
}

/** Renders the routes `kept` has no page for (every route without it), storing each in its cache. */
export async function prerender(options: { routes: RouteEntry[]; assets: DocumentAssets[]; serverFile: string; site: SiteData; pool: WorkerPool; kept?: KeptRenders }): Promise<PrerenderResult> {
  const pages: (RenderedPage | undefined)[] = options.kept ? [...options.kept.pages] : new Array(options.routes.length);
  const errors: DocsiteError[] = [];
  const cache = options.kept?.cache;
  const keys = options.kept?.keys ?? [];
  const todo = options.kept?.missing ?? options.routes.map((_, index) => index);
  const tasks: RenderTask[] = [];
  for (let start = 0; start < todo.length; start += BATCH) {
    const indexes = todo.slice(start, start + BATCH);
    tasks.push({ serverFile: options.serverFile, site: options.site, pages: indexes.map((index) => ({ index, assets: options.assets[index]! })) });
  }
  await Promise.all(
    tasks.map(async (task) => {
      const outcomes = (await options.pool.run(task, { name: 'render' })) as RenderOutcome[];
      for (const outcome of outcomes) {
        if (outcome.ok) {
          pages[outcome.index] = { html: outcome.html, ids: outcome.ids, links: outcome.links };
          if (cache) await cache.put(keys[outcome.index]!, pages[outcome.index]!);
        } else {
          const entry = options.routes[outcome.index]!;
          errors.push(
            new DocsiteError({
              code: 'RENDER_FAILED',
              message: `The page ${entry.route} threw while rendering: ${outcome.message}`,
              hint: 'A component on this page failed during server rendering; the stack below shows where.',
              loc: entry.source ? { file: entry.source } : undefined,
              frame: outcome.stack?.split('\n').slice(0, 6).join('\n'),
            }),
          );
        }
      }
    }),
  );
  if (cache && errors.length === 0) await cache.retain(keys);
  return { pages, errors, rendered: todo.length, reused: options.routes.length - todo.length };
}
