/**
 * The API reference stage: the model from TypeDoc (cached by extract.ts), then the pages rendered
 * from it (cached here by the model's digest and the code themes), then the `api` sidebar tree.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config/load';
import { DocsiteError } from '../core/errors';
import { createCodeHighlighter } from '../mdx/highlighter';
import type { ApiRoutesInput } from '../build/routes';
import { extractApiModel } from './extract';
import { readPackage } from './extract-entries';
import { apiSidebar, buildApiPages, type ApiPage } from './pages';
import { createApiRenderer } from './render';

/** Bump when the rendering of pages changes, so cached pages are not reused. */
const PAGES_FORMAT = 1;

export interface ApiCounts {
  modules: number;
  classes: number;
  interfaces: number;
  /** Whether TypeDoc ran (false: the model came from the cache). */
  ranTypeDoc: boolean;
}

export interface ApiReference extends ApiRoutesInput, ApiCounts {}

export async function loadApiReference(config: ResolvedConfig): Promise<ApiReference | undefined> {
  const options = config.site.apiDocs;
  if (!options) return undefined;
  const base = `${config.site.baseUrl}${config.site.docs.routeBasePath}/${options.routeBasePath}/`;
  const { model, cached } = await extractApiModel({ siteDir: config.siteDir, packages: options.packages, cacheDir: config.cacheDir }).catch((error: unknown) => {
    const configName = config.configFile ? path.relative(config.siteDir, config.configFile) : 'site config';
    throw new DocsiteError({
      code: 'API_REFERENCE_FAILED',
      message: (error as Error).message,
      hint: `Check apiDocs in ${configName}: the packages must be installed, and entryPoints must be subpaths their package.json exports.`,
      loc: { file: configName },
      cause: error,
    });
  });

  const digest = createHash('sha256')
    .update(JSON.stringify({ PAGES_FORMAT, base, themes: config.site.codeThemes }))
    .update(JSON.stringify(model))
    .digest('hex')
    .slice(0, 32);
  const file = path.join(config.cacheDir, 'api', `pages-${digest}.json`);
  let pages: ApiPage[];
  try {
    pages = JSON.parse(await readFile(file, 'utf8')) as ApiPage[];
  } catch {
    const renderer = createApiRenderer({ base, highlighter: createCodeHighlighter(config.site.codeThemes) });
    pages = await buildApiPages(model, renderer, base);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(pages));
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

/** Files whose change changes the reference: each package's manifest and entry declarations. */
export function apiInputFiles(config: ResolvedConfig): string[] {
  const packages = config.site.apiDocs?.packages ?? [];
  return packages.flatMap((spec) => {
    try {
      const found = readPackage(typeof spec === 'string' ? spec : spec.name, config.siteDir);
      return [path.join(found.dir, 'package.json'), ...found.entries.map((entry) => entry.file)];
    } catch {
      // A package that is not installed fails the API stage itself, with a clear message.
      return [];
    }
  });
}
