/**
 * The embedded search engine's Web Worker: on the first message, fetches the index's manifest, then
 * all its shards at once, and joins them off the main thread; then answers each `search({requests})`
 * body. A failed or unreadable index is an error for that request (the modal shows its error
 * screen); the next request tries again.
 */
import { createSearchEngine, type SearchEngine } from '../shared/search/engine';
import { loadSearchIndex } from '../shared/search/join-index';
import { SEARCH_INDEX_FILE } from '../shared/search/types';

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

/** A search file's JSON; a file that cannot be fetched is an error that says so. */
async function fetchJson(url: string | URL): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The search index could not be loaded (HTTP ${response.status}).`);
  return response.json();
}

function engineFor(url: string): Promise<SearchEngine> {
  if (loaded?.url === url) return loaded.engine;
  // The manifest's shards are named relative to the site's base URL, where the manifest's own path starts.
  const manifestUrl = new URL(url, self.location.href);
  const base = manifestUrl.href.endsWith(SEARCH_INDEX_FILE) ? manifestUrl.href.slice(0, -SEARCH_INDEX_FILE.length) : new URL('../../', manifestUrl).href;
  const engine = fetchJson(manifestUrl)
    .then((manifest) => loadSearchIndex(manifest, (file) => fetchJson(new URL(file, base))))
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
