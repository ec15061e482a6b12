/// <reference lib="dom" />
/**
 * The colour mode in real Chromium (spec 4): the navbar's toggle, named for what a click does,
 * switches light and dark, the choice is applied before the first paint on the next page, other
 * tabs follow it, and a site that follows the system's preference cycles light, dark, system.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ServerType } from '@hono/node-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { configBuilds } from '../support/built-fixture';
import { previewBuild } from '../support/helpers';

const skip = browserSkipReason();

let buildWith: ReturnType<typeof configBuilds> | undefined;

/** Builds the fixture site, with `colorMode` in its config when given, and serves the build; only the file's first build is cold. */
async function builtSite(colorMode?: string): Promise<{ base: string; server: ServerType }> {
  buildWith ??= configBuilds('basic-site');
  return previewBuild(
    buildWith(colorMode ? (config) => config.replace("  onBrokenLinks: 'throw',", `  colorMode: ${colorMode},\n  onBrokenLinks: 'throw',`) : undefined),
  );
}

/** One Chromium for the file, started on first use; each test has browser contexts of its own. */
let chromium: Promise<Browser> | undefined;
const launchOnce = () => (chromium ??= launchChromium());
after(async () => {
  await (await chromium)?.close();
});

const mode = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const toggleName = (page: Page) => page.getAttribute('button.color-mode-toggle', 'aria-label');
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The alpha of the navbar's computed background: 1 when no text scrolling under it shows through. */
const navbarAlpha = (page: Page) =>
  page.evaluate(() => {
    const colour = getComputedStyle(document.querySelector('nav.navbar')!).backgroundColor;
    const parts = /^rgba?\(([^)]+)\)$/.exec(colour)![1]!.split(/[\s,/]+/);
    return parts.length > 3 ? Number(parts[3]) : 1;
  });

describe('the colour mode in real Chromium', { skip }, () => {
  let browser: Browser;
  let base: string;
  let server: ServerType;

  before(async () => {
    ({ base, server } = await builtSite());
    browser = await launchOnce();
  });
  after(() => {
    server?.close();
  });

  test('the toggle switches light and dark, says what a click does, and the next page starts in the chosen mode', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/docs/intro`);
      await page.waitForSelector('html[data-docsite-ready]');
      assert.equal(await mode(page), 'light');
      assert.equal(await toggleName(page), 'Switch to dark mode');
      const light = await background(page);
      assert.equal(await navbarAlpha(page), 1, 'the navbar is opaque in light mode');
      const codeColours = () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('pre.shiki, pre.shiki span'))
            .slice(0, 12)
            .map((element) => `${getComputedStyle(element).color}/${getComputedStyle(element).backgroundColor}`)
            .join(' '),
        );
      const lightCode = await codeColours();
      assert.ok(lightCode.length > 0, 'the page has a highlighted code block');

      await page.click('button.color-mode-toggle');
      assert.equal(await mode(page), 'dark');
      assert.equal(await toggleName(page), 'Switch to light mode');
      assert.notEqual(await background(page), light, 'the page is drawn in dark colours');
      assert.equal(await navbarAlpha(page), 1, 'the navbar is opaque in dark mode');
      assert.notEqual(await codeColours(), lightCode, 'code blocks follow the mode');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');

      // A new page load is dark from its first paint: the head script runs before the stylesheet applies.
      await page.goto(`${base}/docs/guides/setup`, { waitUntil: 'commit' });
      await page.waitForSelector('body');
      assert.equal(await mode(page), 'dark');
      await page.waitForSelector('html[data-docsite-ready]');
      assert.equal(await toggleName(page), 'Switch to light mode');

      await page.click('button.color-mode-toggle');
      assert.equal(await mode(page), 'light');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
    } finally {
      await context.close();
    }
  });

  test('another open tab of the site follows the choice', async () => {
    const context = await browser.newContext();
    try {
      const [first, second] = [await context.newPage(), await context.newPage()];
      for (const page of [first, second]) {
        await page.goto(`${base}/docs/intro`);
        await page.waitForSelector('html[data-docsite-ready]');
      }
      await first.click('button.color-mode-toggle');
      assert.equal(await mode(first), 'dark');
      await second.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
      assert.equal(await toggleName(second), 'Switch to light mode');
    } finally {
      await context.close();
    }
  });

  test('a stored choice that cannot be read leaves the default, and the toggle still works', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Storage that throws, as a browser with storage blocked does.
      await page.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get() {
            throw new DOMException('blocked', 'SecurityError');
          },
        });
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${base}/docs/intro`);
      await page.waitForSelector('html[data-docsite-ready]');
      assert.equal(await mode(page), 'light');
      await page.click('button.color-mode-toggle');
      assert.equal(await mode(page), 'dark');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a site that follows the system colour scheme', { skip }, () => {
  let browser: Browser;
  let base: string;
  let server: ServerType;
  let context: BrowserContext;

  before(async () => {
    ({ base, server } = await builtSite("{ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true }"));
    browser = await launchOnce();
    context = await browser.newContext({ colorScheme: 'dark' });
  });
  after(async () => {
    await context?.close();
    server?.close();
  });

  test('a first visit follows the system; the toggle cycles light, dark, system', async () => {
    const page = await context.newPage();
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    assert.equal(await mode(page), 'dark', 'the system prefers dark');
    assert.equal(await toggleName(page), 'Switch to light mode');

    await page.click('button.color-mode-toggle');
    assert.equal(await mode(page), 'light');
    assert.equal(await toggleName(page), 'Switch to dark mode');
    await page.click('button.color-mode-toggle');
    assert.equal(await mode(page), 'dark');
    assert.equal(await toggleName(page), "Switch to the system's colour mode");
    await page.click('button.color-mode-toggle');
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), null, 'following the system stores nothing');

    // Following the system again, the page changes with it.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
  });
});

describe('a site without the switch', { skip }, () => {
  test('has no toggle and starts in its default mode, whatever was stored', async () => {
    const { base, server } = await builtSite("{ defaultMode: 'dark', disableSwitch: true, respectPrefersColorScheme: false }");
    const context = await (await launchOnce()).newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${base}/docs/intro`);
      await page.evaluate(() => localStorage.setItem('theme', 'light'));
      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      assert.equal(await mode(page), 'dark');
      assert.equal(await page.locator('button.color-mode-toggle').count(), 0);
    } finally {
      await context.close();
      server.close();
    }
  });
});
