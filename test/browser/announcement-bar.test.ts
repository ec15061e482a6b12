/// <reference lib="dom" />
/**
 * The announcement bar in real Chromium (spec 2.4, 4): shown above the navbar with the site's
 * colours, closed for good with its button (no flash on the next page), and shown again once the
 * site announces something else (a new id).
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ServerType } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { copyFixture, previewBuild, runCli } from '../support/helpers';

const skip = browserSkipReason();

describe('the announcement bar in real Chromium', { skip }, () => {
  let site: string;
  let configFile: string;
  let original: string;
  let server: ServerType;
  let base: string;
  let browser: Browser;

  /** Builds the site with this announcement bar (the preview server serves each new build). */
  const buildWith = (bar: string) => {
    writeFileSync(configFile, original.replace("  onBrokenLinks: 'throw',", `  announcementBar: ${bar},\n  onBrokenLinks: 'throw',`));
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
  };

  before(async () => {
    site = copyFixture('basic-site');
    configFile = path.join(site, 'site.config.ts');
    original = readFileSync(configFile, 'utf8');
    buildWith("{ id: 'first', content: 'Read the <a href=\"/docs/guides/setup\">setup guide</a> first.', backgroundColor: '#fafbfc', textColor: '#091e42' }");
    ({ base, server } = await previewBuild(path.join(site, 'build')));
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });

  test('shows above the navbar, stays closed once closed, and comes back for a new announcement', async () => {
    // The service worker (tested on its own) would answer the reload from its cache.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${base}/docs/intro`);
      await page.waitForSelector('html[data-docsite-ready]');
      const bar = page.locator('[role="region"][aria-label="Announcement"]');
      assert.equal(await bar.innerText(), 'Read the setup guide first.');
      assert.equal(await bar.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(250, 251, 252)');
      assert.equal(await bar.evaluate((element) => getComputedStyle(element).color), 'rgb(9, 30, 66)');
      const [barBox, navBox] = [await bar.boundingBox(), await page.locator('nav[aria-label="Main"]').boundingBox()];
      assert.ok(barBox && navBox && barBox.y + barBox.height <= navBox.y + 1, 'the bar sits above the navbar');

      // The sidebar's column fits under the bar: its collapse button is on screen, and neither it nor
      // the expand button that takes its place (and the focus) scrolls the page.
      for (const [name, next] of [
        ['Collapse sidebar', 'Expand sidebar'],
        ['Expand sidebar', 'Collapse sidebar'],
      ] as const) {
        // Measured once the sidebar's width has stopped sliding, and pressed near its bottom edge.
        const button = (await page.$(`button[aria-label="${name}"]`))!;
        await button.waitForElementState('stable');
        const box = await button.boundingBox();
        assert.ok(box && box.y >= 0 && box.y + box.height <= 800, `${name} is on screen: ${JSON.stringify(box)}`);
        await button.click({ position: { x: box.width / 2, y: box.height - 4 } });
        await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, next);
        assert.equal(await page.evaluate(() => window.scrollY), 0, `pressing ${name} scrolls nothing`);
      }

      await page.click('button[aria-label="Close the announcement"]');
      assert.equal(await bar.count(), 0);

      // The next page never shows it, not even before its scripts run (held back here).
      const holdScripts = (route: { abort(): Promise<void> }) => route.abort();
      await page.route('**/assets/*.js', holdScripts);
      await page.goto(`${base}/docs/guides/setup`);
      assert.equal(await page.locator('.announcement-bar').count(), 1, 'the server sent the bar');
      assert.equal(await page.locator('.announcement-bar').isVisible(), false, 'hidden from the first paint');
      await page.unroute('**/assets/*.js', holdScripts);
      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      assert.equal(await bar.count(), 0);

      // A new announcement is shown again.
      buildWith("{ id: 'second', content: 'Something new.', isCloseable: false }");
      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      assert.equal(await bar.innerText(), 'Something new.');
      assert.equal(await page.locator('button[aria-label="Close the announcement"]').count(), 0, 'this one cannot be closed');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
