/** The dev server as a Hono app: streams server-rendered pages, serves in-memory chunks and static files, pushes reloads. */
import path from 'node:path';
import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { DocsiteError, formatError, formatLocation } from '../core/errors';
import { isInsideFolder, routeKey } from '../core/paths';
import { documentHead, documentTail, escapeHtml, leadingHoistables, withHoisted } from '../render/document';
import { contentType } from './content-type';
import { createHostCheck, hostGuard, serveRemedy } from './host-check';
import { LIVE_EVENTS_PATH, liveClientScript, overlayShell } from './live-client';
import { checkInside, fileBody, type CheckedFile } from './safe-file';
import { searchRoutes } from './search-files';
import { serviceWorkerReset } from './service-worker-reset';
import type { DevSession, FoundPage, Generation, SessionState, SettledState } from './session';
import type { StreamedPage } from './render-thread';
import { readBody } from '../infra/body';

export interface LiveChannel {
  subscribe(listener: (event: string, data: string) => void): () => void;
  publish(event: string, data: string): void;
  /** Listeners subscribed now: one per open event stream. */
  size(): number;
}

export function createLiveChannel(): LiveChannel {
  const listeners = new Set<(event: string, data: string) => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(event, data) {
      for (const listener of listeners) listener(event, data);
    },
    size: () => listeners.size,
  };
}

export function errorPayload(errors: DocsiteError[]): string {
  return JSON.stringify(
    errors.map((error) => ({ message: error.message, location: error.loc ? formatLocation(error.loc) : '', frame: error.frame ?? '', hint: error.hint ?? '' })),
  );
}

export interface ServeAppOptions {
  session: DevSession;
  live: LiveChannel;
  /** Whether to answer a `Host` header value; by default only localhost names and IP addresses. */
  isAllowedHost?: (hostHeader: string | undefined) => boolean;
  /** How often an open event stream gets a comment line, so a dead connection is noticed. */
  pingIntervalMs?: number;
}

export function createServeApp(options: ServeAppOptions) {
  const { session, live } = options;
  const isAllowedHost = options.isAllowedHost ?? createHostCheck();
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const renderedPages: RenderedPages = new Map();
  const app = new Hono();

  app.use('*', hostGuard({ isAllowed: isAllowedHost, howToAllow: serveRemedy }));
  app.use('*', searchRoutes(session));
  app.use('*', serviceWorkerReset());

  app.get(LIVE_EVENTS_PATH, (c) => {
    // Reading the signal now makes @hono/node-server create its abort controller, which it aborts
    // when the connection closes before the response ends.
    const signal = c.req.raw.signal;
    return streamSSE(c, async (stream) => {
      // Listen for the end before the first await: an abort that lands while a write is pending
      // would otherwise be missed (onAbort does not replay), leaving the listener subscribed forever.
      const closed = whenClosed(stream, signal);
      const unsubscribe = live.subscribe((event, data) => void stream.writeSSE({ event, data }));
      const ping = keepAlive(stream, pingIntervalMs);
      try {
        await greet(stream, session.state());
        await closed;
      } finally {
        clearInterval(ping);
        unsubscribe();
        stream.abort();
      }
    });
  });

  app.get('*', async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // In the site's chrome when the site is ready and has the page (a Docusaurus site has none): else the text alone.
      const badPath = session.badPath();
      return badPath ? renderRoute(session, renderedPages, badPath, 400) : c.text('Pathname could not be decoded', 400);
    }
    const current = session.state();
    const state = current.status === 'starting' ? await session.settle(pathname) : current;
    // The first pages alone may not hold what was asked for: then the whole site has it, or nobody.
    return (await answer(state, pathname)) ?? (await answer(await session.started(), pathname))!;
  });

  /** The response to `pathname` from one state; undefined when a first-pages generation lacks it. */
  const answer = async (state: SettledState, pathname: string): Promise<Response | undefined> => {
    if (state.status === 'error') return htmlResponse(errorPage(state.errors), 500);
    const generation = state.generation;
    const site = generation.site;

    const base = site.table.site.baseUrl;
    const relative = pathname.startsWith(base) ? pathname.slice(base.length) : pathname.replace(/^\/+/, '');
    const redirect = site.table.redirects.find((page) => routeKey(page.route) === routeKey(pathname));
    if (redirect) return htmlResponse(redirect.html, 200);
    const output = site.files.get(relative) ?? site.files.get(pathname.replace(/^\/+/, '')) ?? (generation.first ? undefined : session.earlierFile(relative));
    // A page's chunk is linked when first asked for.
    const body = await readBody(output);
    if (body !== undefined) return new Response(body as BodyInit, { headers: { 'content-type': contentType(pathname), 'cache-control': 'no-cache' } });

    const found = session.findRoute(pathname, generation);
    if (found) return renderRoute(session, renderedPages, found, 200);

    const file = await staticFile(site.staticDir, pathname);
    if (file) return new Response(fileBody(file.checked), { headers: { 'content-type': contentType(file.path), 'content-length': String(file.checked.size) } });

    if (generation.first) return undefined;
    const notFound = session.notFound(generation);
    if (notFound) return renderRoute(session, renderedPages, notFound, 404);
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=UTF-8' } });
  };

  return app;
}

/**
 * Rendered pages by render key (the digest of everything a page's HTML is made from) and status: a
 * page is rendered on its first request, streamed as React writes it, and answered from memory
 * until something it is made from changes. Keys no current page has are dropped as pages are rendered.
 */
type RenderedPages = Map<string, Uint8Array[]>;

