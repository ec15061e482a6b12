/**
 * The search client of the embedded index: Algolia's `search({requests})` contract answered by the
 * engine in a Web Worker. Any failure (no worker, no index, a broken index) rejects with a
 * `RetryError`, as Algolia's client does when every host is down, so the modal shows its error screen.
 */
import type { SearchResponse } from '../../src/shared/search/types';

export interface SearchBody {
  requests: Record<string, unknown>[];
}

export interface SearchClientLike {
  search(body: SearchBody): Promise<{ results: SearchResponse[] }>;
}

export interface LocalSearchClient extends SearchClientLike {
  /** Starts the worker and its index download, before the first query. */
  warm(): void;
}

export class RetryError extends Error {
  override name = 'RetryError';
}

export function createLocalSearchClient(local: { index: string; worker: string }): LocalSearchClient {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  const failAll = (message: string) => {
    for (const request of pending.values()) request.reject(new RetryError(message));
    pending.clear();
    worker?.terminate();
    worker = undefined;
  };

  const start = (): Worker => {
    if (worker) return worker;
    const started = new Worker(local.worker);
    started.onmessage = (event: MessageEvent<{ id: number; result?: unknown; error?: string }>) => {
      const request = pending.get(event.data.id);
      if (!request) return;
      pending.delete(event.data.id);
      if (event.data.error !== undefined) request.reject(new RetryError(event.data.error));
      else request.resolve(event.data.result);
    };
    // The worker's script did not load or threw: every open request fails, the next one starts a new worker.
    started.onerror = (event) => {
      event.preventDefault();
      failAll('The search worker could not start.');
    };
    worker = started;
    return started;
  };

  const send = (body: SearchBody | null) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      try {
        start().postMessage({ id, index: local.index, body });
      } catch (error) {
        pending.delete(id);
        reject(new RetryError(error instanceof Error ? error.message : String(error)));
      }
    });

  return {
    warm() {
      send(null).catch(() => undefined);
    },
    search: (body) => send(body) as Promise<{ results: SearchResponse[] }>,
  };
}
