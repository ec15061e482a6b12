/**
 * Search in the dev server: the files a build writes under `_docsite/search/` (records, the index's
 * manifest and shards, worker, modal stylesheet), made on the first request for one of them from
 * every page rendered (pages are otherwise rendered only when asked for), and Algolia's
 * `POST /1/indexes/*\/queries` answered from the same index, its shards joined as the browser joins
 * them, so the modal, the search page and Algolia's own client can be tried against `docsite serve`.
 * Records are kept by render key: after an edit only the pages it changed are rendered again.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { docsiteLocations } from '../build/locations';
import { createSearchFiles } from '../search/search-files';
import { pageRecords, searchFacts } from '../search/records';
import { createSearchEngine, type SearchEngine } from '../shared/search/engine';
import { loadSearchIndex } from '../shared/search/join-index';
import { SEARCH_INDEX_FILE, type SearchRecord, type SearchRequest } from '../shared/search/types';
import type { RouteModule } from '../shared/types';
import type { MiddlewareHandler } from 'hono';
import { contentType } from './content-type';
import type { DevSession, Generation } from './session';

export const SEARCH_FILES_PREFIX = '_docsite/search/';

/** What search needs of the dev session: its state (waiting for the first update when it offers to) and page modules. */
export interface SearchSession {
  state(): { status: string; generation?: Generation };
  started?(): Promise<{ status: string; generation?: Generation }>;
  load: DevSession['load'];
}

export interface DevSearch {
  /** A file under `_docsite/search/` of this generation, or undefined when there is no such file. */
  file(generation: Generation, relative: string): Promise<string | undefined>;
  /** The answer to a multi-query body, from this generation's index. */
  queries(generation: Generation, body: unknown): Promise<unknown>;
}

interface Made {
  generation: Generation;
  files: Promise<Map<string, string>>;
  engine?: Promise<SearchEngine>;
}

export function createDevSearch(session: Pick<SearchSession, 'load'>): DevSearch {
  const recordsByKey = new Map<string, SearchRecord[] | null>();
  let made: Made | undefined;

  const renderAll = async (generation: Generation) => {
    const site = generation.site;
    const pages: ({ records?: SearchRecord[] } | undefined)[] = [];
    const keys = new Set<string>();
    for (const page of site.pages.values()) {
      keys.add(page.renderKey);
      let records = recordsByKey.get(page.renderKey);
      if (records === undefined) {
        const { renderer, mod } = await session.load(page, generation);
        const facts = searchFacts(mod.page, site.table.site);
        // The renderer module exports renderPage (to a string) beside the stream the server uses.
        const render = (renderer as unknown as { renderPage(mod: RouteModule): string }).renderPage;
        records = facts ? pageRecords({ ...facts, html: render(mod) }) : null;
        recordsByKey.set(page.renderKey, records);
      }
      pages.push(records ? { records } : undefined);
    }
    for (const key of recordsByKey.keys()) if (!keys.has(key)) recordsByKey.delete(key);
    const locations = docsiteLocations();
    const { files } = await createSearchFiles({
      pages,
      origin: `${site.table.site.url}${site.table.site.baseUrl}`,
      workerEntry: path.join(locations.root, 'src', 'runtime', 'search-worker.ts'),
      stylesheets: [createRequire(path.join(locations.root, 'package.json')).resolve('@docsearch/css/dist/style.css'), path.join(locations.themeDir, 'search', 'modal.css')],
    });
    return files;
  };

  const forGeneration = (generation: Generation): Made => {
    if (made?.generation !== generation) {
      made = { generation, files: renderAll(generation) };
      // A failure is answered once; the next request tries again.
      const failed = made;
      made.files.catch(() => {
        if (made === failed) made = undefined;
      });
    }
    return made;
  };

  return {
    async file(generation, relative) {
      if (!relative.startsWith(SEARCH_FILES_PREFIX)) return undefined;
      return (await forGeneration(generation).files).get(relative);
    },
    async queries(generation, body) {
      const current = forGeneration(generation);
      current.engine ??= current.files.then(async (files) => {
        const json = (file: string) => JSON.parse(files.get(file) ?? 'null') as unknown;
        return createSearchEngine(await loadSearchIndex(json(SEARCH_INDEX_FILE), json));
      });
      const requests = (body as { requests?: SearchRequest[] } | null)?.requests;
      return (await current.engine).search({ requests: Array.isArray(requests) ? requests : [] });
    },
  };
}

/**
 * The dev server's search routes as one Hono middleware: `GET <base>_docsite/search/*` and Algolia's
 * `POST /1/indexes/{index}/queries` (credentials in headers or query are accepted and not checked;
 * CORS is open, as Algolia's is). Anything else goes on to the next handler.
 */
export function searchRoutes(session: SearchSession): MiddlewareHandler {
  const search = createDevSearch(session);
  const generationNow = async (): Promise<Generation | undefined> => {
    const current = session.state();
    const state = current.status === 'starting' && session.started ? await session.started() : current;
    return state.status === 'ready' ? state.generation : undefined;
  };
  return async (c, next) => {
    const pathname = c.req.path;
    if (/^\/1\/indexes\/[^/]+\/queries$/.test(pathname)) {
      if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
      if (c.req.method !== 'POST') return next();
      const generation = await generationNow();
      if (!generation) return Response.json({ message: 'The site has errors: see the dev server.', status: 503 }, { status: 503, headers: CORS });
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return Response.json({ message: 'Invalid JSON in the request body.', status: 400 }, { status: 400, headers: CORS });
      }
      return Response.json(await search.queries(generation, body), { headers: CORS });
    }
    if (c.req.method !== 'GET' || !pathname.includes(`/${SEARCH_FILES_PREFIX}`)) return next();
    const generation = await generationNow();
    if (!generation) return next();
    const base = generation.site.table.site.baseUrl;
    const relative = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\/+/, '');
    const body = await search.file(generation, relative);
    if (body === undefined) return next();
    return new Response(body, { headers: { 'content-type': contentType(pathname), 'cache-control': 'no-cache' } });
  };
}

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': '*' };
