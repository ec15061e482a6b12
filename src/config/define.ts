/** `defineConfig`: the typed identity function site authors wrap their config in. */
import type { SiteConfig } from './schema';

export type { SiteConfig } from './schema';

export function defineConfig(config: SiteConfig): SiteConfig {
  return config;
}
export type { SidebarsConfig, SidebarItemConfig } from '../core/sidebars';
