/**
 * The search index stage: records.json, the embedded index's manifest and shards, its worker and the
 * modal's stylesheet, made from every rendered page's records. A build runs it after the render stage;
 * the dev server runs it when a browser first asks for a search file, over the pages it renders then.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DocsiteLocations } from '../../infra/locations';
import type { Store } from '../../infra/store';
import { createSearchOutput, type SearchPage } from '../../search/search-files';
import type { SiteData } from '../../shared/types';

export interface SearchStageInput {
  /** Every page of the route table, in its order, with its records; undefined for a page search leaves out. */
  pages: readonly SearchPage[];
  site: Pick<SiteData, 'url' | 'baseUrl'>;
  locations: DocsiteLocations;
  /** Where shards and the worker are kept between builds. */
  cache?: { store: Store; fingerprint: string };
}

export function searchIndexStage(input: SearchStageInput): ReturnType<typeof createSearchOutput> {
  const { locations, site } = input;
  const require = createRequire(path.join(locations.root, 'package.json'));
  return createSearchOutput({
    pages: input.pages,
    origin: `${site.url}${site.baseUrl}`,
    workerEntry: path.join(locations.root, 'src', 'runtime', 'search-worker.ts'),
    // DocSearch's variables and modal, not its button's styles: the theme draws the navbar's button,
    // and DocSearch's rules, loading later, would replace the theme's (and hide the button's name on a phone).
    stylesheets: [
      require.resolve('@docsearch/css/dist/_variables.css'),
      require.resolve('@docsearch/css/dist/modal.css'),
      path.join(locations.themeDir, 'search', 'modal.css'),
    ],
    ...(input.cache ? { cache: input.cache } : {}),
  });
}
