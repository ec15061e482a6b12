/// <reference lib="dom" />
/**
 * What a maintainer sees in the browser tab while `docsite serve` runs: a saved edit appears in the
 * open page without a reload, where the reader was scrolled to, and the page keeps working (client
 * navigation) afterwards; a broken edit shows the overlay and its fix brings the page back.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { copyFixture, startServe } from '../support/helpers';

const skip = browserSkipReason();

describe('docsite serve in real Chromium', { skip }, () => {
  let child: ChildProcess;
  let browser: Browser;
  let base: string;
  let page: Page;
  let intro: string;
  let original: string;
  const problems: string[] = [];

  before(async () => {
    const site = copyFixture('basic-site');
    intro = path.join(site, 'content', 'docs', 'intro.md');
    // Long enough to scroll.
    original = `${readFileSync(intro, 'utf8')}\n\n${Array.from({ length: 60 }, (_, i) => `Filler paragraph ${i} to scroll past.`).join('\n\n')}\n`;
    writeFileSync(intro, original);
    ({ base, child } = await startServe(site));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
  });

  after(async () => {
    await browser?.close();
    child?.kill('SIGTERM');
  });

  test('an edit appears in the open tab in place, at the same scroll position, and the page still navigates', async () => {
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
      window.scrollTo(0, 900);
    });
    await page.waitForFunction(() => window.scrollY >= 899);

    writeFileSync(intro, original.replace('Filler paragraph 30 to scroll past.', 'Filler paragraph 30, edited while the tab was open.'));
    await page.waitForSelector('text=Filler paragraph 30, edited while the tab was open.', { timeout: 20_000 });
    await page.waitForSelector('html[data-docsite-ready]');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 7, 'the tab was not reloaded');
    assert.ok(Math.abs((await page.evaluate(() => window.scrollY)) - 900) <= 2, 'the reader stays where they were');

    await page.click('nav[aria-label="Docs sidebar"] a[href="/docs/guides/setup"]');
    await page.waitForURL(`${base}/docs/guides/setup`);
    await page.waitForSelector('text=The setup guide');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 7, 'navigation after the update is client-side');
    assert.deepEqual(problems, []);
  });

  test('a broken edit shows the overlay in the open tab; the fix shows the page again', async () => {
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    writeFileSync(intro, original.replace('Filler paragraph 12 to scroll past.', 'Filler paragraph 12 <broken'));
    // The overlay's box is fixed over the page: its container has no size of its own.
    await page.waitForSelector('#docsite-error-overlay [role="alertdialog"]', { timeout: 20_000 });
    assert.match((await page.textContent('#docsite-error-overlay')) ?? '', /intro\.md:\d+/);

    writeFileSync(intro, original.replace('Filler paragraph 12 to scroll past.', 'Filler paragraph 12, repaired.'));
    await page.waitForSelector('text=Filler paragraph 12, repaired.', { timeout: 20_000 });
    await page.waitForSelector('#docsite-error-overlay', { state: 'detached' });
  });
});
