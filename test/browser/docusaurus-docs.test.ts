/// <reference lib="dom" />
/**
 * The Docusaurus fixture docs folder (test/fixtures/docusaurus-docs) with `markdown.mermaid` in real
 * Chromium: diagrams drawn in the reader's colour mode and the library fetched only by pages with
 * one, npm2yarn tabs that switch and remember the choice, <BrowserOnly> children after hydration,
 * and <Head>'s title kept once.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { copyFixture, fetchWithin } from '../support/helpers';

const skip = browserSkipReason();

const CONFIG = `import { defineConfig } from 'docsite/config';

export default defineConfig({
  title: 'Docusaurus docs',
  markdown: { mermaid: true },
});
`;

describe('a Docusaurus docs folder in real Chromium', { skip }, () => {
  let opened: BuiltSiteInBrowser | undefined;
  let browser: Browser;
  let base: string;

  before(async () => {
    const site = copyFixture('docusaurus-docs');
    writeFileSync(path.join(site, 'site.config.ts'), CONFIG);
    opened = await openBuiltSite(site);
    ({ base, browser } = opened);
  });
  after(() => opened?.close());

  /** Opens `route` and resolves once the page has hydrated, with the script URLs it fetched so far. */
  async function open(page: Page, route: string): Promise<string[]> {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}${route}`);
    await page.waitForSelector('html[data-docsite-ready]');
    return scripts;
  }

  test('a mermaid diagram is drawn as SVG, again in dark colours when the reader switches mode', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const scripts = await open(page, '/docs/intro');
      await page.waitForSelector('.mermaid-diagram[data-mermaid-theme="light"] svg');
      const labels = await page.$$eval('.mermaid-diagram svg', (svgs) => svgs.map((svg) => svg.textContent ?? ''));
      assert.equal(labels.length, 1);
      assert.match(labels[0]!, /Write/);
      assert.match(labels[0]!, /Publish/);
      const lightSvg = await page.$eval('.mermaid-diagram', (element) => element.innerHTML);

      await page.click('button.color-mode-toggle');
      await page.waitForSelector('.mermaid-diagram[data-mermaid-theme="dark"] svg');
      assert.notEqual(await page.$eval('.mermaid-diagram', (element) => element.innerHTML), lightSvg, 'the diagram is drawn again in the dark theme');
      assert.ok(
        scripts.some((url) => /shared-Mermaid-/.test(url)),
        'the page with a diagram loaded the component',
      );
    } finally {
      await context.close();
    }
  });

  test('a page without a diagram fetches nothing of mermaid', async () => {
    const context = await browser.newContext();
    try {
      // The library: what the diagram component imports when it mounts, and all that imports in turn,
      // less what the component itself needs up front (react).
      const withDiagram = await context.newPage();
      const diagramScripts = await open(withDiagram, '/docs/intro');
      await withDiagram.waitForSelector('.mermaid-diagram svg');
      const component = diagramScripts.find((url) => /shared-Mermaid-/.test(url))!;
      const source = async (url: string) => (await fetchWithin(`${base}${url}`)).text();
      const staticImports = async (url: string) => [...(await source(url)).matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)].map((match) => match[1]!);
      const closure = async (start: string[]) => {
        const seen = new Set<string>();
        for (const queue = [...start]; queue.length > 0;) {
          const url = queue.pop()!;
          if (seen.has(url)) continue;
          seen.add(url);
          queue.push(...(await staticImports(url)));
        }
        return seen;
      };
      const dynamic = [...(await source(component)).matchAll(/import\("([^"]+)"\)/g)].map((match) => match[1]!);
      const upFront = await closure(await staticImports(component));
      const library = [...(await closure(dynamic))].filter((url) => !upFront.has(url));
      assert.ok(library.length > 0, 'the component imports the library when it mounts');
      assert.ok(
        dynamic.every((url) => diagramScripts.includes(url)),
        'the page with a diagram fetched the library when it drew it',
      );
      await withDiagram.close();

      const fresh = await browser.newContext();
      try {
        const page = await fresh.newPage();
        const scripts = await open(page, '/docs/guides/setup');
        await page.waitForLoadState('networkidle');
        assert.ok(scripts.length > 0, 'the page loaded its scripts');
        assert.deepEqual(
          scripts.filter((url) => /shared-Mermaid-/.test(url) || library.includes(url)),
          [],
        );
        assert.equal(await page.$$eval('.mermaid-diagram', (nodes) => nodes.length), 0);
      } finally {
        await fresh.close();
      }
    } finally {
      await context.close();
    }
  });

  test('npm2yarn tabs switch on click and the choice carries to the next visit', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await open(page, '/docs/guides/install');
      const group = page.locator('.tabs-container').first();
      await group.getByRole('tab', { name: 'pnpm' }).click();
      assert.equal(await group.getByRole('tab', { name: 'pnpm' }).getAttribute('aria-selected'), 'true');
      const visible = await group.locator('[role="tabpanel"]:not([hidden])').innerText();
      assert.match(visible, /pnpm add lexical @lexical\/react/);
      assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.npm2yarn')), 'pnpm');

      await page.reload();
      await page.waitForSelector('html[data-docsite-ready]');
      await page.waitForFunction(() => document.querySelector('.tabs-container [role="tab"][aria-selected="true"]')?.textContent === 'pnpm');
    } finally {
      await context.close();
    }
  });

  test('<BrowserOnly> shows its children and useIsBrowser() turns true after hydration; <Head> sets the one title', async () => {
    const context = await browser.newContext({ viewport: { width: 1111, height: 700 } });
    try {
      const page = await context.newPage();
      await open(page, '/docs/reference/components');
      await page.waitForFunction(() => document.querySelector('.browser-only')?.textContent?.includes('pixels wide'));
      assert.equal(await page.textContent('.browser-only'), 'The window is 1111 pixels wide');
      assert.equal(await page.textContent('.where-rendered'), 'in the browser');
      assert.equal(await page.title(), 'Component reference');
      assert.equal(await page.evaluate(() => document.querySelectorAll('title').length), 1);
      assert.equal(await page.evaluate(() => document.querySelector('meta[name="keywords"]')?.getAttribute('content')), 'components, reference');
    } finally {
      await context.close();
    }
  });
  test('after hydration: useColorMode flips the mode and ThemedImage follows; CSS module styles apply; the SVG component is drawn', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await open(page, '/docs/reference/modules');
      const shown = () =>
        page.$$eval('img[alt="Mode picture"]', (imgs) => imgs.filter((img) => getComputedStyle(img).display !== 'none').map((img) => img.getAttribute('src')));
      assert.deepEqual(await shown(), ['/img/light.png']);
      assert.equal(await page.textContent('.can-use-dom'), 'true');
      await page.click('button.mode-flip');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark' && document.querySelector('.mode-now')?.textContent === 'dark');
      assert.deepEqual(await shown(), ['/img/dark.png']);
      assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
      // The navbar's toggle changes the mode too, and the hook follows it.
      await page.click('button.color-mode-toggle');
      await page.waitForFunction(() => document.querySelector('.mode-now')?.textContent === document.documentElement.dataset.theme);

      const badge = await page.$eval('.badge-plain', (element) => {
        const style = getComputedStyle(element);
        return {
          border: style.borderLeftWidth,
          colour: style.borderLeftColor,
          padding: style.paddingTop,
          spacing: getComputedStyle(element.lastElementChild!).letterSpacing,
        };
      });
      assert.deepEqual(badge, { border: '7px', colour: 'rgb(200, 30, 40)', padding: '9px', spacing: '3px' });
      const circle = await page.$eval('.badge-plain svg.badge-logo circle', (element) => {
        const box = element.getBoundingClientRect();
        return { width: box.width, fill: getComputedStyle(element).fill };
      });
      assert.ok(circle.width > 10, `the circle is drawn (${circle.width}px wide)`);
      assert.equal(circle.fill, 'rgb(46, 133, 85)');
    } finally {
      await context.close();
    }
  });
});
