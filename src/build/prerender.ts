/** Prerender stage: every route rendered with renderToString in the worker pool, one result per page. */
import { DocsiteError } from '../core/errors';
import type { DocumentAssets } from '../render/document';
import type { SiteData } from '../shared/types';
import type { WorkerPool } from './pool';
import type { RouteEntry } from './routes';
import type { RenderOutcome, RenderTask } from './worker';

export interface RenderedPage {
  html: string;
  ids: string[];
  links: string[];
}

export interface PrerenderResult {
  pages: (RenderedPage | undefined)[];
  errors: DocsiteError[];
}

const BATCH = 25;

export async function prerender(options: { routes: RouteEntry[]; assets: DocumentAssets[]; serverFile: string; site: SiteData; pool: WorkerPool }): Promise<PrerenderResult> {
  const pages: (RenderedPage | undefined)[] = new Array(options.routes.length);
  const errors: DocsiteError[] = [];
  const tasks: RenderTask[] = [];
  for (let start = 0; start < options.routes.length; start += BATCH) {
    const indexes = options.routes.slice(start, start + BATCH).map((_, i) => start + i);
    tasks.push({ serverFile: options.serverFile, site: options.site, pages: indexes.map((index) => ({ index, assets: options.assets[index]! })) });
  }
  await Promise.all(
    tasks.map(async (task) => {
      const outcomes = (await options.pool.run(task, { name: 'render' })) as RenderOutcome[];
      for (const outcome of outcomes) {
        if (outcome.ok) pages[outcome.index] = { html: outcome.html, ids: outcome.ids, links: outcome.links };
        else {
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
  return { pages, errors };
}
