/// <reference lib="dom" />
/**
 * axe-core in real Chromium over the Lexical site's main kinds of page, the search page and the search
 * modal with results and with recent and favourite searches, in light and dark mode, on a desktop and
 * a phone width: no serious or critical violation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { buildLexicalSite, serveBuild, type RunningSite } from './site-build';

const skip = browserSkipReason();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PAGES = [
  '/',
  // A guide with highlighted lines, so token contrast on the highlighted-line background is measured.
  '/docs/getting-started/quick-start',
  '/docs/api/classes/lexical.LexicalEditor',
  '/blog',
  '/gallery',
  '/community/',
  // The search page with its results.
  '/search?q=editor',
];
/** What a page shows once ready to be checked, when it is more than its HTML. */
const READY: Record<string, string> = { '/search?q=editor': '.search-result' };
/** Typed into the search modal, opened with Ctrl+K over the last page. */
const MODAL_QUERY = 'editor';
/** A second search from the modal, so that it lists a recent and a favourite search. */
const SECOND_QUERY = 'selection';
const MODES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

describe('accessibility of the Lexical site (axe-core in Chromium)', { skip }, () => {
  let site: RunningSite;
  let browser: Browser;

  before(async () => {
    site = await serveBuild(await buildLexicalSite());
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await site?.close();
  });

  for (const viewport of VIEWPORTS) {
    for (const mode of MODES) {
      test(`${viewport.name} ${mode}: no serious or critical violation on ${PAGES.length} pages and the search modal`, async () => {
        const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
        // The site's colour-mode script reads the reader's stored choice before the first paint.
        await context.addInitScript((choice) => localStorage.setItem('theme', choice), mode);
        const page = await context.newPage();
        const found: string[] = [];
        const check = async (route: string) => {
          if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
          const results = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[]; passes: unknown[] }> } })
              .axe;
            const run = await axe.run(document, { resultTypes: ['violations'] });
            return { violations: run.violations, passed: run.passes.length };
          });
          // Rules that found something to check and passed: an empty or broken page passes few.
          assert.ok(results.passed > 20, `${route}: axe passed only ${results.passed} rules`);
          for (const violation of results.violations) {
            if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
            const where = violation.nodes
              .slice(0, 5)
              .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`);
            found.push(`${route} ${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.help}\n${where.join('\n')}`);
          }
        };
        try {
          for (const route of PAGES) {
            const response = await page.goto(site.base + route, { waitUntil: 'load' });
            assert.equal(response?.status(), 200, route);
            assert.equal(await page.getAttribute('html', 'data-theme'), mode, `${route} is shown in ${mode} mode`);
            if (READY[route]) await page.waitForSelector(READY[route]);
            await check(route);
          }
          await page.waitForSelector('html[data-docsite-ready]');
          await page.keyboard.press('Control+k');
          await page.fill('.DocSearch-Input', MODAL_QUERY);
          await page.waitForSelector('.DocSearch-Hit');
          await check(`the search modal with results for "${MODAL_QUERY}"`);
          // Two hits visited from the modal, the last saved: opened again, the modal lists a recent and a favourite search.
          await page.keyboard.press('Enter');
          await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
          await page.keyboard.press('Control+k');
          await page.fill('.DocSearch-Input', SECOND_QUERY);
          // The modal opens on the recent searches, which are hits too: wait until the query's own results replace them.
          await page.waitForFunction(() => {
            const sources = Array.from(document.querySelectorAll('.DocSearch-Hit-source'), (source) => source.textContent);
            return sources.length > 0 && !sources.includes('Recent') && !sources.includes('Favorite');
          });
          await page.keyboard.press('Enter');
          await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
          await page.keyboard.press('Control+k');
          await page.click('.DocSearch-Hit [title="Save this search"]');
          await page.waitForSelector('.DocSearch-Hit-source:text-is("Favorite")');
          await page.keyboard.press('Escape');
          await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
          await page.keyboard.press('Control+k');
          await page.waitForSelector('.DocSearch-Hit-source:text-is("Recent")');
          await page.waitForSelector('.DocSearch-Hit-source:text-is("Favorite")');
          await check('the search modal with recent and favourite searches');
        } finally {
          await context.close();
        }
        assert.deepEqual(found, [], `\n${found.join('\n')}`);
      });
    }
  }
});
