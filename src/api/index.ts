/**
 * The API reference stage: the model from TypeDoc (kept in the store by extract.ts), then the pages
 * rendered from it (kept here by the model's digest and the code themes), then the `api` sidebar tree.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/load';
import { DocsiteError } from '../core/errors';
import { createStore, type Store } from '../infra/store';
import { extractApiModel } from './extract';
import { declarationFiles, readPackage } from './extract-entries';
import type { TaskRunner } from '../core/tasks';
import type { CodeThemes } from '../mdx/highlighter';
import type { ApiModel } from './model';
import { apiSidebar, type ApiPage, type ApiRoutesInput } from './pages';
import { linkSources } from './source-links';
import { digestKey } from '../infra/digest';

/** Bump when the rendering of pages changes, so cached pages are not reused. */
const PAGES_FORMAT = 1;

const PAGES_KIND = 'api-pages';

export interface ApiCounts {
  modules: number;
  classes: number;
  interfaces: number;
  /** Whether TypeDoc ran (false: the model came from the cache). */
  ranTypeDoc: boolean;
}

export interface ApiReference extends ApiRoutesInput, ApiCounts {}

/** The worker task that renders the reference's pages (src/infra/worker.ts runs it). */
export interface ApiPagesTask {
  model: ApiModel;
  /** URL prefix of the reference, e.g. `/docs/api/`. */
  base: string;
  codeThemes: CodeThemes;
}

/**
 * Pages are rendered in the worker pool: shiki and the markdown libraries stay out of the main thread.
 * `fingerprint` changes with the worker's code, so pages rendered by an older docsite are not reused.
 * Model and pages are kept in `store`, or in a store over the config's cache folder.
 */
export async function loadApiReference(
  config: ResolvedConfig,
  workers: { pool: TaskRunner; fingerprint: string; store?: Store; typedoc?: TaskRunner },
): Promise<ApiReference | undefined> {
  const options = config.site.apiDocs;
  if (!options) return undefined;
  const store = workers.store ?? createStore(config.cacheDir);
  // Model and pages were kept as JSON files under api/ before the store; nothing reads them now.
  await rm(path.join(config.cacheDir, 'api'), { recursive: true, force: true });
  const base = `${config.site.baseUrl}${config.site.docs.routeBasePath}/${options.routeBasePath}/`;
  const { model: extracted, cached } = await extractApiModel({
    siteDir: config.siteDir,
    packages: options.packages,
    cacheDir: config.cacheDir,
    store,
    ...(workers.typedoc ? { runner: workers.typedoc } : {}),
  }).catch((error: unknown) => {
    const configName = config.configFile ? path.relative(config.siteDir, config.configFile) : 'site config';
    throw new DocsiteError({
      code: 'API_REFERENCE_FAILED',
      message: (error as Error).message,
      hint: `Check apiDocs in ${configName}: the packages must be installed, and entryPoints must be subpaths their package.json exports.`,
      loc: { file: configName },
      cause: error,
    });
  });

  // Links are set on the model the pages are made from, so a new template makes new pages.
  const model = linkSources(extracted, {
    siteDir: config.siteDir,
    packages: options.packages.map((spec) => (typeof spec === 'string' ? spec : spec.name)),
    template: options.sourceLink,
    byPackage: options.sourceLinkByPackage,
  });

  // The worker's code renders the pages: a new docsite renders them anew.
  const digest = digestKey(JSON.stringify({ PAGES_FORMAT, renderer: workers.fingerprint, base, themes: config.site.codeThemes }), JSON.stringify(model));
  let pages = await store.getJson<ApiPage[]>(PAGES_KIND, digest);
  if (!Array.isArray(pages)) {
    const task: ApiPagesTask = { model, base, codeThemes: config.site.codeThemes };
    pages = (await workers.pool.run(task, { name: 'apiPages' })) as ApiPage[];
    await store.putJson(PAGES_KIND, digest, pages);
    await store.retain(PAGES_KIND, [digest]);
  }
  return {
    pages,
    sidebar: apiSidebar(model, base),
    modules: model.modules.length,
    classes: model.modules.reduce((sum, module) => sum + module.classes.length, 0),
    interfaces: model.modules.reduce((sum, module) => sum + module.interfaces.length, 0),
    ranTypeDoc: !cached,
  };
}

/** Files whose change changes the reference: each package's manifest and every declaration file. */
export function apiInputFiles(config: ResolvedConfig): string[] {
  const packages = config.site.apiDocs?.packages ?? [];
  return packages.flatMap((spec) => {
    try {
      const found = readPackage(typeof spec === 'string' ? spec : spec.name, config.siteDir);
      return [path.join(found.dir, 'package.json'), ...declarationFiles(found.dir)];
    } catch {
      // A package that is not installed fails the API stage itself, with a clear message.
      return [];
    }
  });
}
