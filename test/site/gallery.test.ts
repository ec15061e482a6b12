/// <reference lib="dom" />
/**
 * The gallery (filters kept in the URL), the community page and the plain markdown page of the real
 * Lexical site, built and served over HTTP; the gallery is driven in real Chromium.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { EXAMPLES } from '../../content/components/gallery/examples';
import { browserSkipReason, launchChromium } from '../support/browser';
import { fetchWithin } from '../support/helpers';
import { buildLexicalSite, serveBuild, type RunningSite } from './site-build';

const skip = browserSkipReason();

const ALL_TITLES = EXAMPLES.map((example) => example.title);
const FAVORITE_TITLES = EXAMPLES.filter((example) => example.tags.includes('favorite')).map((example) => example.title);

describe('gallery, community and markdown pages of the Lexical site', () => {
  let site: RunningSite;

  before(async () => {
    site = await serveBuild(await buildLexicalSite());
  });

  after(async () => {
    await site?.close();
  });

  test('the example data is what these tests expect', () => {
    assert.equal(EXAMPLES.length, 3);
    assert.ok(ALL_TITLES.includes('Emoji plugin'));
    // The favorite filter must hide something and keep something, or checking it proves nothing.
    assert.ok(FAVORITE_TITLES.includes('Emoji plugin'));
    assert.ok(FAVORITE_TITLES.length > 0 && FAVORITE_TITLES.length < ALL_TITLES.length);
    assert.equal(ALL_TITLES.filter((title) => title.toLowerCase().includes('emoji')).length, 1);
  });

  test('/community/ is served with the three places to ask and the contribution links', async () => {
    const res = await fetchWithin(`${site.base}/community/`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Community \| Lexical<\/title>/);
    assert.match(html, /<meta name="description" content="An extensible text editor framework that does things differently">/);
    assert.match(html, /<h1[^>]*>Community<\/h1>/);
    for (const href of [
      'https://github.com/facebook/lexical/discussions',
      'https://stackoverflow.com/questions/tagged/lexicaljs',
      'https://discord.gg/KmG4wQnnD9',
      'https://github.com/facebook/lexical/blob/main/CONTRIBUTING.md',
      'https://github.com/facebook/lexical/blob/main/CODE_OF_CONDUCT.md',
      '/docs/maintainers-guide',
    ]) {
      assert.ok(html.includes(`href="${href}"`), `a link to ${href}`);
    }
  });

  test('/markdown-page is served from plain markdown with its heading', async () => {
    const res = await fetchWithin(`${site.base}/markdown-page`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, /<title>Markdown page \| Lexical<\/title>/);
    assert.match(html, /<h1[^>]*>(?:(?!<\/h1>)[\s\S])*Markdown page(?:(?!<\/h1>)[\s\S])*<\/h1>/);
    assert.match(html, /standalone|outside the docs/);
  });

  describe('/gallery in real Chromium', { skip }, () => {
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    before(async () => {
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    });

    after(async () => {
      await browser?.close();
    });

    /** Loads a gallery URL and waits until the page has hydrated and the gallery has read the URL. */
    async function open(pathAndQuery: string) {
      await page.goto(`${site.base}${pathAndQuery}`);
      await page.waitForSelector('html[data-docsite-ready]');
      await page.waitForSelector('[data-gallery-ready="true"]');
    }

    const cardTitles = () => page.locator('.gallery-card h2').allTextContents();
    const countText = async () => (await page.locator('.gallery-count').textContent())?.trim();
    const query = () => new URL(page.url()).searchParams;
    /** Waits for the visible count to read `text` (state updates land asynchronously after input). */
    const waitForCount = (text: string) => page.waitForFunction((expected) => document.querySelector('.gallery-count')?.textContent?.trim() === expected, text);

    const favorite = () => page.getByRole('checkbox', { name: /Favorite/ });
    const openSource = () => page.getByRole('checkbox', { name: /Open source/ });
    const search = () => page.getByLabel('Search by title');

    test('filters by tag and title, keeps them in the URL, and restores them on reload', async () => {
      await open('/gallery');
      assert.equal(await page.title(), 'Gallery | Lexical');
      assert.equal(await page.locator('h1').textContent(), 'Gallery');
      assert.equal(await countText(), '3 examples');
      assert.deepEqual(await cardTitles(), ALL_TITLES);
      // Every card has its link and either an image with alt text or a placeholder.
      assert.equal(await page.locator('.gallery-card a[href^="https://"]').count(), 3);
      for (const alt of await page.locator('.gallery-card img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))) {
        assert.ok(alt && alt.length > 5, 'a preview image has alt text');
      }
      // Tag chips carry their description for mouse and screen reader users.
      const chip = page.locator('.gallery-chip', { hasText: 'Favorite' }).first();
      assert.match((await chip.getAttribute('title')) ?? '', /\w{4,}/);

      await favorite().check();
      await waitForCount(`${FAVORITE_TITLES.length} examples`);
      assert.deepEqual(await cardTitles(), FAVORITE_TITLES);
      assert.ok(!(await cardTitles()).includes('Collaborative rich text (Yjs)'));
      assert.deepEqual(query().getAll('tags'), ['favorite']);

      await search().click();
      await search().pressSequentially('emoji');
      await waitForCount('1 example');
      assert.deepEqual(await cardTitles(), ['Emoji plugin']);
      assert.equal(query().get('title'), 'emoji');
      assert.deepEqual(query().getAll('tags'), ['favorite']);

      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      await page.waitForSelector('[data-gallery-ready="true"]');
      await waitForCount('1 example');
      assert.equal(await favorite().isChecked(), true);
      assert.equal(await openSource().isChecked(), false);
      assert.equal(await search().inputValue(), 'emoji');
      assert.deepEqual(await cardTitles(), ['Emoji plugin']);
      assert.equal(await page.locator('.gallery-card').count(), 1);

      assert.deepEqual(problems, []);
    });

    test('an unmatched title shows the empty state, and clearing brings every example back', async () => {
      await open('/gallery?title=zzz');
      await waitForCount('0 examples');
      assert.equal(await search().inputValue(), 'zzz');
      assert.equal(await page.locator('.gallery-card').count(), 0);
      assert.ok(await page.getByText('No examples match these filters.').isVisible());

      await page.getByRole('button', { name: 'Show all examples' }).click();
      await waitForCount('3 examples');
      assert.deepEqual(await cardTitles(), ALL_TITLES);
      assert.equal(query().has('title'), false);
      assert.equal(await search().inputValue(), '');
      assert.deepEqual(problems, []);
    });

    test("the navbar's Gallery link clears the filters a visitor set, without a full reload", async () => {
      await open('/gallery');
      await favorite().check();
      await waitForCount(`${FAVORITE_TITLES.length} examples`);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      await page.locator('nav a[href="/gallery"]').first().click();
      await page.waitForURL(`${site.base}/gallery`);
      await waitForCount('3 examples');
      assert.equal(await favorite().isChecked(), false);
      assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'the router handled the click');
      assert.deepEqual(problems, []);
    });

    test('tags match any checked tag, and other query parameters are kept', async () => {
      await open('/gallery?ref=newsletter&tags=favorite&tags=opensource');
      await waitForCount('3 examples');
      assert.equal(await favorite().isChecked(), true);
      assert.equal(await openSource().isChecked(), true);

      await openSource().uncheck();
      await waitForCount(`${FAVORITE_TITLES.length} examples`);
      assert.equal(query().get('ref'), 'newsletter');
      assert.deepEqual(query().getAll('tags'), ['favorite']);

      await favorite().uncheck();
      await waitForCount('3 examples');
      assert.equal(query().get('ref'), 'newsletter');
      assert.equal(query().has('tags'), false);
      assert.deepEqual(problems, []);
    });
  });
});
