/**
 * One search client per configuration for the modal and the search page: the embedded index's
 * worker client, or Algolia's lite client. Loaded with the modal or the search page, never before.
 */
import type { SearchSiteData } from '../../src/shared/types';
import { createLocalSearchClient, type SearchClientLike } from './local-client';

const clients = new Map<string, Promise<SearchClientLike & { warm?(): void }>>();

export function searchClientFor(search: SearchSiteData): Promise<SearchClientLike & { warm?(): void }> {
  const algolia = search.algolia;
  const key = search.local ? search.local.index : `${algolia!.appId}/${algolia!.apiKey}/${algolia!.hosts?.join(',') ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = search.local
      ? Promise.resolve(createLocalSearchClient(search.local))
      : import('algoliasearch/lite').then(
          ({ liteClient }) =>
            liteClient(algolia!.appId, algolia!.apiKey, algolia!.hosts ? { hosts: algolia!.hosts.map(toHost) } : undefined) as unknown as SearchClientLike,
        );
    clients.set(key, client);
  }
  return client;
}

/** A hit's URL as a link in this site: the site's own absolute URLs become paths (the index may come from another host). */
export function localUrl(url: string, siteOrigin: string): string {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin || target.origin === new URL(siteOrigin).origin) return `${target.pathname}${target.search}${target.hash}`;
  return target.href;
}

/** Contextual filters first, then the configured ones, as Docusaurus merges them. */
export function searchParametersOf(search: SearchSiteData): Record<string, unknown> {
  const configured = search.algolia?.searchParameters ?? {};
  const facetFilters = [...(search.facetFilters ?? []), ...toList(configured.facetFilters)];
  return { ...configured, ...(facetFilters.length > 0 ? { facetFilters } : {}) };
}

function toList(value: unknown): (string | string[])[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as (string | string[])[];
}

/** A configured host URL as algoliasearch's host option. */
function toHost(url: string): { url: string; port?: number; protocol: 'http' | 'https'; accept: 'readWrite' } {
  const parsed = new URL(url);
  return {
    url: parsed.hostname,
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    protocol: parsed.protocol === 'http:' ? 'http' : 'https',
    accept: 'readWrite',
  };
}
