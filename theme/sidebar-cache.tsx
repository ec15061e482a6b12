// Session cache of lazily fetched sidebar files, shared through context by every Sidebar instance.
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { SidebarItemView } from '../src/shared/types';

export interface SidebarCache {
  /** The sidebar tree at `src` if it has already been fetched. */
  peek(src: string): SidebarItemView[] | undefined;
  /** Fetches `src` once per session; a failed fetch is forgotten so a later expand can retry. */
  load(src: string): Promise<SidebarItemView[]>;
}

export type FetchSidebar = (src: string) => Promise<unknown>;

const fetchJson: FetchSidebar = async (src) => {
  const response = await fetch(src, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Loading sidebar ${src} failed with HTTP ${response.status}`);
  return response.json();
};

export function createSidebarCache(fetchSidebar: FetchSidebar = fetchJson): SidebarCache {
  const loaded = new Map<string, SidebarItemView[]>();
  const pending = new Map<string, Promise<SidebarItemView[]>>();
  return {
    peek: (src) => loaded.get(src),
    load(src) {
      const known = loaded.get(src);
      if (known) return Promise.resolve(known);
      let request = pending.get(src);
      if (!request) {
        request = fetchSidebar(src).then(
          (data) => {
            const items = (data as { items?: unknown } | null)?.items;
            if (!Array.isArray(items)) throw new Error(`Sidebar file ${src} has no "items" array`);
            loaded.set(src, items as SidebarItemView[]);
            pending.delete(src);
            return items as SidebarItemView[];
          },
          (error: unknown) => {
            pending.delete(src);
            throw error;
          },
        );
        pending.set(src, request);
      }
      return request;
    },
  };
}

/** Depth-first search for the category with `key`, returning its children. */
export function findCategoryItems(items: SidebarItemView[], key: string): SidebarItemView[] | undefined {
  for (const item of items) {
    if (item.type !== 'category') continue;
    if (item.key === key) return item.items;
    const found = item.items && findCategoryItems(item.items, key);
    if (found) return found;
  }
  return undefined;
}

const SidebarCacheContext = createContext<SidebarCache | null>(null);

export function SidebarCacheProvider({ children }: { children: ReactNode }) {
  const [cache] = useState(() => createSidebarCache());
  return <SidebarCacheContext.Provider value={cache}>{children}</SidebarCacheContext.Provider>;
}

/** The session cache from App, or a private one when a Sidebar is rendered on its own. */
export function useSidebarCache(): SidebarCache {
  const shared = useContext(SidebarCacheContext);
  const [own] = useState(() => (shared ? null : createSidebarCache()));
  return shared ?? (own as SidebarCache);
}
