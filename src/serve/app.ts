/** The dev server as a Hono app: streams server-rendered pages, serves in-memory chunks and static files, pushes reloads. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { formatLocation, type DocsiteError } from '../core/errors';
import { routeKey } from '../core/paths';
import { documentHead, documentTail, escapeHtml } from '../render/document';
import { contentType } from './content-type';
import { LIVE_EVENTS_PATH, liveClientScript, overlayShell } from './live-client';
import type { DevSession, Generation } from './session';

export interface LiveChannel {
  subscribe(listener: (event: string, data: string) => void): () => void;
  publish(event: string, data: string): void;
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
  };
}

export function errorPayload(errors: DocsiteError[]): string {
  return JSON.stringify(errors.map((error) => ({ message: error.message, location: error.loc ? formatLocation(error.loc) : '', frame: error.frame ?? '', hint: error.hint ?? '' })));
}

export function createServeApp(options: { session: DevSession; live: LiveChannel }) {
  const { session, live } = options;
  const app = new Hono();

  app.get(LIVE_EVENTS_PATH, (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = live.subscribe((event, data) => void stream.writeSSE({ event, data }));
      const state = session.state();
      await stream.writeSSE({ event: 'hello', data: String(state.status) });
      if (state.status === 'error') await stream.writeSSE({ event: 'error-report', data: errorPayload(state.errors) });
      await new Promise<void>((resolve) => stream.onAbort(resolve));
      unsubscribe();
    }),
  );

  app.get('*', async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Pathname could not be decoded', 400);
    }
    const state = session.state();
    if (state.status === 'error') return c.html(errorPage(state.errors), 500);
    const generation = state.generation;

    const asset = generation.client.files.get(pathname.replace(/^\/+/, ''));
    if (asset) return new Response(asset as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType(pathname), 'cache-control': 'no-cache' } });
    const sidebar = generation.table.sidebarFiles.find((file) => file.url === pathname);
    if (sidebar) return c.body(sidebar.json, 200, { 'content-type': 'application/json' });
    if (pathname === generation.table.site.manifest) return c.json(generation.client.manifest);

    const generated = generation.files.get(pathname.replace(/^\/+/, ''));
    if (generated !== undefined) return c.body(generated, 200, { 'content-type': contentType(pathname) });
    const redirect = generation.table.redirects.find((page) => routeKey(page.route) === routeKey(pathname));
    if (redirect) return c.html(redirect.html);

    const found = session.findRoute(pathname);
    if (found) return renderRoute(found.generation, found.index, 200);

    const file = await staticFile(generation.staticDir, pathname);
    if (file) return new Response(Readable.toWeb(createReadStream(file.path)) as ReadableStream, { headers: { 'content-type': contentType(file.path), 'content-length': String(file.size) } });

    const notFound = session.notFound();
    if (notFound) return renderRoute(notFound.generation, notFound.index, 404);
    return c.text('Not found', 404);
  });

  return app;
}

async function renderRoute(generation: Generation, index: number, status: number): Promise<Response> {
  const entry = generation.table.routes[index]!;
  const mod = await generation.server.routes[index]!();
  const docInput = { site: generation.table.site, page: mod.page, assets: { ...generation.client.assets[index]!, bodyEnd: liveClientScript() }, noindex: status === 404 };
  const encoder = new TextEncoder();
  const head = encoder.encode(documentHead(docInput));
  const tail = encoder.encode(documentTail(docInput));
  const body = await generation.server.renderPageStream(mod, { onError: (error) => console.error(`docsite: error while rendering ${entry.route}:`, error) });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      // The document head goes out at once, so the browser starts loading CSS and chunks while React renders.
      controller.enqueue(head);
      const reader = body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        controller.enqueue(value);
      }
      controller.enqueue(tail);
      controller.close();
    },
  });
  return new Response(stream, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** A file under content/static, never outside it. */
async function staticFile(root: string, pathname: string): Promise<{ path: string; size: number } | undefined> {
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${pathname}`)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return undefined;
  for (const candidate of [resolved, path.join(resolved, 'index.html')]) {
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return { path: candidate, size: info.size };
  }
  return undefined;
}

function errorPage(errors: DocsiteError[]): string {
  const sections = errors
    .map(
      (error) =>
        `<section><p class="docsite-overlay-loc">${escapeHtml(error.loc ? formatLocation(error.loc) : '')}</p><p class="docsite-overlay-msg">${escapeHtml(error.message)}</p>${error.frame ? `<pre>${escapeHtml(error.frame)}</pre>` : ''}${error.hint ? `<p class="docsite-overlay-hint">${escapeHtml(error.hint)}</p>` : ''}</section>`,
    )
    .join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Failed to compile | docsite</title></head><body><div class="docsite-overlay" id="docsite-error-overlay">${overlayShell().replace('%ERRORS%', sections)}</div>${liveClientScript()}</body></html>`;
}
