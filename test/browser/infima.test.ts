/// <reference lib="dom" />
/**
 * A site with Infima on, in real Chromium: its page's Infima classes look as Infima draws them (a
 * three-column grid that stacks at phone width, a primary button), and the site's own primary colour,
 * light and dark, reaches the button, links, the navbar's active link and the sidebar's active item.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { copyFixture } from '../support/helpers';

const skip = browserSkipReason();

/** The fixture's custom.css: `--ifm-color-primary` in light and in dark mode. */
const PRIMARY = { light: 'rgb(46, 133, 85)', dark: 'rgb(76, 195, 138)' };

describe('a site with Infima in real Chromium', { skip }, () => {
  let site: BuiltSiteInBrowser;
  let page: Page;

  before(async () => {
    site = await openBuiltSite(copyFixture('infima-site'));
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    page = await context.newPage();
  });
  after(async () => {
    await site?.close();
  });

  /** Opens `route` in a colour mode, chosen as a visitor's stored choice, and waits for the page to be ready. */
  const open = async (route: string, mode: 'light' | 'dark') => {
    await page.goto(`${site.base}${route}`);
    if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== mode) {
      await page.evaluate((choice) => localStorage.setItem('theme', choice), mode);
      await page.reload();
    }
    await page.waitForSelector('html[data-docsite-ready]');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
  };

  const style = (selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

  /** The boxes of the grid's three columns. */
  const columns = () => page.locator('.row > .col').evaluateAll((cols) => cols.map((col) => col.getBoundingClientRect().toJSON() as DOMRect));

  test('the grid has three columns side by side at desktop width and stacks them at phone width', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open('/showcase', 'light');
    const wide = await columns();
    assert.equal(wide.length, 3);
    assert.ok(
      wide.every((box) => Math.abs(box.top - wide[0].top) < 1),
      `the columns share a row: ${JSON.stringify(wide.map((box) => box.top))}`,
    );
    assert.ok(wide[0].right <= wide[1].left + 1 && wide[1].right <= wide[2].left + 1, 'the columns sit left to right');
    const row = await page
      .locator('.row')
      .first()
      .evaluate((element) => element.getBoundingClientRect().width);
    assert.ok(Math.abs(wide[0].width - row / 3) < 2, `a col--4 column is a third of its row: ${wide[0].width} of ${row}`);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.waitForFunction(() => {
      const cols = Array.from(document.querySelectorAll('.row > .col'), (col) => col.getBoundingClientRect());
      return cols.length === 3 && cols[0].bottom <= cols[1].top && cols[1].bottom <= cols[2].top;
    });
    const narrow = await columns();
    assert.ok(
      narrow.every((box) => Math.abs(box.left - narrow[0].left) < 1),
      'the stacked columns start at the same left edge',
    );
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("Infima's components are styled: the hero, the primary button, the alert and the badge", async () => {
    await open('/showcase', 'light');
    assert.equal(await style('.button--primary', 'background-color'), PRIMARY.light);
    assert.equal(await style('.button--primary', 'color'), 'rgb(255, 255, 255)');
    // hero--primary paints the hero in the primary colour; alert and badge get Infima's own look.
    assert.equal(await style('.hero--primary', 'background-color'), PRIMARY.light);
    assert.notEqual(await style('.alert--info', 'background-color'), 'rgba(0, 0, 0, 0)');
    assert.notEqual(await style('.alert--info', 'border-left-width'), '0px');
    assert.notEqual(await style('.badge', 'border-radius'), '0px');
    assert.notEqual(await style('.badge', 'background-color'), 'rgba(0, 0, 0, 0)');
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`the site's ${mode} primary colour reaches links, the navbar's and the sidebar's active items and buttons`, async () => {
      await open('/docs/intro', mode);
      assert.equal(await style('nav[aria-label="Main"] .navbar__link--active', 'color'), PRIMARY[mode]);
      assert.equal(await style('.menu__link--active', 'color'), PRIMARY[mode]);
      assert.equal(await style('.theme-doc-markdown a[href$="/docs/second"]', 'color'), PRIMARY[mode]);
      await open('/showcase', mode);
      assert.equal(await style('.button--primary', 'background-color'), PRIMARY[mode]);
    });
  }

  test("the site's navbar link colour reaches the bar's links that are not the active one", async () => {
    await open('/showcase', 'light');
    assert.equal(await style('nav[aria-label="Main"] .navbar__link', 'color'), 'rgb(122, 46, 133)');
    await open('/docs/intro', 'light');
    assert.equal(await style('nav[aria-label="Main"] .navbar__link--active', 'color'), PRIMARY.light, 'the active link keeps the link colour');
  });

  test("docsite's breadcrumbs and sidebar carets draw one chevron each under Infima, and the site's highlighted-line colour is used", async () => {
    await open('/docs/guides/setup', 'light');
    // Every separator the trail draws, before or after an item: one between each two items.
    const separators = await page
      .locator('.breadcrumbs__item')
      .evaluateAll((items) =>
        items.flatMap((item) => ['::before', '::after'].filter((pseudo) => !['none', 'normal'].includes(getComputedStyle(item, pseudo).content))),
      );
    const items = await page.locator('.breadcrumbs__item').count();
    assert.ok(items >= 2, `a trail of ${items} items`);
    assert.equal(separators.length, items - 1, `separators drawn: ${JSON.stringify(separators)}`);
    const caret = page.locator('.menu__row > .menu__caret').first();
    assert.equal(await caret.evaluate((button) => getComputedStyle(button, '::before').content), 'none', "Infima's own chevron is not drawn beside docsite's");
    assert.equal(await caret.locator('.menu__caret-icon').count(), 1);
    assert.equal(await style('.shiki .line.highlighted', 'background-color'), 'rgba(0, 0, 0, 0.1)');
    await open('/docs/guides/setup', 'dark');
    assert.equal(await style('.shiki .line.highlighted', 'background-color'), 'rgba(0, 0, 0, 0.3)');
  });
});
