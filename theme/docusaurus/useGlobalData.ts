// Docusaurus's global data hooks: what the site's plugins shared with setGlobalData, by plugin name
// and instance id. The build puts it in the site data every page carries; empty when no plugin did.
import type { SiteData } from '../../src/shared/types';
import { useSiteData } from '../site-context';

export type GlobalData = Record<string, Record<string, unknown>>;

export function globalDataOf(site: SiteData): GlobalData {
  return site.globalData ?? {};
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
