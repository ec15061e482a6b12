/**
 * Loads the search modal's stylesheet, then its code. A module whose fetch failed stays failed for the
 * page's life (the browser keeps the failure in its module map), so the code is only asked for once
 * the network has answered: offline, or when the stylesheet cannot be reached, loading fails at once
 * and a later try starts afresh.
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

export async function loadSearchModal(search: SearchSiteData): Promise<ModalModule> {
  if (!navigator.onLine) throw new NetworkUnreachable('The browser is offline.');
  await loadStylesheet(search.css);
  const loaded = (await import('./SearchModal')) as ModalModule;
  await loaded.prepare(search);
  return loaded;
}
