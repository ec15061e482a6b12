// Docusaurus's useDocusaurusContext: the site's settings in the shape Docusaurus gives them.
import { useMemo } from 'react';
import type { SiteData } from '../../src/shared/types';
import { useSiteData } from '../site-context';
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

export function docusaurusContextOf(site: SiteData): DocusaurusContext {
  const { locale } = site;
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
      currentLocale: locale.defaultLocale,
      localeConfigs: { [locale.defaultLocale]: { label: locale.defaultLocale, direction: locale.direction, htmlLang: locale.htmlLang } },
    },
    codeTranslations: {},
  };
}

export default function useDocusaurusContext(): DocusaurusContext {
  const site = useSiteData();
  return useMemo(() => docusaurusContextOf(site), [site]);
}
