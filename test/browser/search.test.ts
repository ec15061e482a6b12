/// <reference lib="dom" />
/**
 * Search as a visitor meets it, in real Chromium on a built fixture site: nothing of search loads
 * before the first interaction, the shortcuts, typing, arrows and Enter (Ctrl/Cmd+Enter in a new tab,
 * Shift+Enter in a new window), snippet lengths on a desktop and a phone, the footer's 'Search by',
 * recent and favourite searches across reloads, saved and removed with the mouse and the keys, no
 * results, the error and stalled states, the error screen when the modal itself cannot be fetched and
 * search once the network is back, modified clicks, a page's hit above its sections' hits, light and
 * dark with every text's contrast, a phone, and the search page.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, Page, Route } from 'playwright-core';
import { createPreviewApp } from '../../src/serve/preview-app';
import { browserSkipReason, launchChromium } from '../support/browser';
import { copyFixture, runCli } from '../support/helpers';

const skip = browserSkipReason();
const INDEX = '**/_docsite/search/index.json';
const NUMBAT_TEXT =
  'A numbat spends most of its waking day digging shallow holes with strong front claws so that it can lick termites from the soil before the evening turns cold again.';

/** The words a snippet shows, its ellipses left out. */
const wordsOf = (text: string) => text.replace(/…/g, ' ').trim().split(/\s+/).filter(Boolean);

/** An `rgb()` or `rgba()` colour as computed styles give it: red, green, blue (0-255) and alpha (0-1). */
function rgba(value: string): number[] {
  const parts = /^rgba?\((.*)\)$/
    .exec(value)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3 || parts.some(Number.isNaN)) throw new Error(`not an rgb() colour: ${value}`);
  return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
}

const over = (top: number[], bottom: number[]) => bottom.map((channel, i) => (i < 3 ? top[i]! * top[3]! + channel * (1 - top[3]!) : 1));

