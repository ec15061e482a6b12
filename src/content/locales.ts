/** Where each locale of a site lives: its URL prefix, and the folders its translations are kept in (Docusaurus's layout). */
import path from 'node:path';
import type { ParsedSiteConfig } from '../config/schema';

/** The URL prefix of a locale's pages: the base URL, then the locale's path for any but the default (`/fr/`). */
export function localeBaseUrl(site: Pick<ParsedSiteConfig, 'baseUrl' | 'i18n'>, locale: string): string {
  const { i18n, baseUrl } = site;
  return locale === i18n.defaultLocale ? baseUrl : `${baseUrl}${i18n.localeConfigs[locale]?.path ?? locale}/`;
}

/** Where Docusaurus keeps a locale's translated pages. */
export function localizedPagesDir(contentDir: string, locale: string): string {
  return path.join(contentDir, 'i18n', locale, 'docusaurus-plugin-content-pages');
}
