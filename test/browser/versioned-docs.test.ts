/// <reference lib="dom" />
/**
 * Versioned docs in real Chromium (spec 3, 4): the version dropdown keeps the reader on the same
 * page in the version picked (or takes them to its first doc), the choice is stored per docs
 * plugin and shown outside the docs, a stored version the site no longer has is cleared, and
 * search looks in the version being read.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { copyFixture } from '../support/helpers';

const skip = browserSkipReason();
const KEY = 'docs-preferred-version-default';

describe('versioned docs in real Chromium', { skip }, () => {
  let opened: BuiltSiteInBrowser | undefined;
  let base: string;
  let browser: Browser;

  before(async () => {
    opened = await openBuiltSite(copyFixture('docusaurus-versioned'));
    ({ base, browser } = opened);
  });
  after(() => opened?.close());

  const open = async (page: Page, route: string) => {
    await page.goto(`${base}${route}`);
    await page.waitForSelector('html[data-docsite-ready]');
  };
  const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
  const pick = async (page: Page, label: string) => {
    await page.click('.navbar-dropdown--versions .navbar-dropdown__toggle');
    await page.locator('.navbar-dropdown--versions .navbar-dropdown__link', { hasText: new RegExp(`^${label.replace('.', '\\.')}$`) }).click();
  };

  test('the dropdown keeps the page, stores the version and shows it outside the docs', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await open(page, '/docs/guides/install');
      assert.equal(await stored(page), null);
      assert.equal(await page.locator('.navbar-dropdown--versions .navbar__label').innerText(), '2.0');

      await pick(page, '1.0');
      await page.waitForURL(`${base}/docs/1.0/guides/install`);
      await page.waitForSelector('.version-banner');
      assert.match(await page.locator('.version-banner').innerText(), /which is no longer actively maintained/);
      assert.equal(await page.locator('.navbar-dropdown--versions .navbar__label').innerText(), '1.0');
      assert.equal(await stored(page), '1.0');

      // Outside the docs the dropdown shows the preferred version, and leads to its first doc.
      await open(page, '/');
      await page.waitForFunction(() => document.querySelector('.navbar-dropdown--versions .navbar__label')?.textContent === '1.0');

      // A page the other version lacks: that version's first doc.
      await open(page, '/docs/guides/upgrade');
      await pick(page, 'Next');
      await page.waitForURL(`${base}/docs/next/intro`);
      assert.equal(await stored(page), 'current');
      assert.match(await page.locator('.version-banner').innerText(), /This is unreleased documentation for .+ Next version\./);

      // The banner's link goes to the same page in the latest version, which becomes the preferred one.
      await open(page, '/docs/next/guides/install');
      await page.click('.version-banner a');
      await page.waitForURL(`${base}/docs/guides/install`);
      assert.equal(await stored(page), '2.0');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a stored version the site no longer has is cleared', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    try {
      await context.addInitScript((key) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key, '0.5');
          sessionStorage.setItem('seeded', '1');
        }
      }, KEY);
      const page = await context.newPage();
      await open(page, '/');
      await page.waitForFunction((key) => localStorage.getItem(key) === null, KEY);
      assert.equal(await page.locator('.navbar-dropdown--versions .navbar__label').innerText(), '2.0');
    } finally {
      await context.close();
    }
  });

  test('on a phone the drawer lists the versions, each keeping the page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await open(page, '/docs/guides/install');
      await page.click('button[aria-label="Toggle navigation bar"]');
      const versions = page.locator('.mobile-drawer__nav ul[aria-label="Docs version"] a');
      assert.deepEqual(await versions.allInnerTexts(), ['Next', '2.0', '1.0']);
      await versions.filter({ hasText: /^1\.0$/ }).click();
      await page.waitForURL(`${base}/docs/1.0/guides/install`);
      assert.equal(await stored(page), '1.0');
    } finally {
      await context.close();
    }
  });

  test('search looks in the version being read', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const search = async (query: string) => {
        await page.keyboard.press('Control+k');
        await page.fill('.DocSearch-Input', query);
        await page.waitForSelector('.DocSearch-Hit, .DocSearch-NoResults');
        const hits = await page
          .locator('.DocSearch-Hit a')
          .evaluateAll((hits) => hits.map((hit) => new URL((hit as HTMLElement).dataset.url!, location.href).pathname));
        await page.keyboard.press('Escape');
        return hits;
      };
      // "wire format" is written only in version 1.0.
      await open(page, '/docs/1.0/intro');
      const inOld = await search('wire format');
      assert.ok(inOld.length > 0 && inOld.every((hit) => hit.startsWith('/docs/1.0/')), inOld.join(', '));
      await open(page, '/docs/next/intro');
      assert.deepEqual(await search('wire format'), []);
      // "travel in one frame" is written only in the docs folder (Next).
      const inNext = await search('travel in one frame');
      assert.ok(inNext.length > 0 && inNext.every((hit) => hit.startsWith('/docs/next/')), inNext.join(', '));
    } finally {
      await context.close();
    }
  });
});
