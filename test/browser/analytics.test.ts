/// <reference lib="dom" />
/**
 * Page analytics (spec 7) with `gtag` configured: a built page loads Google's tag (stubbed here; the
 * machine has no way out) and reports its first view and every client navigation; the dev server's
 * pages load nothing of it; a site without gtag sends nothing.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { copyBuiltSite } from '../support/built-fixture';
import { copyFixture, fetchWithin, runCli, startServe } from '../support/helpers';

const skip = browserSkipReason();
const GTAG = "  gtag: { trackingID: 'G-TEST123', anonymizeIP: true },\n";

function siteWithGtag(): string {
  const site = copyFixture('basic-site');
  const configFile = path.join(site, 'site.config.ts');
  writeFileSync(configFile, readFileSync(configFile, 'utf8').replace("  onBrokenLinks: 'throw',", `${GTAG}  onBrokenLinks: 'throw',`));
  return site;
}

/** What the page pushed to Google's data layer, each call as a plain array. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((call) =>
      Array.from(call).map((value) => (value instanceof Date ? 'a date' : value)),
    ),
  );

describe('page analytics in real Chromium', { skip }, () => {
  let site: string;
  let builtCopy: string;
  let opened: BuiltSiteInBrowser | undefined;
  let base: string;
  let browser: Browser;
  let dev: ChildProcess | undefined;

  before(async () => {
    site = siteWithGtag();
    opened = await openBuiltSite(site);
    // Taken before the dev server runs on the site, for the test of a site without gtag.
    builtCopy = copyBuiltSite(site);
    ({ base, browser } = opened);
  });
  after(async () => {
    await opened?.close();
    dev?.kill('SIGTERM');
  });

  test('a built page loads the tag, reports its view, and reports each client navigation as a page view', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const tagRequests: string[] = [];
      await page.route('https://www.googletagmanager.com/**', (route) => {
        tagRequests.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: '/* the tag, stubbed */' });
      });
      await page.goto(`${base}/docs/intro`);
      await page.waitForSelector('html[data-docsite-ready]');
      assert.deepEqual(tagRequests, ['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
      assert.deepEqual(await dataLayer(page), [
        ['js', 'a date'],
        ['config', 'G-TEST123', { anonymize_ip: true }],
      ]);

      await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/setup"]');
      await page.waitForURL(`${base}/docs/guides/setup`);
      await page.waitForFunction(() => ((window as unknown as { dataLayer: unknown[] }).dataLayer ?? []).length >= 4);
      assert.deepEqual((await dataLayer(page)).slice(2), [
        ['set', 'page_path', '/docs/guides/setup'],
        ['event', 'page_view'],
      ]);
    } finally {
      await context.close();
    }
  });

  test("the dev server's pages load no analytics", async () => {
    const started = await startServe(site);
    dev = started.child;
    const html = await (await fetchWithin(`${started.base}/docs/intro`)).text();
    assert.match(html, /<h1>Introduction<\/h1>|Welcome to the fixture/);
    assert.doesNotMatch(html, /googletagmanager|dataLayer/);
  });

  test('a site without gtag has no tag', () => {
    // The built site with gtag taken out of its config: its .docsite store kept, the build is warm.
    const plain = builtCopy;
    const configFile = path.join(plain, 'site.config.ts');
    writeFileSync(configFile, readFileSync(configFile, 'utf8').replace(GTAG, ''));
    const built = runCli(['build', plain]);
    assert.equal(built.status, 0, built.stderr);
    assert.doesNotMatch(readFileSync(path.join(plain, 'build', 'docs', 'intro', 'index.html'), 'utf8'), /googletagmanager|dataLayer/);
  });
});