function luminance(colour: number[]): number {
  const [r, g, b] = colour.slice(0, 3).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * WCAG's contrast ratio of the first element `selector` matches: its text colour over its background,
 * the translucent backgrounds up the tree blended down to the first opaque one.
 */
async function contrastOf(page: Page, selector: string): Promise<number> {
  const styles = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const backgrounds: string[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) backgrounds.push(getComputedStyle(node).backgroundColor);
      return { color: getComputedStyle(element).color, backgrounds };
    });
  const layers = styles.backgrounds.map(rgba);
  const opaque = layers.findIndex((layer) => layer[3] === 1);
  const background = layers.slice(0, opaque === -1 ? undefined : opaque + 1).reduceRight((below, layer) => over(layer, below), [255, 255, 255, 1]);
  const [light, dark] = [luminance(over(rgba(styles.color), background)), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('search in real Chromium', { skip }, () => {
  let server: ServerType;
  let browser: Browser;
  let base: string;
  const problems: string[] = [];

  before(async () => {
    const site = copyFixture('basic-site');
    mkdirSync(path.join(site, 'content/docs/01-guides'), { recursive: true });
    writeFileSync(
      path.join(site, 'content/docs/01-guides/03-escaping.md'),
      '---\ntitle: Escaping\n---\n\nA page whose text holds `<img src=x onerror=window.__injected=1>` and must show it as text.\n\n## Quokka habitats\n\nQuokkas live on Rottnest Island.\n',
    );
    // A section whose text is long enough to be cut into a snippet around the one word only it holds.
    writeFileSync(path.join(site, 'content/docs/01-guides/04-numbats.md'), `---\ntitle: Numbats\n---\n\n## Numbat diet\n\n${NUMBAT_TEXT}\n`);
    // A section that says 'bilby' more often than its page, so the engine ranks it above the page.
    writeFileSync(
      path.join(site, 'content/docs/01-guides/05-bilby.md'),
      '---\ntitle: Bilby\n---\n\nA desert marsupial.\n\n## Bilby burrows: a bilby digs, a bilby sleeps\n\nA bilby digs a spiral burrow, and the bilby sleeps there by day while another bilby keeps watch.\n',
    );
    // Enough pages about wallabies for the search page to have more than one page of results.
    mkdirSync(path.join(site, 'content/docs/wallabies'), { recursive: true });
    for (let n = 1; n <= 20; n++)
      writeFileSync(path.join(site, `content/docs/wallabies/wallaby-${n}.md`), `---\ntitle: Wallaby ${n}\n---\n\nWallaby number ${n} hops.\n`);
    const config = path.join(site, 'site.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "  onBrokenLinks: 'throw',",
        "  search: { missingResultsUrl: 'https://github.com/example/fixture/issues/new?title={query}' },\n  onBrokenLinks: 'throw',",
      ),
    );
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    server = serve({ fetch: createPreviewApp(path.join(site, 'build')).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  async function open(path = '/docs/intro', options: { width?: number; dark?: boolean; reducedMotion?: boolean } = {}): Promise<Page> {
    // The service worker (tested on its own) would fetch the index itself, out of reach of page.route.
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 800 },
      colorScheme: options.dark ? 'dark' : 'light',
      reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      // The browser's own line for each request a test cut off from the network on purpose.
      if (/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|ADDRESS_UNREACHABLE)$/.test(message.text())) return;
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    await page.goto(`${base}${path}`);
    await page.waitForSelector('html[data-docsite-ready]');
    return page;
  }

  const typeQuery = async (page: Page, query: string) => {
    await page.waitForSelector('.DocSearch-Input');
    await page.fill('.DocSearch-Input', query);
  };

  test('nothing of search loads before the first interaction; hovering the button loads it, and nothing goes to Algolia', async () => {
    const page = await open();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const label = await page.locator('.DocSearch-Button').innerText();
    assert.match(label, /Search\s+Ctrl\s+K/);
    await page.waitForTimeout(300);
    assert.deepEqual(
      requests.filter((url) => url.includes('/_docsite/search/')),
      [],
      'no search file before an interaction',
    );
    const indexRequest = page.waitForRequest((request) => request.url().endsWith('/_docsite/search/index.json'));
    await page.hover('.DocSearch-Button');
    await indexRequest;
    assert.ok(requests.some((url) => url.endsWith('/_docsite/search/worker.js')));
    assert.ok(requests.some((url) => url.endsWith('/_docsite/search/modal.css')));
    assert.deepEqual(
      requests.filter((url) => !url.startsWith(base)),
      [],
      'no request leaves the site',
    );
    assert.equal(await page.locator('link[rel="preconnect"], script[src*="insights"]').count(), 0);
    await page.context().close();
  });

  test('Ctrl+K opens, typing finds, arrows and Enter go to the hit without a reload; / and Escape open and close', async () => {
    const page = await open();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    assert.equal(await page.getAttribute('.DocSearch-Input', 'maxlength'), '64');
    assert.equal(await page.locator('.DocSearch-Hit-source').first().innerText(), 'Docs / Guides');
    assert.ok(
      (await page.locator('.DocSearch-Hit mark').allInnerTexts()).some((text) => /^installer$/i.test(text)),
      'the typed word is marked',
    );
    assert.equal(await page.getAttribute('.DocSearch-HitsFooter a', 'href'), '/search?q=installer', 'the footer leads to the search page');
    assert.equal(await page.locator('.DocSearch-Hit :is([href], button, input, [tabindex])').count(), 0, 'a hit is one interactive element');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/docs/guides/setup#install-the-package`);
    assert.equal(await page.locator('.DocSearch-Modal').count(), 0, 'the modal closes');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no full reload');

    await page.keyboard.press('/');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    await page.context().close();
  });

  for (const reducedMotion of [false, true])
    test(`recent and favourite searches are kept across reloads, starred and removed${reducedMotion ? ', with reduced motion' : ''}`, async () => {
      const page = await open('/docs/intro', { reducedMotion });
      await page.keyboard.press('Control+k');
      await page.waitForSelector('text=No recent searches');
      await typeQuery(page, 'quokka');
      await page.waitForSelector('.DocSearch-Hit');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/docs\/guides\/escaping/);
      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      await page.keyboard.press('Control+k');
      await page.waitForSelector('.DocSearch-Hit-source:has-text("Recent")');
      assert.match(await page.locator('.DocSearch-Hit').first().innerText(), /Quokka habitats/);
      await page.click('[title="Save this search"]');
      await page.waitForSelector('.DocSearch-Hit-source:has-text("Favorite")');
      assert.equal(await page.locator('.DocSearch-Hit-source:has-text("Recent")').count(), 0, 'starring moves it out of Recent');
      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      await page.keyboard.press('Control+k');
      await page.waitForSelector('.DocSearch-Hit-source:has-text("Favorite")');
      await page.click('[title="Remove this search from favorites"]');
      await page.waitForSelector('text=No recent searches');
      await page.context().close();
    });

  test('recent and favourite searches are saved and removed from the keyboard, and an entry holds no interactive element', async () => {
    const page = await open();
    /** The titles of one section's entries, and the selected entry's. */
    const entries = (source: string) =>
      page.locator(`section.DocSearch-Hits:has(.DocSearch-Hit-source:text-is("${source}")) .DocSearch-Hit-title`).allInnerTexts();
    const selected = () => page.locator('.DocSearch-Hit[aria-selected="true"] .DocSearch-Hit-title').innerText();
    const visited: string[] = [];
    for (const query of ['quokka', 'numbat']) {
      await page.keyboard.press('Control+k');
      await typeQuery(page, query);
      await page.waitForSelector('.DocSearch-Hit-source:has-text("Docs / Guides")');
      visited.unshift(await selected());
      await page.keyboard.press('Enter');
      await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    }
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Hit-source:has-text("Recent")');
    assert.deepEqual(await entries('Recent'), visited);
    assert.equal(await page.locator('.DocSearch-Hit :is([href], button, input, [tabindex])').count(), 0, 'an entry is one interactive element');
    assert.equal(await page.getAttribute('.DocSearch-Hit[aria-selected="true"]', 'aria-keyshortcuts'), 'Alt+Enter Delete');
    assert.match(
      await page.locator('.DocSearch-Footer').innerText(),
      /Alt\s*↵\s*to save the selected search\s*Del\s*to remove it/,
      'the footer shows the keys',
    );

    assert.equal(await selected(), visited[0]);
    await page.keyboard.press('Alt+Enter');
    await page.waitForSelector('.DocSearch-Hit-source:has-text("Favorite")');
    assert.deepEqual(await entries('Favorite'), [visited[0]], 'Alt+Enter saves the selected search');
    assert.deepEqual(await entries('Recent'), [visited[1]]);
    assert.equal(await page.getAttribute('section.DocSearch-Hits:has-text("Favorite") .DocSearch-Hit', 'aria-keyshortcuts'), 'Delete');
    assert.equal(await page.inputValue('.DocSearch-Input'), '', 'the keys type nothing');
    assert.equal(await page.locator('.DocSearch-Modal').count(), 1, 'and the modal stays');

    // Delete removes the selected entry, from Recent or Favorite.
    while ((await page.locator('.DocSearch-Hit').count()) > 0) {
      await page.waitForSelector('.DocSearch-Hit[aria-selected="true"]');
      const removed = await selected();
      const before = await page.locator('.DocSearch-Hit').count();
      await page.keyboard.press('Delete');
      await page.waitForFunction((count) => document.querySelectorAll('.DocSearch-Hit').length === count - 1, before);
      assert.ok(!(await page.locator('.DocSearch-Hit-title').allInnerTexts()).includes(removed), `Delete removes "${removed}"`);
    }
    await page.waitForSelector('text=No recent searches');
    await page.context().close();
  });

  test("no results; text from a page that holds markup shows as text; a page's hit comes before its sections' hits", async () => {
    const page = await open();
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'zzqqxx');
    await page.waitForSelector('.DocSearch-NoResults');
    assert.match(await page.locator('.DocSearch-NoResults').innerText(), /No results for "zzqqxx"/);
    assert.match(await page.locator('.DocSearch-NoResults').innerText(), /Believe this query should return results\?\s*Let us know\./);
    assert.equal(
      await page.getAttribute('.DocSearch-NoResults a:has-text("Let us know")', 'href'),
      'https://github.com/example/fixture/issues/new?title=zzqqxx',
    );
    await typeQuery(page, 'onerror');
    await page.waitForSelector('.DocSearch-Hit');
    const text = await page.locator('.DocSearch-Hit').first().innerText();
    assert.match(text, /<img src=x onerror/);
    assert.equal(await page.locator('.DocSearch-Modal img').count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected), undefined);
    // The engine ranks the section above its page; the modal draws the page first, the section under it.
    await typeQuery(page, 'bilby');
    await page.waitForSelector('.DocSearch-Hit--Child');
    const hits = await page
      .locator('.DocSearch-Hit')
      .evaluateAll((items) =>
        items.map((item) => `${item.classList.contains('DocSearch-Hit--Child') ? '└ ' : ''}${item.querySelector('.DocSearch-Hit-title')?.textContent}`),
      );
    assert.deepEqual(hits, ['Bilby', '└ Bilby burrows: a bilby digs, a bilby sleeps']);
    await page.context().close();
  });

  test('modified clicks on a hit keep the modal open', async () => {
    const page = await open();
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    for (const click of [{ modifiers: ['Control'] as 'Control'[] }, { button: 'middle' as const }]) {
      const opened = page.context().waitForEvent('page');
      await page.click('.DocSearch-Hit a', click);
      const other = await opened;
      await other.waitForURL(`${base}/docs/guides/setup#install-the-package`);
      await other.close();
      assert.equal(await page.locator('.DocSearch-Modal').count(), 1);
    }
    await page.context().close();
  });

  test('Ctrl+Enter and Cmd+Enter open the selected hit in a new tab, Shift+Enter in a new window, and the modal stays', async () => {
    const page = await open();
    // Which browser window holds a page, as Chromium's DevTools protocol tells it: a tab shares its opener's.
    const cdp = await browser.newBrowserCDPSession();
    const windowOf = async (target: Page) => {
      const { targetInfo } = await (await page.context().newCDPSession(target)).send('Target.getTargetInfo');
      return (await cdp.send('Browser.getWindowForTarget', { targetId: targetInfo.targetId })).windowId;
    };
    const modalWindow = await windowOf(page);
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Hit[aria-selected="true"]');
    for (const [keys, newWindow] of [
      ['Control+Enter', false],
      ['Meta+Enter', false],
      ['Shift+Enter', true],
    ] as const) {
      const opened = page.context().waitForEvent('page');
      await page.keyboard.press(keys);
      const other = await opened;
      await other.waitForURL(`${base}/docs/guides/setup#install-the-package`);
      assert.equal((await windowOf(other)) !== modalWindow, newWindow, `${keys} opens a ${newWindow ? 'window' : 'tab'}`);
      await other.close();
      assert.equal(page.url(), `${base}/docs/intro`, `${keys} leaves the page where it was`);
      assert.equal(await page.locator('.DocSearch-Modal').count(), 1, `${keys} keeps the modal open`);
      assert.equal(await page.inputValue('.DocSearch-Input'), 'installer');
    }
    await cdp.detach();
    await page.context().close();
  });

  for (const [width, words] of [
    [1280, 10],
    [390, 5],
  ] as const)
    test(`a content hit's snippet is ${words} words at ${width} px`, async () => {
      const page = await open('/docs/intro', { width });
      await page.keyboard.press('Control+k');
      await typeQuery(page, 'termites');
      const snippet = page.locator('.DocSearch-Hit-title', { hasText: 'termites' }).first();
      await snippet.waitFor();
      const text = await snippet.innerText();
      assert.match(text, /^….*…$/, `cut at both ends: ${text}`);
      assert.equal(wordsOf(text).length, words, text);
      assert.ok(NUMBAT_TEXT.includes(text.replace(/…/g, '')), `the words are the page's, in order: ${text}`);
      // A click on the hit goes where it points.
      await snippet.click();
      await page.waitForURL(`${base}/docs/guides/numbats#numbat-diet`);
      await page.context().close();
    });

  test("the footer says the embedded index answers, not Algolia: 'Search by MiniSearch'", async () => {
    const page = await open();
    await page.keyboard.press('Control+k');
    const logo = page.locator('.DocSearch-Footer .DocSearch-Logo');
    await logo.waitFor();
    await page.waitForFunction(() => /MiniSearch/.test(document.querySelector<HTMLElement>('.DocSearch-Logo')?.innerText ?? ''));
    assert.equal((await logo.innerText()).replace(/\s+/g, ' ').trim(), 'Search by MiniSearch');
    assert.equal(await page.locator('.DocSearch-Footer svg[aria-label="Algolia"]').isVisible(), false, "Algolia's logo is not shown");
    assert.equal(await page.locator('.DocSearch-Footer a[href*="algolia.com"]').isVisible(), false, 'nor its link');
    await page.context().close();
  });

  test('an index that cannot be fetched or read shows the error screen, and search recovers', async () => {
    const page = await open();
    let mode: 'abort' | 'corrupt' | 'pass' = 'abort';
    await page.route(INDEX, (route: Route) =>
      mode === 'abort'
        ? route.abort('failed')
        : mode === 'corrupt'
          ? route.fulfill({ body: '{"v":1,"pages":', contentType: 'application/json' })
          : route.continue(),
    );
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'installer');
    await page.waitForSelector('text=Unable to fetch results');
    assert.match(await page.locator('.DocSearch-ErrorScreen').innerText(), /You might want to check your network connection\./);
    mode = 'corrupt';
    await typeQuery(page, 'install');
    await page.waitForSelector('text=Unable to fetch results');
    mode = 'pass';
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    assert.equal(await page.locator('.DocSearch-ErrorScreen').count(), 0);
    await page.context().close();
  });

  // The network fails before search was ever opened, so the modal's own code and styles cannot be fetched.
  test('offline, Ctrl+K, / and the button open the error screen; back online, the next / opens search and finds results', async () => {
    const page = await open();
    await page.context().setOffline(true);
    const errorScreen = page.getByRole('alertdialog', { name: 'Unable to fetch results' });
    for (const [how, act] of [
      ['Ctrl+K', () => page.keyboard.press('Control+k')],
      ['/', () => page.keyboard.press('/')],
      ['the button', () => page.click('.DocSearch-Button')],
    ] as const) {
      await act();
      await errorScreen.waitFor();
      assert.match(await errorScreen.innerText(), /^Unable to fetch results\n+You might want to check your network connection\.\n/, how);
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Close', `${how}: the focus is in the dialog`);
      await page.keyboard.press('Escape');
      await errorScreen.waitFor({ state: 'detached' });
    }
    await page.context().setOffline(false);
    await page.keyboard.press('/');
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    assert.equal(await errorScreen.count(), 0);
    await page.context().close();
  });

  test('a server out of reach shows the error screen too, even once the code failed to load; it gives way to search when the network comes back', async () => {
    const page = await open();
    const errorScreen = page.getByRole('alertdialog', { name: 'Unable to fetch results' });
    // The browser thinks it is online, but no request reaches the site: nothing of the modal loads.
    const unreachable = (route: Route) => route.abort('addressunreachable');
    await page.route(`${base}/**`, unreachable);
    await page.keyboard.press('Control+k');
    await errorScreen.waitFor();
    await page.keyboard.press('Escape');
    // Then the modal's stylesheet loads but not its code, whose address the browser then keeps as failed.
    // (Each change of routes blocks first and unblocks after, as the button, given the focus back,
    // starts a load, which must not succeed in between.)
    await page.route(`${base}/assets/**`, unreachable);
    await page.unroute(`${base}/**`, unreachable);
    const codeFailed = page.waitForEvent('requestfailed', (request) => request.url().includes('/assets/'));
    await page.keyboard.press('Control+k');
    await codeFailed;
    await errorScreen.waitFor();
    await page.keyboard.press('Escape');
    // Offline, then the site back in reach: the error screen, then search in its place once online.
    await page.context().setOffline(true);
    await page.unroute(`${base}/assets/**`, unreachable);
    await page.keyboard.press('Control+k');
    await errorScreen.waitFor();
    await page.context().setOffline(false);
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    assert.equal(await errorScreen.count(), 0, 'the modal took its place');
    await page.context().close();
  });

  test('a slow index puts the modal in its stalled state until results come', async () => {
    const page = await open();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(INDEX, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.keyboard.press('Control+k');
    await typeQuery(page, 'installer');
    await page.waitForSelector('.DocSearch-Container--Stalled');
    release();
    await page.waitForSelector('.DocSearch-Hit');
    assert.equal(await page.locator('.DocSearch-Container--Stalled').count(), 0);
    await page.context().close();
  });

  /** The modal's texts, each of which must reach WCAG AA's 4.5:1 ('hops' finds a text hit on each wallaby page). */
  const MODAL_TEXTS: [string, string][] = [
    ['group header', '.DocSearch-Hit-source'],
    ['hit title', '.DocSearch-Hit[aria-selected="false"] .DocSearch-Hit-title'],
    ['hit path', '.DocSearch-Hit[aria-selected="false"] .DocSearch-Hit-path'],
    ['highlighted match', '.DocSearch-Hit[aria-selected="false"] mark'],
    ['selected hit title', '.DocSearch-Hit[aria-selected="true"] .DocSearch-Hit-title'],
    ['selected hit path', '.DocSearch-Hit[aria-selected="true"] .DocSearch-Hit-path'],
    ['highlighted match in the selected hit', '.DocSearch-Hit[aria-selected="true"] mark'],
    ['link to the search page', '.DocSearch-HitsFooter a'],
    ["footer's 'Search by'", '.docsite-search-by .DocSearch-Label'],
    ["footer's provider", '.docsite-search-by__name'],
  ];
  const assertModalContrast = async (page: Page, mode: string, texts: [string, string][]) => {
    await typeQuery(page, 'hops');
    await page.waitForSelector('.DocSearch-Hit[aria-selected="false"] mark');
    for (const [name, selector] of texts) {
      assert.ok(await page.locator(selector).first().isVisible(), `${mode}: the ${name} is shown`);
      const ratio = await contrastOf(page, selector);
      assert.ok(ratio >= 4.5, `${mode}: the ${name} has a contrast of ${ratio.toFixed(2)}:1, under 4.5:1`);
    }
  };

  test('light and dark modal colours, every text at WCAG AA contrast; on a phone the modal fills the screen', async () => {
    const light = await open('/docs/intro');
    await light.keyboard.press('Control+k');
    await light.waitForSelector('.DocSearch-Modal');
    const lightBackground = await light.locator('.DocSearch-Modal').evaluate((element) => getComputedStyle(element).backgroundColor);
    await assertModalContrast(light, 'light', [...MODAL_TEXTS, ["footer's key hints", '.DocSearch-Commands .DocSearch-Label']]);
    await light.context().close();

    const phone = await open('/docs/intro', { width: 390, dark: true });
    await phone.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    const button = phone.locator('.DocSearch-Button');
    assert.ok((await button.boundingBox())!.width <= 40, 'the button is an icon on a phone');
    await button.click();
    await typeQuery(phone, 'installer');
    await phone.waitForSelector('.DocSearch-Hit');
    const darkBackground = await phone.locator('.DocSearch-Modal').evaluate((element) => getComputedStyle(element).backgroundColor);
    assert.notEqual(darkBackground, lightBackground);
    const box = (await phone.locator('.DocSearch-Modal').boundingBox())!;
    assert.equal(Math.round(box.width), 390);
    assert.ok(await phone.locator('.DocSearch-Cancel').isVisible(), 'a Cancel button closes it on a phone');
    await assertModalContrast(phone, 'dark', [...MODAL_TEXTS, ['Cancel button', '.DocSearch-Cancel']]);
    await phone.context().close();
  });

  test('the search page: the query in the address, the count, no results, and back to the start', async () => {
    const page = await open('/search?q=rottnest');
    await page.waitForSelector('.search-result');
    assert.equal(await page.locator('h1').innerText(), 'Search results for "rottnest"');
    assert.equal(await page.locator('.search-page__status').innerText(), 'One document found');
    assert.equal(await page.getAttribute('.search-result a', 'href'), '/docs/guides/escaping#quokka-habitats');
    assert.match(await page.locator('.search-result__summary').innerText(), /Quokkas live on Rottnest Island/);
    await page.fill('.search-page__input', 'zzqqxx');
    await page.waitForSelector('text=No results were found');
    assert.equal(new URL(page.url()).searchParams.get('q'), 'zzqqxx');
    await page.fill('.search-page__input', '');
    await page.waitForSelector('h1:has-text("Search the documentation")');
    await page.fill('.search-page__input', 'the');
    await page.waitForSelector('.search-result');
    assert.match(await page.locator('.search-page__status').innerText(), /^\d+ documents found$/);
    await page.context().close();
    assert.deepEqual(problems, []);
  });

  test('the search page loads more results when the end of the list comes into view', async () => {
    const page = await open('/search?q=wallaby');
    await page.waitForSelector('.search-result');
    assert.equal(await page.locator('.search-page__status').innerText(), '20 documents found');
    assert.equal(await page.locator('.search-result').count(), 15);
    await page.locator('.search-page__more').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelectorAll('.search-result').length === 20);
    await page.context().close();
  });
});
