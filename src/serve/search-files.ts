/**
 * Search in the dev server: the files a build writes under `_docsite/search/` (records, the index's
 * manifest and shards, worker, modal stylesheet), made on the first request for one of them from
 * every page rendered (pages are otherwise rendered only when asked for), and Algolia's
 * `POST /1/indexes/*\/queries` answered from the same index, its shards joined as the browser joins
 * them, so the modal, the search page and Algolia's own client can be tried against `docsite serve`.
 * Records are kept by render key: after an edit only the pages it changed are rendered again.
 */
import { docsiteLocations } from '../infra/locations';
import { searchFileTexts } from '../search/search-files';
import { searchIndexStage } from '../pipeline/search/stage';
import { pageRecords, searchFacts } from '../search/records';
import { MAX_QUERY_LENGTH, createSearchEngine, queryOf, type SearchEngine } from '../shared/search/engine';
import { loadSearchIndex } from '../shared/search/join-index';
import { SEARCH_INDEX_FILE, type SearchRecord, type SearchRequest } from '../shared/search/types';
import { DocsiteError, formatError } from '../core/errors';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { contentType } from './content-type';
import { isOwnOrigin } from './host-check';
import type { DevSession, Generation } from './session';

export const SEARCH_FILES_PREFIX = '_docsite/search/';

/** What search needs of the dev session: its state (waiting for the first update when it offers to) and page modules. */
export interface SearchSession {
  state(): { status: string; generation?: Generation };
  started?(): Promise<{ status: string; generation?: Generation }>;
  renderHtml: DevSession['renderHtml'];
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

export function createDevSearch(session: Pick<SearchSession, 'renderHtml'>): DevSearch {
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
        try {
          const rendered = await session.renderHtml(page, generation);
          const facts = searchFacts(rendered.page, site.table.site);
          records = facts ? pageRecords({ ...facts, html: rendered.html }) : null;
        } catch (error) {
          // A page that passes the time limit is left out of search until it changes; the rest is searchable.
          if (!(error instanceof DocsiteError && error.code === 'TIME_LIMIT')) throw error;
          console.error(formatError(error));
          records = null;
        }
        recordsByKey.set(page.renderKey, records);
      }
      pages.push(records ? { records } : undefined);
    }
    for (const key of recordsByKey.keys()) if (!keys.has(key)) recordsByKey.delete(key);
    const made = await searchIndexStage({ pages, site: site.table.site, locations: docsiteLocations() });
    const files = await searchFileTexts(made.files);
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

/** The most a query body may hold: a multi-query of fifty long queries is some 30 KB. */
const MAX_BODY_BYTES = 256 * 1024;
/** The most queries one body may ask. */
const MAX_REQUESTS = 50;

/**
 * The dev server's search routes as one Hono middleware: `GET <base>_docsite/search/*` and Algolia's
 * `POST /1/indexes/{index}/queries` (credentials in headers or query are accepted and not checked).
 * The index holds drafts, so queries are answered to the server's own pages and to tools that send
 * no `Origin`, never to another web page. Anything else goes on to the next handler.
 */
export function searchRoutes(session: SearchSession): MiddlewareHandler {
  const search = createDevSearch(session);
  const generationNow = async (): Promise<Generation | undefined> => {
    const current = session.state();
    const state = current.status === 'starting' && session.started ? await session.started() : current;
    return state.status === 'ready' ? state.generation : undefined;
  };
  const queries = queriesApi(search, generationNow);
  return async (c, next) => {
    const pathname = c.req.path;
    if (/^\/1\/indexes\/[^/]+\/queries$/.test(pathname) && (c.req.method === 'POST' || c.req.method === 'OPTIONS')) return queries.fetch(c.req.raw);
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

/** Algolia's query endpoint, its errors shaped as Algolia's (`{ message, status }`). */
function queriesApi(search: DevSearch, generationNow: () => Promise<Generation | undefined>): Hono {
  const api = new Hono();
  // A body refused before it is read whole leaves the connection unusable: the client is told so.
  const refuse = (message: string, status: 400 | 403 | 413 | 503) =>
    Response.json({ message, status }, { status, headers: status === 413 ? { connection: 'close' } : {} });
  api.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !isOwnOrigin(origin, c.req.header('host')))
      return refuse(`Cross-origin request refused: ${origin} is not this server. The dev server answers search queries from its own pages only.`, 403);
    return next();
  });
  // The origin is this server's by now: answered by name, never `*`.
  api.use('*', cors({ origin: (origin) => origin || null, allowMethods: ['POST', 'OPTIONS'], maxAge: 600 }));
  api.post(
    '*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => refuse(`The request body is too large: the limit is ${MAX_BODY_BYTES / 1024} KB.`, 413) }),
    async (c) => {
      const generation = await generationNow();
      if (!generation) return refuse('The site has errors: see the dev server.', 503);
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return refuse('Invalid JSON in the request body.', 400);
      }
      const requests = (body as { requests?: unknown } | null)?.requests;
      const list: SearchRequest[] = Array.isArray(requests) ? requests : [];
      if (list.length > MAX_REQUESTS) return refuse(`Too many queries in one request: the limit is ${MAX_REQUESTS}.`, 400);
      if (list.some((request) => queryOf(request ?? {}).length > MAX_QUERY_LENGTH))
        return refuse(`The query is longer than ${MAX_QUERY_LENGTH} characters.`, 400);
      return c.json(await search.queries(generation, { requests: list }));
    },
  );
  return api;
}
