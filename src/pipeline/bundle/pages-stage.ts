/**
 * The bundle pages stage: each route's own module as a page chunk, bundled again only when it or a
 * file it was made from changed. Chunks are kept in memory between updates and in the store between
 * processes. Errors found by this or an earlier stage end the pass here, each reported once.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteErrorList, isDocsiteError, throwIfAny, type DocsiteError } from '../../core/errors';
import { digestOf } from '../../infra/digest';
import { stampOf, unchangedSince, type FileStamp } from '../../infra/file-stamp';
import { productOf, type Pass } from '../pass';
import { routeEntryNames } from './bundle';
import { routeModuleDigest } from './route-module';
import { oneShotBundler } from './bundler';
import { chunkKey, MARKDOWN_FILE } from './chunk-store';
import { bundlePages, type PageChunk, type SharedModule } from './chunks';
import { bundleSharedClient, mergeImports } from './shared-bundle';

export async function bundlePagesStage(pass: Pass): Promise<void> {
  const { graph, config, scope, changed, store } = pass;
  const { kept } = scope;
  const { table, routes, input } = productOf(pass, 'routes');
  const { dev, memory } = graph;
  // Folders of caches that the store and this graph replaced (rendered pages, the server bundle of every page).
  if (!dev) await Promise.all(['render', 'server'].map((name) => rm(path.join(config.cacheDir, name), { recursive: true, force: true })));
  const codeDigestsNow = new Map<string, string>();
  const digestCode = (code: string) => {
    const digest = kept.codeDigests.get(code) ?? digestOf(code);
    codeDigestsNow.set(code, digest);
    return digest;
  };
  // Each route's module source holds its page data: its digest keys both its chunk and its rendering.
  const sourceDigests = routes.map((entry) => routeModuleDigest(entry, input.site, input.titleDelimiter));
  const keys = routes.map((entry, index) => chunkKey(entry, sourceDigests[index]!, input, graph.fingerprint, digestCode));
  const preprocessing = Boolean(config.site.markdown.preprocessor);
  kept.codeDigests = codeDigestsNow;
  const chunks = new Map<number, PageChunk>();
  const missing: number[] = [];
  // The dev server reads the store until its first update ends, with its first pages; after that its
  // memory holds every chunk, and an edit's new chunk is only written.
  const readsStore = !dev || !memory.checkedOnce;
  const storedChunks = dev && readsStore ? (memory.devChunks ??= memory.chunkStore(store)) : memory.chunkStore(store);
  /** Whether the chunk an earlier update or build made for route `index` still holds: kept if so, bundled again if not. */
  const checkChunk = async (index: number): Promise<void> => {
    const key = keys[index]!;
    const inMemory = kept.chunks.get(key);
    const found = inMemory ?? (readsStore ? await storedChunks.get(key) : undefined);
    // A partial's `.md` links resolve against the current pages: a doc moved since means a new chunk.
    const linksHold = (found?.chunk.partialLinks ?? []).every((link) => table.markdownRoute(link.from, link.target) === link.route);
    // A preprocessor may give an unchanged partial other text in this process than in the one that
    // stored the chunk (it can read the environment), so a stored chunk that inlines markdown is made
    // again; within one process (serve) it stands until the partial changes.
    const partialsHold = !preprocessing || !found || kept.chunks.has(key) || !Object.keys(found.digests).some((file) => MARKDOWN_FILE.test(file));
    // What `changed` says holds since this process last checked: a stored chunk is checked whole.
    if (found && linksHold && partialsHold && (await unchangedSince(found.digests, inMemory ? changed : undefined))) {
      chunks.set(index, found.chunk);
      kept.chunks.set(key, found);
    } else missing.push(index);
  };
  const checks: Promise<void>[] = [];
  for (let index = 0; index < routes.length; index++) {
    // A chunk this process made, from files nobody touched since, with no partial whose links could move: kept as it is.
    const inMemory = changed && kept.chunks.get(keys[index]!);
    if (inMemory && !inMemory.chunk.partialLinks?.length && !Object.keys(inMemory.digests).some((file) => changed.has(file))) chunks.set(index, inMemory.chunk);
    else checks.push(checkChunk(index));
  }
  await Promise.all(checks);
  missing.sort((a, b) => a - b);
  const started = Date.now();
  const made = await bundleMissing(pass, missing, chunks);
  for (const [index, chunk] of made) {
    const digests: Record<string, FileStamp> = {};
    for (const file of chunk.files) digests[file] = await stampOf(file, started);
    chunks.set(index, chunk);
    kept.chunks.set(keys[index]!, { chunk, digests });
    await storedChunks.put(keys[index]!, { chunk, digests });
  }
  // Memory holds the current pages only, so it does not grow with every edit.
  const current = new Set(keys);
  for (const key of kept.chunks.keys()) if (!current.has(key)) kept.chunks.delete(key);
  // A pass over a few pages (the dev server's first requests) keeps the rest of the site's too.
  if (!scope.only && readsStore) await storedChunks.retain(keys);
  pass.products.chunks = { chunks, names: routeEntryNames(routes), sourceDigests, built: missing.length };
}

/**
 * Bundles the chunks at `missing`. When this or an earlier stage found errors, the modules pages
 * share (the site's components, theme overrides) are bundled once more to report theirs in the same
 * run, and the pass ends with every error, each once.
 */
async function bundleMissing(pass: Pass, missing: number[], chunks: Map<number, PageChunk>): Promise<Map<number, PageChunk>> {
  const { input } = productOf(pass, 'routes');
  const found = pass.errors;
  const collect = (error: unknown) => {
    if (error instanceof DocsiteErrorList) found.push(...error.errors);
    else if (isDocsiteError(error)) found.push(error);
    else throw error;
  };
  const seen = new Map<string, SharedModule>();
  const made = await bundlePages(input, missing, oneShotBundler, seen).catch((error: unknown) => {
    collect(error);
    return undefined;
  });
  if (found.length > 0) {
    // What a failed page bundle takes from each shared module is unknown, so all of it.
    const modules = mergeImports([...chunks.values(), ...(made?.values() ?? [])]);
    for (const [key, module] of seen) if (!modules.has(key)) modules.set(key, { ...module, names: ['*'] });
    await bundleSharedClient(input, modules, oneShotBundler).catch(collect);
    throwIfAny(sortErrors(found));
  }
  if (!made) throw new Error('docsite: the page bundle failed without an error to report');
  return made;
}

/** Each once, by file, then position: the order a maintainer fixes them in. */
function sortErrors(errors: DocsiteError[]): DocsiteError[] {
  const unique = new Map(errors.map((error) => [`${error.loc?.file}:${error.loc?.line}:${error.loc?.column}\0${error.message}`, error]));
  return [...unique.values()].sort(
    (a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? '') || (a.loc?.line ?? 0) - (b.loc?.line ?? 0) || (a.loc?.column ?? 0) - (b.loc?.column ?? 0),
  );
}
