/**
 * The dev server's render thread (see src/serve/render-thread.ts): imports the shared renderer and a page's
 * module, renders the page and sends its HTML back, streamed in the parts React writes or as one
 * string. The server's own thread never runs a page's code, so a page that never ends stops this
 * thread, which the server ends and replaces, and never the server.
 */
import type { MessagePort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { PageData, RouteModule } from '../shared/types';
import { collectGarbage } from '../infra/garbage';
import { inLocaleGraph, rendererCache, withoutLocaleGraph } from './locale-graph';

/** What the server asks of the thread; `collect` (the server is quiet): collect the garbage the renders left. */
export type RenderRequest =
  | { kind: 'preload'; renderer: string }
  | { kind: 'collect' }
  | { kind: 'stream' | 'html'; id: number; renderer: string; module: string; locale?: string | undefined };

/** An error as plain data. */
export interface SentError {
  name: string;
  message: string;
  stack: string;
}

/** What the thread answers, each tagged with the request's id. */
export type RenderReply =
  | { id: number; type: 'begin' | 'end' }
  | { id: number; type: 'start'; page: PageData }
  | { id: number; type: 'chunk'; chunk: Uint8Array }
  | { id: number; type: 'html'; page: PageData; html: string }
  | { id: number; type: 'renderError' | 'error'; error: SentError };

interface Renderer {
  renderPage(mod: RouteModule): string;
  renderPageStream(mod: RouteModule, options?: { onError?: (error: unknown) => void }): Promise<ReadableStream<Uint8Array>>;
}

export function serveRenders(port: MessagePort): void {
  const loadRenderer = rendererCache<Renderer>();
  const reply = (message: RenderReply) => port.postMessage(message);

  port.on('message', (request: RenderRequest) => {
    if (request.kind === 'preload') {
      void loadRenderer(request.renderer, undefined).catch(() => undefined);
      return;
    }
    if (request.kind === 'collect') {
      collectGarbage();
      return;
    }
    void (async () => {
      const { id } = request;
      try {
        // The page first: its locale's module runs before the shared bundle's modules (see locale-modules.ts).
        const mod = (await import(inLocaleGraph(pathToFileURL(request.module).href, request.locale))) as RouteModule;
        const loaded = await loadRenderer(request.renderer, request.locale);
        // The time limit counts from here: loading the renderer and the page's modules is the thread's, not the page's.
        reply({ id, type: 'begin' });
        if (request.kind === 'html') {
          reply({ id, type: 'html', page: mod.page, html: loaded.renderPage(mod) });
          return;
        }
        const body = await loaded.renderPageStream(mod, { onError: (error) => reply({ id, type: 'renderError', error: describeError(error) }) });
        reply({ id, type: 'start', page: mod.page });
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // Copied, not moved: React may write its next part into the same buffer.
          reply({ id, type: 'chunk', chunk: value });
        }
        reply({ id, type: 'end' });
      } catch (error) {
        reply({ id, type: 'error', error: describeError(error) });
      }
    })();
  });
}

/** An error as plain data: what a page throws may hold what cannot cross to another thread. */
function describeError(error: unknown): SentError {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: withoutLocaleGraph(error.stack ?? '') };
  return { name: 'Error', message: String(error), stack: '' };
}
