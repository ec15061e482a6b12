/**
 * The search stage of a build: the rendered pages' records gathered into the files the site ships,
 * so the index can never be stale against the pages it ships with: the records as the crawler would
 * make them (for an Algolia upload), the embedded index, the Web Worker that searches it, and the
 * modal's stylesheet (DocSearch's, then the theme's changes to it).
 */
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { SEARCH_INDEX_FILE, SEARCH_MODAL_CSS_FILE, SEARCH_RECORDS_FILE, SEARCH_WORKER_FILE, type SearchRecord } from '../shared/search/types';
import { createSearchIndexFile } from './index-file';

export interface SearchFilesSummary {
  records: number;
  pages: number;
  /** The index file's size, and what it weighs sent gzip-compressed. */
  indexBytes: number;
  indexGzipBytes: number;
}

export interface SearchFilesOptions {
  /** The rendered pages, each with its records (none for pages search leaves out). */
  pages: readonly ({ records?: SearchRecord[] } | undefined)[];
  /** The site's URL with its base (`https://lexical.dev/`). */
  origin: string;
  /** The worker's source (src/runtime/search-worker.ts) and the modal's stylesheets, in order. */
  workerEntry: string;
  stylesheets: string[];
}

export async function createSearchFiles(options: SearchFilesOptions): Promise<{ files: Map<string, string>; summary: SearchFilesSummary }> {
  const records: SearchRecord[] = [];
  let pages = 0;
  for (const page of options.pages) {
    if (!page?.records?.length) continue;
    pages++;
    for (const record of page.records) records.push(record);
  }
  const [worker, css] = await Promise.all([bundleWorker(options.workerEntry), Promise.all(options.stylesheets.map((file) => readFile(file, 'utf8')))]);
  const index = createSearchIndexFile(records, options.origin);
  const files = new Map<string, string>([
    [SEARCH_INDEX_FILE, index],
    [SEARCH_RECORDS_FILE, JSON.stringify(records)],
    [SEARCH_WORKER_FILE, worker],
    [SEARCH_MODAL_CSS_FILE, css.join('\n')],
  ]);
  const indexBytes = Buffer.byteLength(index);
  return { files, summary: { records: records.length, pages, indexBytes, indexGzipBytes: gzipSync(index).length } };
}

async function bundleWorker(entry: string): Promise<string> {
  const result = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2020', minify: true, legalComments: 'none', logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}
