/**
 * Docs versions as both the build and the browser name them: the search tag of a version (the
 * `docusaurus_tag` facet, as Docusaurus's contextual search filters on), the local-storage key
 * of the visitor's preferred version (Docusaurus's, per docs plugin: the main docs are `default`),
 * and the versions of a docs set as the site data lists them.
 */
import type { DocsVersionView, SiteData } from './types';

export const DOCS_PLUGIN_ID = 'default';

export function docsTag(version: string): string {
  return `docs-${DOCS_PLUGIN_ID}-${version}`;
}

export const PREFERRED_VERSION_KEY = `docs-preferred-version-${DOCS_PLUGIN_ID}`;

/** Where the preferred version of the docs set `pluginId` is kept (the main docs' when undefined). */
export function preferredVersionKey(pluginId: string | undefined): string {
  return pluginId && pluginId !== DOCS_PLUGIN_ID ? `docs-preferred-version-${pluginId}` : PREFERRED_VERSION_KEY;
}

/** The versions of the docs set `pluginId` (the main docs when undefined or `default`), newest first; undefined when it lists none. */
export function docsVersionsOf(site: Pick<SiteData, 'docsVersions' | 'pluginDocsVersions'>, pluginId: string | undefined): DocsVersionView[] | undefined {
  return pluginId && pluginId !== DOCS_PLUGIN_ID ? site.pluginDocsVersions?.[pluginId] : site.docsVersions;
}

/**
 * Contextual search filters with the docs tag swapped for `version`'s, another docs set's for the
 * version of it being read (`set`), and the language for `language`'s.
 */
export function contextualFilters(
  filters: readonly (string | string[])[],
  options: { version?: string; language?: string; set?: { id: string; version: string } },
): (string | string[])[] {
  const { set } = options;
  return filters.map((filter) => {
    if (Array.isArray(filter))
      return filter.map((tag) =>
        options.version && tag.startsWith(`docusaurus_tag:docs-${DOCS_PLUGIN_ID}-`)
          ? `docusaurus_tag:${docsTag(options.version)}`
          : set && tag.startsWith(`docusaurus_tag:docs-${set.id}-`)
            ? `docusaurus_tag:docs-${set.id}-${set.version}`
            : tag,
      );
    return options.language && filter.startsWith('language:') ? `language:${options.language}` : filter;
  });
}
