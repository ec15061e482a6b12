/// <reference lib="dom" />
/**
 * navbar.hideOnScroll in real Chromium (spec 2.4): the navbar leaves while the reader scrolls down
 * and comes back on the way up or when focus moves into it; without the setting it always stays.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ServerType } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { configBuilds } from '../support/built-fixture';
import { previewBuild } from '../support/helpers';

const skip = browserSkipReason();

let buildWith: ReturnType<typeof configBuilds> | undefined;

/** Builds the fixture site, with `hideOnScroll` in its navbar when asked, and serves the build; only the file's first build is cold. */
async function servedBuild(hideOnScroll: boolean): Promise<{ base: string; server: ServerType }> {
  buildWith ??= configBuilds('basic-site');
  return previewBuild(buildWith(hideOnScroll ? (config) => config.replace('  navbar: {\n', '  navbar: {\n    hideOnScroll: true,\n') : undefined));
}

/** Where the navbar's bottom edge is in the viewport, once its slide has finished. */
async function navbarBottom(page: Page): Promise<number> {
  await page.waitForTimeout(350);
  return page.evaluate(() => document.querySelector('header.navbar-header')!.getBoundingClientRect().bottom);
}

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
}

describe('navbar.hideOnScroll in real Chromium', { skip }, () => {
  let browser: Browser;
  const servers: ServerType[] = [];
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    for (const server of servers) server.close();
  });

  test('the navbar hides while scrolling down, and shows on scrolling up or on focus', async () => {
    const { base, server } = await servedBuild(true);
    servers.push(server);
    const page = await browser.newPage({ viewport: { width: 1280, height: 500 }, reducedMotion: 'reduce' });
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    assert.ok((await navbarBottom(page)) > 0, 'shown at the top');
    await scrollTo(page, 150);
    await scrollTo(page, 400);
    assert.ok((await navbarBottom(page)) <= 0, 'out of view while scrolling down');
    await scrollTo(page, 300);
    assert.ok((await navbarBottom(page)) > 0, 'back on the way up');
    await scrollTo(page, 450);
    assert.ok((await navbarBottom(page)) <= 0);
    await page.focus('header.navbar-header a.navbar__brand');
    assert.ok((await navbarBottom(page)) > 0, 'back when focus moves into it');
    await page.close();
  });

  test('without the setting the navbar stays while scrolling down', async () => {
    const { base, server } = await servedBuild(false);
    servers.push(server);
    const page = await browser.newPage({ viewport: { width: 1280, height: 500 } });
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await scrollTo(page, 150);
    await scrollTo(page, 400);
    assert.ok((await navbarBottom(page)) > 0);
    await page.close();
  });
});
