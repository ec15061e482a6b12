/**
 * The embedded search index as the tests read it: the manifest at SEARCH_INDEX_FILE and the shards
 * it lists, joined by the same loadSearchIndex the browser's worker and the dev server use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSearchEngine, type SearchEngine } from '../../src/shared/search/engine';
import { loadSearchIndex } from '../../src/shared/search/join-index';
import { SEARCH_INDEX_FILE, type SearchIndexFile, type SearchIndexManifest } from '../../src/shared/search/types';
import { fetchWithin } from './helpers';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** The manifest of the index in the output folder `outDir`. */
export function readSearchManifest(outDir: string): SearchIndexManifest {
  return readJson(path.join(outDir, SEARCH_INDEX_FILE)) as SearchIndexManifest;
}

/** The index in the output folder `outDir`, its shards joined. */
export function readSearchIndex(outDir: string): Promise<SearchIndexFile> {
  return loadSearchIndex(readJson(path.join(outDir, SEARCH_INDEX_FILE)), (file) => readJson(path.join(outDir, file)));
}

/** An engine over the index in the output folder `outDir`. */
export async function searchEngineOf(outDir: string): Promise<SearchEngine> {
  return createSearchEngine(await readSearchIndex(outDir));
}

/** The index a server at `base` (its site's base URL, ending with a slash) serves, its shards fetched. */
export async function fetchSearchIndex(base: string): Promise<SearchIndexFile> {
  const json = async (file: string) => {
    const response = await fetchWithin(new URL(file, base));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return loadSearchIndex(await json(SEARCH_INDEX_FILE), json);
}

/** The index of search files made in memory (createSearchFiles), its shards joined, as JSON. */
export async function joinedIndexOf(files: ReadonlyMap<string, string>): Promise<string> {
  const json = (file: string) => JSON.parse(files.get(file) ?? 'null') as unknown;
  return JSON.stringify(await loadSearchIndex(json(SEARCH_INDEX_FILE), json));
}
