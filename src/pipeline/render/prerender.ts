/** Prerender stage: every page rendered with renderToString in the worker pool, skipping pages an earlier build rendered from the same inputs. */
import path from 'node:path';
import { DocsiteError } from '../../core/errors';
import type { SiteData } from '../../shared/types';
import type { SearchRecord } from '../../shared/search/types';
import { searchPageParts, type SearchPagePart } from '../../search/index-file';
import { runAfterWarmUp, runTimed, TaskTimedOut, timeLimitError, type WorkerPool } from '../../infra/pool';
import type { PageNode } from '../site-state';
import { mapsBesideModules, throwSite, type MapOf } from './throw-site';
import type { StageProgress } from '../../infra/reporter';
import type { RenderOutcome, RenderTask } from '../../infra/worker';
import { contentDigest } from '../../infra/digest';
import { type LazyBody } from '../../infra/body';

export interface RenderedPage {
  /** The HTML: the text when rendered by this build, a body read on demand when kept from an earlier one. */
  html: string | LazyBody;
  ids: string[];
  links: string[];
  /** The HTML's digest as emit records it, computed once when the page is rendered. */
  digest?: string;
  /** Its search records; none for a page search leaves out (the 404 page, blog lists). */
  records?: SearchRecord[];
  /** The same records as JSON, when the worker that rendered the page serialized them. */
  recordsJson?: string;
  /** The page's part of the search index, made from its records once (see index-file.ts). */
  search?: SearchPagePart[];
  /** A page kept by an earlier build brings its records as the bytes of their JSON instead, and its index parts decoded when asked for. */
  recordsBytes?: Uint8Array;
  searchParts?: () => SearchPagePart[];
}

/** Pages rendered by earlier builds, by render key (see render-cache.ts). */
export interface RenderCache {
  /** What the page links to and its ids, read without its HTML, which is read only if emit must write it. */
  get(key: string): Promise<RenderedPage | undefined>;
  put(key: string, page: RenderedPage): Promise<void>;
  /** Removes every kept page but these (the ones the latest build used), so the cache stays the size of one site. */
  retain(keys: Iterable<string>): Promise<void>;
  /** Starts reading what every build reads of the kept pages, ahead of the first `get`. */
  prefetch?(): void;
}

/** A page to render: what the site graph says of it. */

export interface PrerenderResult {
  /** In the order of the jobs. */
  pages: (RenderedPage | undefined)[];
  errors: DocsiteError[];
  /** Pages rendered now, and pages whose earlier rendering was reused. */
  rendered: number;
  reused: number;
}

const BATCH = 25;

export async function prerender(options: {
  jobs: PageNode[];
  renderer: string;
  site: SiteData;
  pool: WorkerPool;
  cache?: RenderCache;
  /** The site folder, which the place of a throw is given relative to. */
  siteDir?: string;
  /** The source map of a page's own module, made when it threw (it is not made on the way to a page that renders). */
  pageMap?: (job: PageNode) => Promise<MapOf | undefined>;
  /** Told how many pages go to the renderer, and of each batch as it comes back. */
  progress?: StageProgress;
}): Promise<PrerenderResult> {
  const { jobs, cache } = options;
  const besideModules = mapsBesideModules();
  const pages: (RenderedPage | undefined)[] = cache ? await Promise.all(jobs.map((job) => cache.get(job.renderKey))) : new Array(jobs.length);
  const todo = jobs.flatMap((_, index) => (pages[index] ? [] : [index]));
  options.progress?.start(todo.length, 'pages');
  // Only the pages to render need their module on disk; the folder keeps those of the latest build.
  await Promise.all(todo.map((index) => jobs[index]!.writeServerModule()));
  const errors: DocsiteError[] = [];
  const termsOfWord = new Map<string, string[]>();
  const tasks: RenderTask[] = [];
  for (let start = 0; start < todo.length; start += BATCH) {
    const indexes = todo.slice(start, start + BATCH);
    tasks.push({
      renderer: options.renderer,
      site: options.site,
      pages: indexes.map((index) => {
        const { serverModule, assets, entry } = jobs[index]!;
        return { index, module: serverModule, assets, ...(entry.page.locale !== undefined ? { locale: entry.page.locale } : {}) };
      }),
    });
  }
  await Promise.all(
    tasks.map(async (task) => {
      let outcomes: RenderOutcome[];
      try {
        outcomes = (await (tasks.length === 1 ? runAfterWarmUp(options.pool, task, 'render') : runTimed(options.pool, task, 'render'))) as RenderOutcome[];
      } catch (error) {
        if (!(error instanceof TaskTimedOut)) throw error;
        const entry = jobs[task.pages[Math.max(0, error.item)]!.index]!.entry;
        errors.push(timeLimitError(entry.source ?? entry.route, error.item < 0 ? 'loading the theme and components for' : 'rendering', error.limitMs));
        return;
      } finally {
        options.progress?.advance(task.pages.length);
      }
      for (const outcome of outcomes) {
        const job = jobs[outcome.index]!;
        if (outcome.ok) {
          const { records } = outcome;
          // Cut into terms here, while the workers render the other pages, and kept with the page.
          const search = records?.length
            ? { records, recordsJson: outcome.recordsJson ?? JSON.stringify(records), search: searchPageParts(records, termsOfWord) }
            : {};
          pages[outcome.index] = { html: outcome.html, ids: outcome.ids, links: outcome.links, digest: contentDigest(outcome.html), ...search };
          if (cache) await cache.put(job.renderKey, pages[outcome.index]!);
        } else {
          const pageMap = options.siteDir && options.pageMap ? await options.pageMap(job).catch(() => undefined) : undefined;
          const mapOf: MapOf = (file) => (path.resolve(file) === path.resolve(job.serverModule) && pageMap ? pageMap(file) : besideModules(file));
          const site = options.siteDir ? throwSite(outcome.stack, options.siteDir, mapOf) : undefined;
          // A throw in a component names the page it was rendering too.
          const page = site && job.entry.source && site.file !== job.entry.source ? ` (rendering ${job.entry.source})` : '';
          errors.push(
            new DocsiteError({
              code: 'RENDER_FAILED',
              message: `The page ${job.entry.route}${page} threw while rendering: ${outcome.message}`,
              hint: 'A component on this page, or code in the page itself, failed during server rendering.',
              loc: site ?? (job.entry.source ? { file: job.entry.source } : undefined),
            }),
          );
        }
      }
    }),
  );
  if (cache && errors.length === 0) await cache.retain(jobs.map((job) => job.renderKey));
  return { pages, errors, rendered: todo.length, reused: jobs.length - todo.length };
}