async function renderRoute(session: DevSession, renderedPages: RenderedPages, found: FoundPage, status: number): Promise<Response> {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  const { generation, page } = found;
  const key = `${page.renderKey}:${status}`;
  const kept = renderedPages.get(key);
  if (kept) {
    // Sent in the parts it was rendered in: the head still arrives first, on its own.
    const replay = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of kept) controller.enqueue(part);
        controller.close();
      },
    });
    return new Response(replay, { status, headers });
  }
  forgetStale(renderedPages, generation);

  const entry = page.entry;
  let failed = false;
  let rendered: StreamedPage;
  try {
    rendered = await session.renderStream(page, generation, (error) => {
      failed = true;
      console.error(`docsite: error while rendering ${entry.route}:`, error);
    });
  } catch (error) {
    if (!(error instanceof DocsiteError)) throw error;
    console.error(formatError(error));
    return htmlResponse(errorPage([error], 'Failed to render'), 500);
  }
  const docInput = {
    site: generation.site.table.site,
    page: rendered.page,
    assets: { ...page.assets, bodyEnd: liveClientScript() },
    noindex: status === 404,
    analytics: false,
  };
  const encoder = new TextEncoder();
  const head = documentHead(docInput);
  const tail = encoder.encode(documentTail(docInput));
  const body = rendered.body;
  const parts: Uint8Array[] = [];
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // The document head goes out at once, so the browser starts loading CSS and chunks while React renders.
      const send = (part: Uint8Array) => {
        parts.push(part);
        controller.enqueue(part);
      };
      const reader = body.getReader();
      let headSent = false;
      try {
        // React's first chunk is the shell: the <title> and <meta> of <Head> it starts with go in the head.
        const first = await reader.read();
        const hoisted = first.done ? '' : leadingHoistables(new TextDecoder().decode(first.value));
        send(encoder.encode(withHoisted(head, hoisted)));
        headSent = true;
        // The rest of the chunk as bytes: it may end inside a character the next chunk completes.
        const rest = first.done ? undefined : first.value.subarray(encoder.encode(hoisted).length);
        if (rest?.length) send(rest);
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          send(value);
        }
      } catch (error) {
        // The page passed the time limit after its first part was sent: the status is gone, the error goes in the page.
        failed = true;
        const message = error instanceof DocsiteError ? formatError(error) : String((error as Error)?.stack ?? error);
        console.error(message);
        if (!headSent) send(encoder.encode(head));
        send(encoder.encode(`<pre role="alert" class="docsite-render-error">${escapeHtml(message)}</pre>`));
      }
      send(tail);
      controller.close();
      // A page whose render reported an error is rendered again next time, so a fix shows at once.
      if (!failed) renderedPages.set(key, parts);
    },
  });
  return new Response(stream, { status, headers });
}

/** Drops kept pages of render keys the generation no longer has, so memory holds one version of each page. */
function forgetStale(renderedPages: RenderedPages, generation: Generation): void {
  if (renderedPages.size === 0) return;
  const live = new Set<string>();
  for (const page of generation.site.pages.values()) live.add(page.renderKey);
  for (const key of renderedPages.keys()) if (!live.has(key.slice(0, key.lastIndexOf(':')))) renderedPages.delete(key);
}

/** Resolves once the client is gone: the stream was cancelled or the request's connection closed. */
function whenClosed(stream: SSEStreamingApi, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stream.aborted || signal.aborted) return resolve();
    stream.onAbort(resolve);
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * Sends a comment line every interval. A ping still unread when the next one is due means nobody
 * reads this stream any more (a peer that vanished without closing): the stream is ended.
 */
function keepAlive(stream: SSEStreamingApi, intervalMs: number): NodeJS.Timeout {
  let unread = false;
  const timer = setInterval(() => {
    if (unread) return stream.abort();
    unread = true;
    void stream.write(': ping\n\n').then(() => (unread = false));
  }, intervalMs);
  return timer.unref();
}

function htmlResponse(html: string, status: number): Response {
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=UTF-8' } });
}

/** The first events of a stream. A function of its own, so the waiting handler holds no generation alive. */
async function greet(stream: SSEStreamingApi, state: SessionState): Promise<void> {
  await stream.writeSSE({ event: 'hello', data: String(state.status) });
  if (state.status === 'error') await stream.writeSSE({ event: 'error-report', data: errorPayload(state.errors) });
}

/**
 * A file under content/static, never outside it: the URL may not climb out of the folder, and the
 * file's real path must lie inside the site folder (content/static sits at <site>/content/static),
 * so a link to another file of the site is served and a link out of it is not.
 */
async function staticFile(root: string, pathname: string): Promise<{ path: string; checked: CheckedFile } | undefined> {
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${pathname}`)}`);
  if (resolved !== root && !isInsideFolder(root, resolved)) return undefined;
  const siteDir = path.dirname(path.dirname(root));
  for (const candidate of [resolved, path.join(resolved, 'index.html')]) {
    const checked = await checkInside(siteDir, candidate);
    if (checked) return { path: candidate, checked };
  }
  return undefined;
}

function errorPage(errors: DocsiteError[], title = 'Failed to compile'): string {
  const sections = errors
    .map(
      (error) =>
        `<section><p class="docsite-overlay-loc">${escapeHtml(error.loc ? formatLocation(error.loc) : '')}</p><p class="docsite-overlay-msg">${escapeHtml(error.message)}</p>${error.frame ? `<pre>${escapeHtml(error.frame)}</pre>` : ''}${error.hint ? `<p class="docsite-overlay-hint">${escapeHtml(error.hint)}</p>` : ''}</section>`,
    )
    .join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} | docsite</title></head><body><div class="docsite-overlay" id="docsite-error-overlay">${overlayShell(title).replace('%ERRORS%', sections)}</div>${liveClientScript()}</body></html>`;
}
