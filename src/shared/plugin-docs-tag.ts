/** The search tag of a version of a docs set other than the main docs (Docusaurus's docs plugin id): the build's alone, the theme filters by the tags it is given. */
export function pluginDocsTag(pluginId: string, version: string): string {
  return `docs-${pluginId}-${version}`;
}
