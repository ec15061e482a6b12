// The site's data and the current page's for components deep in the tree (@docusaurus/useDocusaurusContext,
// useBaseUrl, useDoc); App provides both.
import { createContext, useContext } from 'react';
import type { PageData, SiteData } from '../src/shared/types';

export const SiteContext = createContext<SiteData | null>(null);

export function useSiteData(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('docsite: useSiteData() was called outside the theme App (no SiteContext)');
  return site;
}

export const PageContext = createContext<PageData | null>(null);

/** The page being shown, or null outside the theme App. */
export function usePageData(): PageData | null {
  return useContext(PageContext);
}
