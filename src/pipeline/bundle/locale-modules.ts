/**
 * Each locale's own navbar, footer and messages (SiteData.localized) as a module of the shared bundle,
 * `docsite:locale/<locale>`, which that locale's pages import and no other page: a page carries its
 * own locale's words only, and the browser keeps them for the locale's next pages.
 */
import type { Plugin } from 'esbuild';
import { LOCALE_MODULE } from '../../shared/locale-module';
import type { LocalizedSite, PageData, SiteData } from '../../shared/types';

/** The locale module a page imports: the one of its locale, when the locale has data of its own. */
export function localeModuleOf(page: PageData, site: SiteData): string | undefined {
  const locale = page.locale ?? site.locale.defaultLocale;
  return site.localized?.[locale] ? `${LOCALE_MODULE}${locale}` : undefined;
}

/**
 * A locale's data, and its messages handed to translate() as the module runs, through the global
 * theme/docusaurus/Translate.tsx reads. It imports nothing, so a page that imports it before the shared
 * bundle (the document's boot script, and the page's own module on the server) runs it first: a
 * translate() at the top of one of the site's modules, swizzled theme components included, reads them.
 */
export function localeModuleCode(own: LocalizedSite): string {
  return [
    `const locale = ${JSON.stringify(own)};`,
    "globalThis[Symbol.for('docsite.codeTranslations')] = locale.codeTranslations;",
    'export default locale;',
  ].join('\n');
}

/** A locale's module (see localeModuleOf) is one for all its pages, in the shared bundle: placed ahead of the virtual modules. */
export function sharedLocaleModules(found: Map<string, { specifier: string; resolveDir: string; names: string[] }>, shared: string): Plugin {
  return {
    name: 'docsite-shared-locales',
    setup(b) {
      b.onResolve({ filter: /^docsite:locale\// }, (args) => {
        if (!found.has(args.path)) found.set(args.path, { specifier: args.path, resolveDir: args.resolveDir, names: [] });
        return { path: `${shared}${args.path}`, external: true };
      });
    },
  };
}
