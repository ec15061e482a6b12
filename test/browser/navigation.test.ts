/// <reference lib="dom" />
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { createPreviewApp } from '../../src/serve/preview-app';
import { browserSkipReason, launchChromium } from '../support/browser';
import { copyFixture, runCli } from '../support/helpers';
import path from 'node:path';

const skip = browserSkipReason();

describe('the built site in real Chromium', { skip }, () => {
  let server: ServerType;
  let browser: Browser;
  let base: string;
  let page: Page;
  const problems: string[] = [];

  let site: string;

  before(async () => {
    site = copyFixture('basic-site');
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    server = serve({ fetch: createPreviewApp(path.join(site, 'build')).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('hydrates without warnings, navigates on sidebar clicks without a reload, and back restores scroll', async () => {
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 42;
      window.scrollTo(0, 400);
    });
    await page.waitForFunction(() => window.scrollY >= 399);
    await page.waitForTimeout(200);

    await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/setup"]');
    await page.waitForURL(`${base}/docs/guides/setup`);
    await page.waitForSelector('text=The setup guide');
    assert.equal(await page.title(), 'Setup | Fixture');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'no full reload');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'a new page starts at the top');
    assert.equal(await page.getAttribute('link[rel="canonical"]', 'href'), 'https://fixture.example.com/docs/guides/setup');
    assert.equal(await page.getAttribute('nav[aria-label="Docs sidebar"] a[aria-current="page"]', 'href'), '/docs/guides/setup');

    await page.goBack();
    await page.waitForURL(`${base}/docs/intro`);
    await page.waitForSelector('text=Welcome to the fixture');
    await page.waitForFunction(() => Math.abs(window.scrollY - 400) < 2);
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42);

    await page.goForward();
    await page.waitForURL(`${base}/docs/guides/setup`);
    await page.waitForSelector('text=The setup guide');
    assert.deepEqual(problems, []);
  });

  test('a link with a hash scrolls to its heading, back and forward return to where each entry was; a lazy category loads its items on expand', async () => {
    // Within the page: the browser jumps to the heading; back returns to the top the page was at.
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.click('nav[aria-label="On this page"] a[href="#code-samples"]');
    await page.waitForURL(`${base}/docs/intro#code-samples`);
    await page.waitForFunction(() => window.scrollY > 100);
    const atHeading = await page.evaluate(() => window.scrollY);
    await page.goBack();
    await page.waitForURL(`${base}/docs/intro`);
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5000 });
    await page.goForward();
    await page.waitForURL(`${base}/docs/intro#code-samples`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, atHeading, { timeout: 5000 });

    await page.goto(`${base}/docs/guides/setup`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.click('a[href="/docs/intro#code-samples"]');
    await page.waitForURL(`${base}/docs/intro#code-samples`);
    await page.waitForFunction(() => {
      const top = document.getElementById('code-samples')?.getBoundingClientRect().top ?? 999;
      return top >= -2 && top < 120;
    });

    const toggle = page.locator('nav[aria-label="Docs sidebar"] button[aria-expanded="false"]', { hasText: 'advanced' });
    await toggle.click();
    await page.waitForSelector('nav[aria-label="Docs sidebar"] a[href="/docs/guides/advanced/deep-dive"]');
    assert.equal(await page.locator('nav[aria-label="Docs sidebar"] button', { hasText: 'advanced' }).getAttribute('aria-expanded'), 'true');
    await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/advanced/deep-dive"]');
    await page.waitForURL(`${base}/docs/guides/advanced/deep-dive`);
    await page.waitForSelector('[role="tab"]');
    assert.deepEqual(problems, []);
  });

  test('an unknown route falls back to a full load of the 404 page', async () => {
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/docs/missing-page';
      a.id = 'to-missing';
      a.textContent = 'missing';
      document.querySelector('main')!.prepend(a);
    });
    await page.click('#to-missing');
    await page.waitForURL(`${base}/docs/missing-page`);
    await page.waitForSelector('text=Page Not Found');
    problems.splice(0, problems.length, ...problems.filter((p) => !/404|could not load \/docs\/missing-page/.test(p)));
    assert.deepEqual(problems, []);
  });

  test('a navigation slower than 200 ms shows a progress bar at the top until the page is there', async () => {
    // A service worker that takes control of the tab before the chunk is requested fetches the chunk
    // itself; page.route never sees that request and the navigation is too quick for the bar. Without
    // the worker (tested on its own), the test holds the chunk back every time.
    const context = await browser.newContext({ viewport: { width: 1280, height: 600 }, serviceWorkers: 'block' });
    const slow = await context.newPage();
    try {
      // The next page's chunk (prefetched or not) arrives only when the test lets it.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await slow.route('**/assets/route-docs-guides-setup-*.js', async (route) => {
        await released;
        await route.continue();
      });
      await slow.goto(`${base}/docs/intro`);
      await slow.waitForSelector('html[data-docsite-ready]');
      await slow.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/setup"]');
      const bar = slow.locator('[role="progressbar"]');
      await bar.waitFor({ state: 'visible' });
      const box = await bar.boundingBox();
      assert.ok(box && box.y === 0 && box.height >= 2 && box.width > 0, `the bar is drawn at the top: ${JSON.stringify(box)}`);
      assert.equal(await bar.getAttribute('aria-label'), 'Loading page');
      release();
      await slow.waitForSelector('text=The setup guide');
      await bar.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  test("when a page's code cannot be loaded, the page stays readable with the error and a Retry button that works", async () => {
    // The service worker (tested on its own) must not answer from its cache here.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const broken = await context.newPage();
      const errors: string[] = [];
      broken.on('pageerror', (error) => errors.push(error.message));
      const failRoute = (route: { abort(): Promise<void> }) => route.abort();
      await broken.route('**/assets/route-*.js', failRoute);
      await broken.goto(`${base}/docs/intro`);
      const notice = broken.locator('[role="alert"].load-failure');
      await notice.waitFor();
      assert.match(await notice.innerText(), /This page could not finish loading\./);
      assert.ok(await broken.isVisible('text=Welcome to the fixture'), 'the page the server sent stays');
      assert.equal(await broken.getAttribute('html', 'data-docsite-ready'), null);

      await broken.unroute('**/assets/route-*.js', failRoute);
      await notice.locator('button', { hasText: 'Retry' }).click();
      await broken.waitForSelector('html[data-docsite-ready]');
      assert.equal(await broken.locator('.load-failure').count(), 0);
      assert.deepEqual(errors, [], 'no uncaught error');
    } finally {
      await context.close();
    }
  });

  test('a build opened from another folder than its baseUrl says so, with the base URL to try (spec 2.4)', async () => {
    const preview = createPreviewApp(path.join(site, 'build'));
    // The same build, served under /mirror/ while its baseUrl says /.
    const mirror = serve({ fetch: (request) => preview.fetch(new Request(request.url.replace('/mirror/', '/'), request)), port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => mirror.once('listening', resolve));
    const mirrored = await browser.newPage();
    try {
      await mirrored.goto(`http://127.0.0.1:${(mirror.address() as AddressInfo).port}/mirror/docs/intro`);
      const banner = mirrored.locator('[role="alert"].base-url-banner');
      await banner.waitFor();
      assert.deepEqual(
        (await banner.locator('p').allInnerTexts()).map((line) => line.trim()),
        [
          'Your site did not load properly.',
          'A very common reason is a wrong site baseUrl configuration.',
          'Current configured baseUrl = /',
          'We suggest trying baseUrl = /mirror/',
        ],
      );
      // At its own address the page has no banner.
      await mirrored.goto(`${base}/docs/intro`);
      await mirrored.waitForSelector('html[data-docsite-ready]');
      assert.equal(await mirrored.locator('.base-url-banner').count(), 0);
    } finally {
      await mirrored.close();
      mirror.close();
    }
  });

  test('below 996 px the navbar collapses into a menu holding the sidebar; from 996 px on the layout is the desktop one', async () => {
    const mobile = await browser.newPage({ viewport: { width: 996, height: 800 } });
    const errors: string[] = [];
    mobile.on('pageerror', (error) => errors.push(error.message));
    await mobile.goto(`${base}/docs/intro`);
    await mobile.waitForSelector('html[data-docsite-ready]');
    const toggle = 'button[aria-label="Toggle navigation bar"]';
    const drawer = mobile.locator('[role="dialog"]');
    assert.equal(await mobile.isVisible('aside.doc-sidebar'), true, 'at 996 px the sidebar is shown');
    assert.equal(await mobile.isVisible(toggle), false, 'at 996 px there is no menu button');
    await mobile.setViewportSize({ width: 995, height: 800 });
    assert.equal(await mobile.isVisible('aside.doc-sidebar'), false, 'at 995 px the sidebar is in the menu');
    // An open menu closes once the window is wide enough for the desktop layout.
    await mobile.click(toggle);
    await drawer.waitFor();
    await mobile.setViewportSize({ width: 996, height: 800 });
    await drawer.waitFor({ state: 'hidden', timeout: 5000 });

    await mobile.setViewportSize({ width: 390, height: 800 });
    assert.equal(await mobile.isVisible('aside.doc-sidebar'), false);
    await mobile.click(toggle);
    await drawer.waitFor();
    assert.ok(await drawer.locator('a[href="/docs/guides/setup"]').isVisible());
    await mobile.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    assert.deepEqual(errors, []);
    await mobile.close();
  });
});
