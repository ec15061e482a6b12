/**
 * Loads the search modal's stylesheet, then its code. A module whose fetch failed stays failed at its
 * address for the page's life (the browser keeps the failure in its module map), so the code is only
 * asked for once the network has answered: offline, or when the stylesheet cannot be reached, loading
 * fails at once and a later try starts afresh. Should the network go between the two, the next try
 * asks for the module at a new address.
 */
import type { ComponentType } from 'react';
import type { SearchSiteData } from '../../src/shared/types';
import type { SearchModalProps } from './SearchModal';

export interface ModalModule {
  default: ComponentType<SearchModalProps>;
  prepare(search: SearchSiteData): Promise<void>;
}

export class NetworkUnreachable extends Error {
  override name = 'NetworkUnreachable';
}

const stylesheets = new Map<string, Promise<void>>();

/** The stylesheet's `<link>`, loaded once; a try that could not reach the network is forgotten. */
function loadStylesheet(href: string): Promise<void> {
  let loaded = stylesheets.get(href);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        // A stylesheet the server refuses is not worth an error (the modal works without it); an
        // unreachable network is: the modal's code would not load either.
        fetch(href, { method: 'HEAD', cache: 'no-store' }).then(
          () => resolve(),
          () => reject(new NetworkUnreachable(`${href} could not be fetched`)),
        );
      };
      document.head.appendChild(link);
    });
    stylesheets.set(href, loaded);
    loaded.catch(() => stylesheets.delete(href));
  }
  return loaded;
}

/** The module's address as the browser's error names it (Chromium and Firefox do), once an import failed. */
let failedModule: string | undefined;
let retries = 0;

async function importModal(): Promise<ModalModule> {
  try {
    const loaded = (await (failedModule ? import(`${failedModule}?retry=${++retries}`) : import('./SearchModal'))) as Partial<ModalModule>;
    if (typeof loaded.default !== 'function' || typeof loaded.prepare !== 'function') throw new Error('The search modal module has no modal.');
    return loaded as ModalModule;
  } catch (error) {
    // A browser that names no address is asked for the same one again.
    failedModule ??= /\b(https?:\/\/[^\s?#]+\.js)\b/.exec(String(error))?.[1];
    throw error;
  }
}

export async function loadSearchModal(search: SearchSiteData): Promise<ModalModule> {
  if (!navigator.onLine) throw new NetworkUnreachable('The browser is offline.');
  await loadStylesheet(search.css);
  const loaded = await importModal();
  await loaded.prepare(search);
  return loaded;
}
