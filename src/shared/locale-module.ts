/**
 * The name of a locale's own module (its navbar, footer and messages) among a page's imports:
 * the bundle stage writes it, the link stage puts it ahead of the runtime in the page's boot script.
 */
export const LOCALE_MODULE = 'docsite:locale/';

/** The shared module among a page chunk's imports that is its locale's, if it has one. */
export function localeImportOf(imports: Record<string, unknown>): string | undefined {
  return Object.keys(imports).find((key) => key.startsWith(LOCALE_MODULE));
}
