/**
 * The search stage of a build: the rendered pages' records gathered into the files the site ships,
 * the records as the crawler would make them (for an Algolia upload) and the embedded index, so the
 * index can never be stale against the pages it ships with.
 */
import { gzipSync } from 'node:zlib';
import { SEARCH_INDEX_FILE, SEARCH_RECORDS_FILE, type SearchRecord } from '../shared/search/types';
import { createSearchIndexFile } from './index-file';

export interface SearchFilesSummary {
  records: number;
  pages: number;
  /** The index file's size, and what it weighs sent gzip-compressed. */
  indexBytes: number;
  indexGzipBytes: number;
}

export function createSearchFiles(options: { pages: readonly ({ records?: SearchRecord[] } | undefined)[]; origin: string }): { files: Map<string, string>; summary: SearchFilesSummary } {
  const records: SearchRecord[] = [];
  let pages = 0;
  for (const page of options.pages) {
    if (!page?.records?.length) continue;
    pages++;
    for (const record of page.records) records.push(record);
  }
  const index = createSearchIndexFile(records, options.origin);
  const files = new Map<string, string>([
    [SEARCH_INDEX_FILE, index],
    [SEARCH_RECORDS_FILE, JSON.stringify(records)],
  ]);
  const indexBytes = Buffer.byteLength(index);
  return { files, summary: { records: records.length, pages, indexBytes, indexGzipBytes: gzipSync(index).length } };
}
