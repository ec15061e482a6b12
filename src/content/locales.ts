/** Where each locale of a site lives: its URL prefix, and the folders its translations are kept in (Docusaurus's layout). */
import path from 'node:path';
import type { ParsedSiteConfig } from '../config/schema';

/** The URL prefix of a locale's pages: the base URL, then the locale's path for any but the default (`/fr/`). */
export function localeBaseUrl(site: Pick<ParsedSiteConfig, 'baseUrl' | 'i18n'>, locale: string): string {
  const { i18n, baseUrl } = site;
  return locale === i18n.defaultLocale ? baseUrl : `${baseUrl}${i18n.localeConfigs[locale]?.path ?? locale}/`;
}

/** Where Docusaurus keeps a locale's translated pages: `-<id>` after the folder's name for another pages instance. */
export function localizedPagesDir(contentDir: string, locale: string, pluginId?: string): string {
  return path.join(contentDir, 'i18n', locale, `docusaurus-plugin-content-pages${pluginId ? `-${pluginId}` : ''}`);
}

/**
 * What Docusaurus gives a locale its config leaves out: its name in its own language, first letter
 * capitalized (`fr` is "Français"), and its writing direction (`ar` is right to left).
 */
export function localeDefaults(locale: string): { label: string; direction: 'ltr' | 'rtl' } {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    const info = (new Intl.Locale(locale) as Intl.Locale & { textInfo?: { direction?: string } }).textInfo;
    return { label: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1), direction: info?.direction === 'rtl' ? 'rtl' : 'ltr' };
  } catch {
    // A name Intl does not know as a language tag: shown as written.
    return { label: locale, direction: 'ltr' };
  }
}

/** Where Docusaurus keeps a locale's translated blog posts: the main blog's, or those of the blog instance `id`. */
export function localizedBlogDir(contentDir: string, locale: string, id?: string): string {
  return path.join(contentDir, 'i18n', locale, `docusaurus-plugin-content-blog${id === undefined || id === 'default' ? '' : `-${id}`}`);
}

/** The output folders of the locales other than the default (`fr`), under the base URL's. */
export function localeFolders(site: Pick<ParsedSiteConfig, 'baseUrl' | 'i18n'>): string[] {
  const { i18n } = site;
  return i18n.locales.filter((locale) => locale !== i18n.defaultLocale).map((locale) => localeBaseUrl(site, locale).slice(site.baseUrl.length, -1));
}
