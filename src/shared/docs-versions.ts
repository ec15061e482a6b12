/**
 * Docs versions as both the build and the browser name them: the search tag of a version (the
 * `docusaurus_tag` facet, as Docusaurus's contextual search filters on), and the local-storage key
 * of the visitor's preferred version (Docusaurus's, per docs plugin; docsite has one, `default`).
 */
export const DOCS_PLUGIN_ID = 'default';

export function docsTag(version: string): string {
  return `docs-${DOCS_PLUGIN_ID}-${version}`;
}

export const PREFERRED_VERSION_KEY = `docs-preferred-version-${DOCS_PLUGIN_ID}`;

/** Contextual search filters with the docs tag swapped for `version`'s and the language for `language`'s. */
export function contextualFilters(filters: readonly (string | string[])[], options: { version?: string; language?: string }): (string | string[])[] {
  return filters.map((filter) => {
    if (Array.isArray(filter))
      return filter.map((tag) =>
        options.version && tag.startsWith(`docusaurus_tag:docs-${DOCS_PLUGIN_ID}-`) ? `docusaurus_tag:${docsTag(options.version)}` : tag,
      );
    return options.language && filter.startsWith('language:') ? `language:${options.language}` : filter;
  });
}
