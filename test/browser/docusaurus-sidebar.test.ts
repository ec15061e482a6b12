/// <reference lib="dom" />
/**
 * docsite's docs sidebar on a Docusaurus site (test/fixtures/docusaurus-slashes) in real Chromium:
 * it carries Docusaurus's class names beside its own, so the site's custom CSS written for
 * Docusaurus's sidebar (`.menu__list-item-collapsible .menu__link`, a link level's class) reaches
 * it, while Infima's rules for those classes leave docsite's look as it was (one caret, one row).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { copyFixture } from '../support/helpers';

const skip = browserSkipReason();

/** The colour the fixture's custom.css gives `.menu__list-item-collapsible .menu__link`. */
const SITE_CATEGORY_COLOUR = 'rgb(178, 34, 34)';

describe("a Docusaurus site's sidebar CSS in real Chromium", { skip }, () => {
  let site: BuiltSiteInBrowser;
  let page: Page;

  before(async () => {
    site = await openBuiltSite(copyFixture('docusaurus-slashes'));
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    page = await context.newPage();
    await page.goto(`${site.base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
  });
  after(() => site?.close());

  const sidebar = '.doc-sidebar nav[aria-label="Docs sidebar"]';
  const style = (selector: string, property: string, pseudo?: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element, [name, at]) => getComputedStyle(element, at ?? null).getPropertyValue(name!), [property, pseudo] as const);

  test("the sidebar's elements carry Docusaurus's class names beside docsite's", async () => {
    assert.equal(await page.locator(`${sidebar} > ul.theme-doc-sidebar-menu.menu__list`).count(), 1);
    const intro = page.locator(`${sidebar} li.theme-doc-sidebar-item-link.theme-doc-sidebar-item-link-level-1.menu__list-item.menu__item`).first();
    assert.equal(await intro.locator('a.menu__link.menu__link--active').getAttribute('href'), '/docs/intro');
    // A category with its own page: a link and a caret button; one without: a toggle with the caret class.
    const guides = page.locator(`${sidebar} li.theme-doc-sidebar-item-category.theme-doc-sidebar-item-category-level-1.menu__list-item`, { hasText: 'Guides' });
    assert.equal(await guides.locator('> div.menu__list-item-collapsible.menu__row > a.menu__link.menu__link--sublist').count(), 1);
    assert.equal(await guides.locator('> div.menu__list-item-collapsible > button.clean-btn.menu__caret').count(), 1);
    const more = page.locator(`${sidebar} li.theme-doc-sidebar-item-category`, { hasText: 'More' });
    assert.match((await more.getAttribute('class')) ?? '', /\bmenu__list-item--collapsed\b/);
    assert.match((await more.getAttribute('class')) ?? '', /\bmenu__item--collapsed\b/);
    assert.equal(await more.locator('.menu__list-item-collapsible > .menu__link--sublist.menu__link--sublist-caret').count(), 1);
  });

  test('a rule on .menu__list-item-collapsible .menu__link reaches the category labels, and only them', async () => {
    assert.equal(await style(`${sidebar} .theme-doc-sidebar-item-category a.menu__link--sublist`, 'color'), SITE_CATEGORY_COLOUR);
    assert.equal(await style(`${sidebar} .theme-doc-sidebar-item-category .menu__link--sublist-caret`, 'color'), SITE_CATEGORY_COLOUR);
    assert.notEqual(await style(`${sidebar} .theme-doc-sidebar-item-link .menu__link`, 'color'), SITE_CATEGORY_COLOUR);
    // A link level's class reaches the links of that level once their category is open.
    await page.locator(`${sidebar} .theme-doc-sidebar-item-category`, { hasText: 'Guides' }).locator('button.menu__caret').click();
    await page.locator(`${sidebar} .theme-doc-sidebar-item-link-level-2 .menu__link`).first().waitFor();
    assert.equal(await style(`${sidebar} .theme-doc-sidebar-item-link-level-2 .menu__link`, 'letter-spacing'), '1px');
  });

  test("Infima's rules for those classes leave one caret per category and the caret beside its label", async () => {
    assert.equal(await style(`${sidebar} .menu__link--sublist-caret`, 'content', '::after'), 'none');
    assert.equal(await page.locator(`${sidebar} .menu__link--sublist-caret .menu__caret-icon`).count(), 1);
    assert.equal(await style(`${sidebar} button.menu__caret`, 'content', '::before'), 'none');
    const row = page.locator(`${sidebar} .theme-doc-sidebar-item-category`, { hasText: 'Guides' }).locator('> .menu__list-item-collapsible');
    const [link, caret] = await Promise.all([row.locator('> a').boundingBox(), row.locator('> button').boundingBox()]);
    assert.ok(link && caret && Math.abs(link.y - caret.y) < 1 && caret.x >= link.x + link.width - 1, `one row: ${JSON.stringify({ link, caret })}`);
  });

  test('as under Docusaurus with no themeConfig.docs.sidebar: opening a category leaves the open ones open, and nothing hides the sidebar', async () => {
    const caret = (label: string) =>
      page.locator(`${sidebar} .theme-doc-sidebar-item-category`, { hasText: label }).locator('> .menu__list-item-collapsible button');
    if ((await caret('Guides').getAttribute('aria-expanded')) !== 'true') await caret('Guides').click();
    await caret('More').click();
    await page.locator(`${sidebar} a.menu__link[href="/docs/more/faq"]`).waitFor();
    assert.equal(await caret('More').getAttribute('aria-expanded'), 'true');
    assert.equal(await caret('Guides').getAttribute('aria-expanded'), 'true');
    assert.equal(await page.locator('.doc-sidebar__collapse').count(), 0);
  });
});
