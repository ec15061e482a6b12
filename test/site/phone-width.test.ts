/// <reference lib="dom" />
/**
 * The Lexical build on a 390 px phone in Chromium: no HTML page of the build scrolls sideways, at load
 * and while a mermaid diagram draws; and the footer's logo is drawn at a mark's size.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import fg from 'fast-glob';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { buildLexicalSite, serveBuild, type RunningSite } from './site-build';

const skip = browserSkipReason();
const PHONE = { width: 390, height: 844 };

/**
 * The address of every HTML page of the build: a folder's index.html at its canonical path (with or
 * without the trailing slash the build gives it), other files at their own. Pages that only forward
 * elsewhere (a meta refresh) have nothing to lay out.
 */
function htmlPages(root: string): string[] {
  const pages: string[] = [];
  for (const file of fg.sync('**/*.html', { cwd: root }).sort()) {
    const html = readFileSync(`${root}/${file}`, 'utf8');
    if (/<meta http-equiv="refresh"/i.test(html)) continue;
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    pages.push(/(^|\/)index\.html$/.test(file) && canonical ? new URL(canonical).pathname : `/${file}`);
  }
  return pages;
}

/** How far the page scrolls sideways, and the elements that reach past the right edge. */
function measure(page: Page): Promise<{ sideways: number; past: string[] }> {
  return page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    const past: string[] = [];
    if (scrollWidth > clientWidth) {
      for (const element of Array.from(document.querySelectorAll('body *'))) {
        const right = element.getBoundingClientRect().right;
        // The innermost elements past the edge say best what is too wide.
        if (right > clientWidth + 0.5 && !Array.from(element.children).some((child) => child.getBoundingClientRect().right >= right)) {
          past.push(
            `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} (right ${Math.round(right)})`,
          );
        }
        if (past.length === 3) break;
      }
    }
    return { sideways: scrollWidth - clientWidth, past };
  });
}

describe('the Lexical build on a 390 px phone (Chromium)', { skip }, () => {
  let root: string;
  let site: RunningSite;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    root = await buildLexicalSite();
    site = await serveBuild(root);
    browser = await launchChromium();
    // The service worker would precache on the first page and change nothing the pages lay out.
    context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('no page scrolls sideways, at load nor while its mermaid diagram draws', async () => {
    const pages = htmlPages(root);
    assert.ok(pages.length > 200, `${pages.length} pages`);
    const wide: string[] = [];
    let diagrams = 0;
    for (const address of pages) {
      await page.goto(`${site.base}${address}`);
      const atLoad = await measure(page);
      if (atLoad.sideways > 0) wide.push(`${address}: ${atLoad.sideways}px at load, past the edge: ${atLoad.past.join(', ')}`);
      if ((await page.locator('.mermaid-diagram').count()) === 0) continue;
      diagrams++;
      // Sampled at every frame until the diagram is drawn, then once more with it in place.
      await page.evaluate(() => {
        (window as unknown as { mostSideways: number }).mostSideways = 0;
      });
      await page.waitForFunction(
        () => {
          const { scrollWidth, clientWidth } = document.documentElement;
          const state = window as unknown as { mostSideways: number };
          state.mostSideways = Math.max(state.mostSideways, scrollWidth - clientWidth);
          return document.querySelectorAll('.mermaid-diagram svg').length === document.querySelectorAll('.mermaid-diagram').length;
        },
        undefined,
        { polling: 'raf' },
      );
      const whileDrawing = await page.evaluate(() => (window as unknown as { mostSideways: number }).mostSideways);
      if (whileDrawing > 0) wide.push(`${address}: ${whileDrawing}px while the diagram draws`);
      const drawn = await measure(page);
      if (drawn.sideways > 0) wide.push(`${address}: ${drawn.sideways}px once the diagram is drawn, past the edge: ${drawn.past.join(', ')}`);
    }
    assert.ok(diagrams > 0, 'a page with a mermaid diagram was measured');
    assert.deepEqual(wide, []);
  });

  test("the footer logo is drawn at a mark's size, on a phone and on a desktop", async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.goto(`${site.base}/docs/intro`);
      const logo = page.locator('footer .footer__logo');
      await logo.scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('footer .footer__logo')?.complete === true);
      const box = await logo.boundingBox();
      assert.ok(box, 'the footer shows its logo');
      const size = `${box.width}x${box.height} at ${viewport.width}px`;
      assert.ok(box.width >= 24 && box.width <= 48 && box.height >= 24 && box.height <= 48, `the footer logo is ${size}`);
      const navbarLogo = await page.locator('.navbar__brand img:visible').first().boundingBox();
      assert.ok(navbarLogo && Math.abs(box.height - navbarLogo.height) <= 1, `as tall as the navbar's logo (${navbarLogo?.height}px), not ${size}`);
    }
  });
});
