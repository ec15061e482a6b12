/**
 * The embedded search engine's Web Worker: fetches and parses the index off the main thread on the
 * first message, then answers each `search({requests})` body. A failed or unreadable index is an
 * error for that request (the modal shows its error screen); the next request tries again.
 */
import { createSearchEngine, type SearchEngine } from '../shared/search/engine';
import type { SearchIndexFile } from '../shared/search/types';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SearchMessage>) => void) | null;
  postMessage(message: unknown): void;
}

/** `body` null only warms the engine (the visitor is about to search). */
export interface SearchMessage {
  id: number;
  index: string;
  body: { requests: unknown[] } | null;
}

const scope = self as unknown as WorkerScope;
let loaded: { url: string; engine: Promise<SearchEngine> } | undefined;

function engineFor(url: string): Promise<SearchEngine> {
  if (loaded?.url === url) return loaded.engine;
  const engine = fetch(url, { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`The search index could not be loaded (HTTP ${response.status}).`);
      return response.json() as Promise<SearchIndexFile>;
    })
    .then((file) => createSearchEngine(file));
  loaded = { url, engine };
  engine.catch(() => {
    if (loaded?.engine === engine) loaded = undefined;
  });
  return engine;
}

scope.onmessage = (event) => {
  const { id, index, body } = event.data;
  engineFor(index).then(
    (engine) => scope.postMessage({ id, result: body ? engine.search(body as Parameters<SearchEngine['search']>[0]) : null }),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
};
