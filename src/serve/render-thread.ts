/**
 * Where the dev server renders pages: one thread of its own, one page at a time, each with a time
 * limit. The server's thread imports no page module, so a page whose code never ends (a loop in the
 * page or in a component it uses) cannot stop it: past the limit the thread is ended, the page gets
 * a TIME_LIMIT error, and a fresh thread renders the next page. Pages stream back in the parts React
 * writes them in, so the browser still gets the head of a page before its body is rendered.
 *
 * The thread keeps every page module it imported (Node gives none back), so once it has imported
 * MODULES_PER_THREAD of them it is replaced when idle, and the server's memory stays flat over a
 * long session of edits.
 */
import { Worker } from 'node:worker_threads';
import { timeLimitError, workerExecArgv, workerFile } from '../infra/pool';
import { timeLimitMs } from '../core/time-limit';
import type { RenderReply, RenderRequest, SentError } from '../render/stream-thread';
import type { PageData } from '../shared/types';

export interface StreamedPage {
  page: PageData;
  /** The page's HTML as React writes it; errors with TIME_LIMIT when the render passes the limit midway. */
  body: ReadableStream<Uint8Array>;
}

/** A page to render: its Node module, and its source as messages name it. */
export interface PageToRender {
  module: string;
  source: string;
  /** Its locale when not the default one: the page runs in that locale's module graph. */
  locale?: string;
}

export interface RenderThread {
  /** Loads the shared renderer ahead of the first page. */
  preload(renderer: string): void;
  /**
   * Renders a page as a stream; `onError` hears the errors React recovers from (the page still
   * streams). A page past the time limit rejects with a TIME_LIMIT error naming its source.
   */
  stream(renderer: string, page: PageToRender, onError: (error: Error) => void): Promise<StreamedPage>;
  /** Renders a page to one string, after every page asked for as a stream. */
  html(renderer: string, page: PageToRender): Promise<{ page: PageData; html: string }>;
  /** Has the thread, when it has nothing to render, collect the garbage its pages left (the server is quiet). */
  collectGarbage(): void;
  close(): Promise<void>;
}

/** How many page modules a thread imports before it is replaced (when it has nothing to do). */
const MODULES_PER_THREAD = 200;

interface Job extends PageToRender {
  id: number;
  kind: 'stream' | 'html';
  renderer: string;
  onError?: (error: Error) => void;
  resolve(value: StreamedPage | { page: PageData; html: string }): void;
  reject(error: Error): void;
  /** The stream's controller, once the shell is rendered. */
  controller?: ReadableStreamDefaultController<Uint8Array>;
}

export function createRenderThread(options: { limitMs?: number } = {}): RenderThread {
  const limitMs = options.limitMs ?? timeLimitMs();
  let worker: Worker | undefined;
  let modules = 0;
  let lastRenderer: string | undefined;
  let running: Job | undefined;
  let timer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let closed = false;
  // Pages asked for by a browser go before pages rendered for search.
  const streams: Job[] = [];
  const strings: Job[] = [];

  const start = (): Worker => {
    const thread = new Worker(workerFile(), { workerData: { docsiteRenderThread: true }, execArgv: workerExecArgv() });
    thread.unref();
    thread.on('message', (reply: RenderReply) => thread === worker && onReply(reply));
    // A thread that dies on its own (out of memory): the page it was on fails, the next gets a new thread.
    thread.on('error', (error) => thread === worker && lost(error));
    thread.on('exit', (code) => thread === worker && lost(new Error(`the render thread stopped (exit code ${code})`)));
    modules = 0;
    if (lastRenderer) thread.postMessage({ kind: 'preload', renderer: lastRenderer } satisfies RenderRequest);
    return thread;
  };
  const thread = () => (worker ??= start());

  const end = () => {
    const gone = worker;
    worker = undefined;
    void gone?.terminate();
  };

  const lost = (error: Error) => {
    worker = undefined;
    fail(error);
  };

  const fail = (error: Error) => {
    const job = running;
    if (!job) return;
    finish();
    failJob(job, error);
  };

  const finish = () => {
    clearTimeout(timer);
    // Idle, the thread keeps no process alive; busy, it does (a test awaiting a page holds nothing else).
    worker?.unref();
    running = undefined;
    queueMicrotask(next);
  };

  /** (Re)starts the running page's clock: past the limit, its thread is ended. */
  const clock = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      end();
      if (running) fail(timeLimitError(running.source, 'rendering', limitMs));
    }, limitMs);
    timer.unref();
  };

  const onReply = (reply: RenderReply) => {
    const job = running;
    if (job && reply.id === job.id) applyReply(job, reply, { clock, finish, fail });
  };

  const next = () => {
    if (running || closed) return;
    const job = streams.shift() ?? strings.shift();
    if (!job) {
      if (worker && modules >= MODULES_PER_THREAD) {
        end();
        worker = start();
      }
      return;
    }
    running = job;
    lastRenderer = job.renderer;
    modules++;
    // Until the thread says the renderer is loaded, the clock covers loading it too.
    clock();
    thread().ref();
    thread().postMessage({ kind: job.kind, id: job.id, renderer: job.renderer, module: job.module, locale: job.locale } satisfies RenderRequest);
  };

  const enqueue = <T>(kind: Job['kind'], renderer: string, page: PageToRender, onError?: (error: Error) => void): Promise<T> => {
    if (closed) return Promise.reject(new Error('the render thread is closed'));
    return new Promise<T>((resolve, reject) => {
      const job: Job = { id: nextId++, kind, renderer, ...page, resolve: resolve as Job['resolve'], reject, ...(onError ? { onError } : {}) };
      (kind === 'stream' ? streams : strings).push(job);
      next();
    });
  };

  return {
    preload(renderer) {
      lastRenderer = renderer;
      thread().postMessage({ kind: 'preload', renderer } satisfies RenderRequest);
    },
    stream: (renderer, page, onError) => enqueue<StreamedPage>('stream', renderer, page, onError),
    html: (renderer, page) => enqueue<{ page: PageData; html: string }>('html', renderer, page),
    collectGarbage() {
      if (worker && !running) worker.postMessage({ kind: 'collect' } satisfies RenderRequest);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const waiting = [...streams.splice(0), ...strings.splice(0), ...(running ? [running] : [])];
      running = undefined;
      for (const job of waiting) failJob(job, new Error('the dev server stopped'));
      const gone = worker;
      worker = undefined;
      await gone?.terminate();
    },
  };
}

/** What the running job's thread said, applied to the job: its clock, its stream or promise, its end. */
function applyReply(job: Job, reply: RenderReply, steps: { clock(): void; finish(): void; fail(error: Error): void }): void {
  switch (reply.type) {
    case 'begin':
      steps.clock();
      return;
    case 'renderError':
      job.onError?.(toError(reply.error));
      return;
    case 'start':
      job.resolve({
        page: reply.page,
        body: new ReadableStream<Uint8Array>({
          start: (controller) => {
            job.controller = controller;
          },
        }),
      });
      return;
    case 'chunk':
      job.controller?.enqueue(reply.chunk);
      return;
    case 'end':
      steps.finish();
      job.controller?.close();
      return;
    case 'html':
      steps.finish();
      job.resolve({ page: reply.page, html: reply.html });
      return;
    case 'error':
      steps.fail(toError(reply.error));
      return;
  }
}

/** Ends a job with `error`: its stream errors once the shell was sent, its promise rejects before. */
function failJob(job: Job, error: Error): void {
  if (job.controller) job.controller.error(error);
  else job.reject(error);
}

function toError(sent: SentError): Error {
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}
