/**
 * `docsite search upload`: the records a build wrote, pushed to the configured Algolia index with
 * algoliasearch. The index gets DocSearch's settings, then its records are replaced atomically
 * (replaceAllObjects: a temporary index is filled, then moved over the live one), so visitors never
 * search a half-uploaded index. The admin key comes from the environment, never from the config.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { algoliasearch, type IndexSettings } from 'algoliasearch';
import { DocsiteError } from '../core/errors';
import { SEARCH_RECORDS_FILE, type SearchRecord } from '../shared/search/types';

export const ADMIN_KEY_VARIABLE = 'ALGOLIA_ADMIN_API_KEY';

/** The DocSearch crawler template's index settings ("Docusaurus v2 and later"), which the records are made for. */
export const DOCSEARCH_SETTINGS: IndexSettings = {
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  attributesForFaceting: ['type', 'lang', 'language', 'version', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  separatorsToIndex: '_',
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  advancedSyntax: true,
  removeWordsIfNoResults: 'allOptional',
  minProximity: 1,
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
};

export interface UploadOptions {
  outDir: string;
  algolia: { appId: string; indexName: string; hosts?: string[] };
  adminKey: string | undefined;
}

export async function uploadRecords(options: UploadOptions): Promise<{ records: number; indexName: string }> {
  const { algolia } = options;
  if (!options.adminKey)
    throw new DocsiteError({ code: 'SEARCH_NO_ADMIN_KEY', message: `${ADMIN_KEY_VARIABLE} is not set: uploading needs the index's admin API key.` });
  const file = path.join(options.outDir, SEARCH_RECORDS_FILE);
  const text = await readFile(file, 'utf8').catch(() => undefined);
  let records: SearchRecord[] | undefined;
  try {
    records = text === undefined ? undefined : (JSON.parse(text) as SearchRecord[]);
  } catch {
    records = undefined;
  }
  if (!Array.isArray(records)) throw new DocsiteError({ code: 'SEARCH_NO_RECORDS', message: `There are no search records at ${file}.` });

  const client = algoliasearch(algolia.appId, options.adminKey, algolia.hosts ? { hosts: algolia.hosts.map(toHost) } : undefined);
  try {
    const settings = await client.setSettings({ indexName: algolia.indexName, indexSettings: DOCSEARCH_SETTINGS });
    await client.waitForTask({ indexName: algolia.indexName, taskID: settings.taskID });
    await client.replaceAllObjects({ indexName: algolia.indexName, objects: records as unknown as Record<string, unknown>[], batchSize: 1000 });
  } catch (error) {
    throw new DocsiteError({
      code: 'SEARCH_UPLOAD_FAILED',
      message: `Uploading ${records.length} records to the Algolia index "${algolia.indexName}" failed: ${(error as Error).message}`,
    });
  }
  return { records: records.length, indexName: algolia.indexName };
}

function toHost(url: string): { url: string; port?: number; protocol: 'http' | 'https'; accept: 'readWrite' } {
  const parsed = new URL(url);
  return {
    url: parsed.hostname,
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    protocol: parsed.protocol === 'http:' ? 'http' : 'https',
    accept: 'readWrite',
  };
}
