/** Browser entry: hydrates the prerendered page, then hands navigation to the client router. */
import { flushSync } from 'react-dom';
import { hydrateRoot, type Root } from 'react-dom/client';
import App from '@theme/App';
import site from 'docsite:site-data';
import type { RouteModule } from '../shared/types';
import { createRouter } from './router';
import { reportNavigations } from './analytics';
import { applyHead } from './head';

function onRecoverableError(error: unknown) {
  console.error('React Root onRecoverableError', error);
}

export async function start(options: { route: string }): Promise<void> {
  const container = document.getElementById('__docsite');
  if (!container) return;
  let mod: RouteModule;
  try {
    mod = (await import(/* @vite-ignore */ options.route)) as RouteModule;
  } catch (error) {
    // The page's code did not arrive (the network, or a deployment that removed it): the page
    // stays readable as the server sent it, and the visitor can try again.
    showLoadFailure(error);
    return;
  }
  const root: Root = hydrateRoot(container, <App site={site} page={mod.page} Content={mod.Content} localized={mod.locale} />, { onRecoverableError });
  createRouter({
    // The route manifest of this runtime's build: a service worker answers it from its precache only when the builds agree.
    manifestUrl: `${site.manifest}?runtime=${encodeURIComponent(new URL(import.meta.url).pathname)}`,
    initialRoute: mod.page.route,
    // Each locale runs the site's modules with its own messages, as each is a site of its own under
    // Docusaurus: a page of another locale is loaded as a whole page.
    inPlace: (next: RouteModule) => next.page.locale === mod.page.locale,
    render(next: RouteModule) {
      flushSync(() => root.render(<App site={site} page={next.page} Content={next.Content} localized={next.locale} />));
      applyHead(site, next.page);
    },
  });
  reportNavigations();
  // A signal for tools and tests that the page is interactive.
  document.documentElement.setAttribute('data-docsite-ready', '');
  // Loaded apart: the worker's registration and the update toast are not in the code every page boots with.
  void import('./service-worker').then(({ startServiceWorker }) => startServiceWorker(site));
}

/** The chunk-load failure notice: what went wrong and a Retry button, over the prerendered page. */
function showLoadFailure(error: unknown): void {
  console.error('docsite: the code of this page could not be loaded', error);
  const box = document.createElement('div');
  box.className = 'load-failure';
  box.setAttribute('role', 'alert');
  const title = document.createElement('p');
  title.className = 'load-failure__title';
  title.textContent = 'This page could not finish loading.';
  const detail = document.createElement('p');
  detail.className = 'load-failure__detail';
  detail.textContent = error instanceof Error ? error.message : String(error);
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  box.append(title, detail, retry);
  document.body.append(box);
}
