// Docusaurus's global data hooks: what plugins shared with every page, by plugin name and instance id.
// Read from the site data's `globalData` when the build put one there; empty otherwise.
import type { SiteData } from '../../src/shared/types';
import { useSiteData } from '../site-context';

export type GlobalData = Record<string, Record<string, unknown>>;

export function globalDataOf(site: SiteData): GlobalData {
  const data = (site as SiteData & { globalData?: GlobalData }).globalData;
  return data && typeof data === 'object' ? data : {};
}

export default function useGlobalData(): GlobalData {
  return globalDataOf(useSiteData());
}

export function useAllPluginInstancesData(pluginName: string): Record<string, unknown> {
  return useGlobalData()[pluginName] ?? {};
}

export function usePluginData(pluginName: string, pluginId = 'default'): unknown {
  return useAllPluginInstancesData(pluginName)[pluginId];
}
