/// <reference lib="dom" />
/**
 * The service worker as a visitor meets it, in real Chromium over real HTTP on 127.0.0.1: a built
 * fixture site served by `docsite preview`'s app, every request that reaches the server counted.
 * It registers and controls the page, a repeat visit loads no code from the network, visited pages
 * open offline and an unvisited one shows the offline page, a new deployment is offered and taken,
 * nothing is registered or precached with data saving on or on 2G, `docsite serve` removes a worker
 * left on its address, and turning the worker off in the config removes it from visitors who have it.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { createPreviewApp } from '../../src/serve/preview-app';
import { browserSkipReason, launchChromium } from '../support/browser';
import { buildSite as build, builtFixture, copyBuiltSite } from '../support/built-fixture';
import { startServe, until } from '../support/helpers';

const skip = browserSkipReason();

interface ServedSite {
  dir: string;
  base: string;
  /** Paths of the requests that reached the server, in order. */
  requests: string[];
  close(): void;
}

/** Serves the build of the site folder `dir` with `docsite preview`'s app, counting every request that reaches it. */
async function serveSite(dir: string): Promise<ServedSite> {
  const app = createPreviewApp(path.join(dir, 'build'));
  const requests: string[] = [];
  const server: ServerType = serve({
    // No HTTP caching: what the browser does not ask the server for, the worker answered.
    fetch: async (request: Request) => {
      requests.push(new URL(request.url).pathname);
      const response = await app.fetch(request);
      const headers = new Headers(response.headers);
      headers.set('cache-control', 'no-store');
      return new Response(response.body, { status: response.status, headers });
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    dir,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.close();
      (server as import('node:http').Server).closeAllConnections();
    },
  };
}

function editFile(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/** Opens a page and waits until it is interactive and, when a worker runs, kept for offline reading. */
async function open(page: Page, url: string, options: { kept?: boolean } = {}): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-docsite-ready]');
  if (options.kept ?? true) await page.waitForSelector('html[data-docsite-offline]', { state: 'attached' });
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const registrations = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
/** What the page's browser still holds of the site's worker; a page that is navigating answers next time. */
const leftovers = (page: Page) =>
  page
    .evaluate(async () => {
      const left: string[] = [];
      const held = await navigator.serviceWorker.getRegistrations();
      if (held.length > 0) left.push(`${held.length} registration(s)`);
      if (navigator.serviceWorker.controller) left.push('a controlling worker');
      const names = await caches.keys();
      if (names.length > 0) left.push(`caches ${names.join(', ')}`);
      return left;
    })
    .catch((error: Error) => [`the page did not answer: ${error.message}`]);

describe('the service worker in real Chromium', { skip }, () => {
  let browser: Browser;
  const sites: ServedSite[] = [];

  const newPage = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    return { context, page };
  };

  // Each test serves its site on an address of its own, so no worker or cache of another test's
  // visits is there; the tests that only read the build share one.
  const served = async (dir: string) => {
    const site = await serveSite(dir);
    sites.push(site);
    return site;
  };
  const serveShared = () => served(builtFixture('basic-site'));
  /** A copy of the built site for a test that changes it; `edit`, when given, is built before the test starts. */
  const serveCopy = (edit?: (dir: string) => void) => {
    const dir = copyBuiltSite(builtFixture('basic-site'));
    if (edit) {
      edit(dir);
      build(dir);
    }
    return served(dir);
  };

  before(async () => {
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    for (const site of sites) site.close();
  });

  test('registers and controls the page after a reload; a repeat visit loads none of its code from the network', async () => {
    const site = await serveShared();
    const { page } = await newPage();
    await open(page, `${site.base}/docs/intro`);
    await page.reload();
    await page.waitForSelector('html[data-docsite-ready]');
    assert.equal(await controlled(page), true, 'the worker controls the page after a reload');

    site.requests.length = 0;
    await open(page, `${site.base}/docs/intro`);
    // The browser itself asks for /sw.js after a navigation to check for a new deployment (the
    // service worker spec's soft update), at a time of its choosing: that is not code the page loads.
    const code = site.requests.filter((request) => /\.(js|css|json)$/.test(request) && request !== '/sw.js');
    assert.deepEqual(code, [], 'no chunk, stylesheet or manifest request reached the server');
  });

  test('a visited page reloads offline and navigates client-side to another visited page; an unvisited page shows the offline page', async () => {
    const site = await serveCopy((dir) =>
      editFile(path.join(dir, 'site.config.ts'), (text) =>
        text.replace("favicon: 'img/favicon.svg',", "favicon: 'img/favicon.svg',\n  logo: { alt: 'Fixture logo', src: '/img/favicon.svg' },"),
      ),
    );
    const { context, page } = await newPage();
    // The not-found page's code is kept too: the offline page must still not turn into it.
    await open(page, `${site.base}/no-such-page`);
    await open(page, `${site.base}/docs/intro`);
    await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/setup"]');
    await page.waitForURL(`${site.base}/docs/guides/setup`);
    await page.waitForSelector('html[data-docsite-offline]', { state: 'attached' });

    await context.setOffline(true);
    site.requests.length = 0;
    await page.reload();
    await page.waitForSelector('html[data-docsite-ready]');
    await page.waitForSelector('text=The setup guide');
    const marker = await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/intro"]');
    await page.waitForURL(`${site.base}/docs/intro`);
    await page.waitForSelector('text=Welcome to the fixture');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), marker, 'a client navigation, not a reload');

    await page.goto(`${site.base}/about`);
    await page.waitForSelector('text=You are offline');
    assert.equal(await page.title(), 'Offline | Fixture');
    assert.ok(await page.isVisible('nav >> text=Docs'), 'the offline page has the site navbar');
    assert.ok(await page.isVisible('text=Fixture footer'), 'the offline page has the site footer');
    assert.ok(
      await page.evaluate(() => (document.querySelector('img.navbar__logo') as HTMLImageElement | null)?.naturalWidth),
      'the logo, a static file of the site, shows offline',
    );
    // The browser checks the worker script for updates itself, outside the page's network, which
    // Playwright's offline switch does not cover (a check from the online navigations above can
    // also land late on a busy machine). Everything the pages asked for stayed local.
    assert.deepEqual(
      site.requests.filter((request) => request !== '/sw.js'),
      [],
      'offline: nothing reached the server',
    );
  });

  test('after a new deployment the visitor is offered the new version; taking it reloads every tab of the site into the new build and removes the old caches', async () => {
    const site = await serveCopy();
    const { context, page } = await newPage();
    await open(page, `${site.base}/docs/intro`);
    await page.reload();
    await page.waitForSelector('html[data-docsite-ready]');
    const before = await cacheNames(page);
    const other = await context.newPage();
    await open(other, `${site.base}/docs/guides/setup`);
    await other.evaluate(() => ((window as unknown as { __marker: number }).__marker = 3));

    editFile(path.join(site.dir, 'content/docs/intro.md'), (text) => text.replace('# Welcome to the fixture', '# Welcome to the second build'));
    editFile(path.join(site.dir, 'site.config.ts'), (text) => text.replace("copyright: 'Fixture footer'", "copyright: 'Fixture footer, second build'"));
    build(site.dir);

    await page.reload();
    await page.waitForSelector('text=A new version of this site is available.');
    assert.ok(await page.isVisible('text=Welcome to the fixture'), 'until the visitor agrees, the page stays the first build');
    await Promise.all([page.waitForEvent('load'), page.click('.update-toast button:has-text("Reload")')]);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.waitForSelector('text=Welcome to the second build');
    assert.ok(await page.isVisible('text=Fixture footer, second build'));
    await other.waitForSelector('text=Fixture footer, second build');
    assert.equal(await other.evaluate(() => (window as unknown as { __marker?: number }).__marker), undefined, 'the other tab of the first build reloaded');
    const afterUpdate = await cacheNames(page);
    const dropped = before.filter((name) => !name.endsWith('precache'));
    assert.ok(dropped.length > 0, `the first build had caches of its own: ${before.join(', ')}`);
    for (const name of dropped) assert.ok(!afterUpdate.includes(name), `${name} is removed once the new worker took over`);
  });

  test('a kept page stays the build whose code the worker holds until the reader takes the update, so it still opens offline', async () => {
    const site = await serveCopy();
    const { context, page } = await newPage();
    await open(page, `${site.base}/docs/intro`);
    editFile(path.join(site.dir, 'site.config.ts'), (text) => text.replace("copyright: 'Fixture footer'", "copyright: 'Fixture footer, second build'"));
    build(site.dir);

    // Online, the worker answers with the kept page and asks the server again; the answer is the second build's.
    await open(page, `${site.base}/docs/intro`);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('html[data-docsite-ready]');
    assert.ok(await page.isVisible('text=Fixture footer'));
    assert.ok(!(await page.isVisible('text=second build')), 'the page is the first build, whose code the worker holds');
  });

  test('while a tab of the first build is still served by its worker, a page of the second build navigates with its own code', async () => {
    const site = await serveCopy();
    const { page } = await newPage();
    await open(page, `${site.base}/docs/intro`);
    await page.reload();
    await page.waitForSelector('html[data-docsite-ready]');
    editFile(path.join(site.dir, 'content/docs/intro.md'), (text) => text.replace('# Welcome to the fixture', '# Welcome to the second build'));
    editFile(path.join(site.dir, 'site.config.ts'), (text) => text.replace("copyright: 'Fixture footer'", "copyright: 'Fixture footer, second build'"));
    build(site.dir);

    // A page never visited comes from the server: the second build's, under the first build's worker.
    await page.goto(`${site.base}/about`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.waitForSelector('text=Fixture footer, second build');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 9));
    await page.click('nav a[href="/docs/intro"]');
    await page.waitForURL(`${site.base}/docs/intro`);
    await page.waitForSelector('text=Welcome to the second build');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 9, 'a client navigation, not a reload');
  });

  test('the chunks of links in view are fetched when the browser is idle, so following one loads no code', async () => {
    const site = await serveShared();
    const { page } = await newPage();
    const prefetched = page.waitForRequest((request) => /\/assets\/route-docs-guides-setup-\w+\.js$/.test(request.url()));
    await open(page, `${site.base}/docs/intro`);
    await prefetched;
    site.requests.length = 0;
    await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/setup"]');
    await page.waitForSelector('text=The setup guide');
    assert.deepEqual(
      site.requests.filter((request) => request.includes('/route-docs-guides-setup-')),
      [],
      "the page's chunk came from the prefetch",
    );
  });

  test('nothing is registered or precached with data saving on', async () => {
    const site = await serveShared();
    const { page } = await newPage();
    // Chromium's own data-saver switch: navigator.connection.saveData and the Save-Data header.
    await (await page.context().newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
    await open(page, `${site.base}/docs/intro`, { kept: false });
    await page.waitForSelector('html[data-docsite-sw="skipped"]', { state: 'attached' });
    assert.equal(await registrations(page), 0);
    assert.deepEqual(await cacheNames(page), []);
    assert.ok(!site.requests.includes('/sw.js'), 'the worker script was never fetched');
  });

  for (const [label, type] of [
    ['slow-2g', 'Slow-2G'],
    ['2g', '2G'],
  ] as const) {
    test(`on ${label} nothing is registered, and a worker registered earlier precaches nothing`, async () => {
      const site = await serveShared();
      // Chromium estimating the connection as this type, for pages and workers alike.
      const slow = await launchChromium([`--force-effective-connection-type=${type}`]);
      try {
        const page = await slow.newPage();
        await open(page, `${site.base}/docs/intro`, { kept: false });
        assert.equal(await page.evaluate(() => (navigator as Navigator & { connection: { effectiveType: string } }).connection.effectiveType), label);
        await page.waitForSelector('html[data-docsite-sw="skipped"]', { state: 'attached' });
        assert.equal(await registrations(page), 0);
        assert.ok(!site.requests.includes('/sw.js'), 'the worker script was never fetched');

        // A visitor whose worker was registered on a faster connection gets the next one installed on this one.
        await page.evaluate(async () => {
          await navigator.serviceWorker.register('/sw.js');
          await navigator.serviceWorker.ready;
        });
        const precached = await page.evaluate(async () =>
          (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).length))).reduce((a, b) => a + b, 0),
        );
        assert.equal(precached, 0, 'the worker installed without downloading anything');
      } finally {
        await slow.close();
      }
    });
  }

  test('the config switch ships a worker that removes itself and its caches from visitors who have one', async () => {
    const site = await serveCopy();
    const { page } = await newPage();
    await open(page, `${site.base}/docs/intro`);
    assert.equal(await registrations(page), 1);

    editFile(path.join(site.dir, 'site.config.ts'), (text) => text.replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  serviceWorker: false,"));
    build(site.dir);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 5));
    // The browser's own update check, as it runs on a navigation or once a day: the new worker takes the tab off the old build by itself.
    await Promise.all([
      page.waitForEvent('load'),
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update()).catch(() => undefined),
    ]);
    await page.waitForSelector('html[data-docsite-ready]');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), undefined, 'the worker reloaded the tab');
    assert.deepEqual(await until(() => leftovers(page), 30_000), []);
  });

  test('docsite serve registers no worker, and removes the one a built site left on the same address', async () => {
    const site = await serveCopy();
    const { page } = await newPage();
    await open(page, `${site.base}/docs/intro`);
    assert.equal(await registrations(page), 1, 'docsite preview left a worker');
    site.close();

    const served = await startServe(site.dir, undefined, { port: Number(new URL(site.base).port) });
    try {
      // The old worker may answer first; its replacement from the dev server removes it and reloads the tab.
      await page.goto(`${site.base}/docs/intro`);
      await page.waitForSelector('html[data-docsite-sw="off"]', { state: 'attached' });
      assert.deepEqual(await until(() => leftovers(page), 30_000), []);
    } finally {
      served.child.kill('SIGTERM');
    }
  });
});
