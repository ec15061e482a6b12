/**
 * Registers the site's service worker in production builds (never under `docsite serve`), and shows
 * the update toast when a new deployment's worker is waiting. Nothing is registered on 2G or with
 * data saving on, since the worker would download the site's code ahead of need.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox, messageSW } from 'workbox-window';
import UpdateToast from '@theme/UpdateToast';
import type { SiteData } from '../shared/types';
import { connectionAllowsPrefetch } from './prefetch';
import { CACHE_PAGE, type CachePageMessage } from './sw/protocol';

declare const process: { env: { NODE_ENV?: string } };

export function startServiceWorker(site: SiteData): void {
  if (!('serviceWorker' in navigator)) return;
  // `data-docsite-sw` on <html> says what was decided: a signal for tools and tests.
  const decided = (value: 'off' | 'skipped') => document.documentElement.setAttribute('data-docsite-sw', value);
  // A worker registered earlier (by `docsite preview` on the same address, or before the site turned
  // it off) goes away by itself: the sw.js that `docsite serve` and such a build answer with removes it.
  if (process.env.NODE_ENV !== 'production' || !site.serviceWorker) {
    decided('off');
    return;
  }
  if (!connectionAllowsPrefetch()) {
    decided('skipped');
    return;
  }
  const url = site.serviceWorker;
  // Once a reader takes an update (in this tab or another), a tab that ran the old build reloads: its
  // code would otherwise load the new build's chunks. A first install taking control changes nothing.
  if (navigator.serviceWorker.controller) navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  const register = async () => {
    const workbox = new Workbox(url, { scope: site.baseUrl });
    workbox.addEventListener('waiting', () => showUpdateToast(workbox));
    const registration = await workbox.register().catch((error: unknown) => console.warn('docsite: the service worker did not register', error));
    if (!registration) return;
    // The worker that serves this page keeps it: the one in control, or on a first visit the one just installed.
    const worker = navigator.serviceWorker.controller ?? (await workbox.active);
    const sent = new Set<string>();
    const keep = () => keepForOffline(worker, site.baseUrl, sent);
    await keep();
    window.addEventListener('docsite:navigated', () => void keep());
  };
  // After the page has loaded: the worker's precache never competes with the page's own requests.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * Asks the worker to keep the page on screen and the files of the site it loaded since the last call,
 * so the page opens offline later (a page reached by client navigation never went through the worker
 * as a document).
 * `data-docsite-offline` on <html> says the page is kept: a signal for tools and tests.
 */
async function keepForOffline(worker: ServiceWorker, baseUrl: string, sent: Set<string>): Promise<void> {
  const root = document.documentElement;
  const page = window.location.href.split('#')[0]!;
  root.removeAttribute('data-docsite-offline');
  const site = new URL(baseUrl, window.location.origin).href;
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(site) && !sent.has(name));
  for (const file of files) sent.add(file);
  const message: CachePageMessage = { type: CACHE_PAGE, page, files: [...new Set(files)] };
  await messageSW(worker, message).catch(() => undefined);
  if (window.location.href.split('#')[0] === page) root.setAttribute('data-docsite-offline', '');
}

function showUpdateToast(workbox: Workbox): void {
  if (document.querySelector('[data-docsite-update]')) return;
  const host = document.createElement('div');
  host.setAttribute('data-docsite-update', '');
  document.body.appendChild(host);
  createRoot(host).render(
    createElement(UpdateToast, {
      onReload() {
        // Every tab of the site reloads once the new worker controls it (see controllerchange above).
        workbox.messageSkipWaiting();
      },
    }),
  );
}
