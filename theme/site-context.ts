// The site's data for components deep in the tree (@docusaurus/useDocusaurusContext, useBaseUrl); App provides it.
import { createContext, useContext } from 'react';
import type { SiteData } from '../src/shared/types';

export const SiteContext = createContext<SiteData | null>(null);

export function useSiteData(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('docsite: useSiteData() was called outside the theme App (no SiteContext)');
  return site;
}
