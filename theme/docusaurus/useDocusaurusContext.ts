// Docusaurus's useDocusaurusContext: the site's settings in the shape Docusaurus gives them.
import { useMemo } from 'react';
import type { SiteData } from '../../src/shared/types';
import { codeTranslationsOf, localeOf } from '../locale-site';
import { usePageData, useSiteData } from '../site-context';
import { globalDataOf } from './useGlobalData';

export interface DocusaurusContext {
  siteConfig: {
    title: string;
    tagline: string;
    url: string;
    baseUrl: string;
    favicon: string;
    customFields: Record<string, unknown>;
  };
  siteMetadata: { docusaurusVersion: string; pluginVersions: Record<string, unknown>; siteVersion?: string };
  globalData: Record<string, unknown>;
  i18n: {
    defaultLocale: string;
    locales: string[];
    currentLocale: string;
    localeConfigs: Record<string, { label: string; direction: string; htmlLang: string }>;
  };
  codeTranslations: Record<string, string>;
}

export function docusaurusContextOf(site: SiteData, pageLocale?: string): DocusaurusContext {
  const { locale } = site;
  const currentLocale = localeOf(site, pageLocale);
  const own = { [locale.defaultLocale]: { label: locale.defaultLocale, direction: locale.direction, htmlLang: locale.htmlLang } };
  const configs = locale.configs
    ? Object.fromEntries(Object.entries(locale.configs).map(([name, { label, direction, htmlLang }]) => [name, { label, direction, htmlLang }]))
    : own;
  return {
    siteConfig: {
      title: site.title,
      tagline: site.tagline,
      url: site.url,
      baseUrl: site.baseUrl,
      favicon: site.favicon,
      customFields: site.customFields ?? {},
    },
    siteMetadata: { docusaurusVersion: '3', pluginVersions: {} },
    globalData: globalDataOf(site),
    i18n: {
      defaultLocale: locale.defaultLocale,
      locales: locale.locales,
      currentLocale,
      localeConfigs: configs,
    },
    codeTranslations: codeTranslationsOf(site, currentLocale),
  };
}

export default function useDocusaurusContext(): DocusaurusContext {
  const site = useSiteData();
  const locale = usePageData()?.locale;
  return useMemo(() => docusaurusContextOf(site, locale), [site, locale]);
}
