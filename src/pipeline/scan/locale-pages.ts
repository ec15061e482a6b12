/**
 * The site's pages (src/pages) again in each locale but the default, at `/<locale>/...`, as
 * Docusaurus builds every locale: a markdown page translated under
 * `i18n/<locale>/docusaurus-plugin-content-pages/` (`-<id>` for another pages instance) replaces its original, the others (and every
 * React page, which translates itself with <Translate>) are shown as they are.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { localeBaseUrl, localizedPagesDir } from '../../content/locales';
import type { ContentReader } from '../../content/site-files';

/** What this step reads of a page. */
interface LocalizablePage {
  route: string;
  kind: 'mdx' | 'tsx';
  absolutePath: string;
  locale?: string;
}

/**
 * Each page of `pages` in every other locale. `loadTranslated` reads a translated markdown page
 * (given its folder and its path in it) as the original is read.
 */
export async function localePages<Page extends LocalizablePage>(options: {
  config: ResolvedConfig;
  pages: Page[];
  pagesDir: string;
  reader: ContentReader;
  loadTranslated: (pagesDir: string, relativePath: string) => Promise<Page>;
  /** The pages instance's id, when not the main one: its translations are under `docusaurus-plugin-content-pages-<id>/`. */
  pluginId?: string | undefined;
}): Promise<Page[]> {
  const { config, pages, reader } = options;
  const { i18n, baseUrl } = config.site;
  const locales = i18n.locales.filter((locale) => locale !== i18n.defaultLocale);
  const made = await Promise.all(
    locales.flatMap((locale) => {
      const localeBase = localeBaseUrl(config.site, locale);
      const translatedDir = localizedPagesDir(config.contentDir, locale, options.pluginId);
      return pages.map(async (page): Promise<Page> => {
        const route = `${localeBase}${page.route.slice(baseUrl.length)}`;
        const relativePath = path.relative(options.pagesDir, page.absolutePath);
        const translated = page.kind === 'mdx' && (await reader.realPath(path.join(translatedDir, relativePath))) !== undefined;
        const shown = translated ? await options.loadTranslated(translatedDir, relativePath) : page;
        return { ...shown, route, locale };
      });
    }),
  );
  return made;
}
