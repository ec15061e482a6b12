// The site as a page of one locale shows it: that locale's navbar, footer and code translations
// (SiteData.localized, which a page's module brings for its own locale) in place of the default locale's.
import type { LocalizedSite, SiteData } from '../src/shared/types';

const NONE: Record<string, string> = {};

/** The locale a page is shown in: its own, else the site's default. */
export function localeOf(site: SiteData, pageLocale: string | undefined): string {
  return pageLocale ?? site.locale.defaultLocale;
}

/**
 * The site with the locale's navbar, footer and logo text, and its messages (`localized`, which the
 * page's module brings; the site data the browser has holds no locale's); the same object when the
 * locale has none of its own.
 */
export function siteInLocale(site: SiteData, locale: string, localized: LocalizedSite | undefined = site.localized?.[locale]): SiteData {
  const own = localized;
  if (!own) return site;
  const { navbarTitle, logo, ...rest } = own;
  return {
    ...site,
    localized: { [locale]: own },
    baseUrl: rest.baseUrl,
    navbar: rest.navbar,
    footer: rest.footer,
    ...(navbarTitle !== undefined ? { navbarTitle } : {}),
    ...(logo ? { logo } : {}),
  };
}

/** The <Translate> messages of a locale, by id. */
export function codeTranslationsOf(site: SiteData, locale: string): Record<string, string> {
  return site.localized?.[locale]?.codeTranslations ?? NONE;
}
