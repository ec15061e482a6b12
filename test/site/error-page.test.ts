/// <reference lib="dom" />
// The /docs/error page reads ?code= and ?v= on the client and explains a minified Lexical error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { repoRoot } from '../support/helpers';
import { buildLexicalSite, serveBuild, type RunningSite } from './site-build';

const VERSION = (JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', 'lexical', 'package.json'), 'utf8')) as { version: string }).version;
const CODES_JSON = `https://github.com/facebook/lexical/blob/v${VERSION}/scripts/error-codes/codes.json`;
const skip = browserSkipReason();

describe('the error-code page', () => {
  let root: string;

  before(async () => {
    root = await buildLexicalSite();
  });

  test('the prerendered HTML shows the neutral no-code state and the codes.json link in the prose', () => {
    const html = readFileSync(path.join(root, 'docs', 'error', 'index.html'), 'utf8');
    const section = /<section aria-label="Error code details"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
    assert.ok(section, 'the details section is prerendered');
    assert.match(section, /No error code given/);
    assert.doesNotMatch(section, /Minified Lexical error #/, 'the server cannot know the code');
    assert.ok(html.includes(`href="${CODES_JSON}"`), `the prose links the codes.json table at the v${VERSION} tag`);
  });

  describe('in real Chromium', { skip }, () => {
    let site: RunningSite;
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    before(async () => {
      site = await serveBuild(root);
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    });

    after(async () => {
      await browser?.close();
      await site?.close();
    });

    const details = () => page.locator('section[aria-label="Error code details"]');

    test('shows the code, each v argument in order, and the codes.json link', async () => {
      await page.goto(`${site.base}/docs/error?code=42&v=foo&v=bar`);
      await page.waitForSelector('html[data-docsite-ready]');
      await details().getByText('Minified Lexical error #42').waitFor();
      assert.equal(await details().locator('strong').first().innerText(), '42');
      const args = details().locator('ol[aria-label="Error arguments"] > li');
      assert.deepEqual(await args.allInnerTexts(), ['foo', 'bar']);
      const link = details().locator(`a[href="${CODES_JSON}"]`);
      assert.equal(await link.count(), 1);
      assert.ok(await link.isVisible());
      assert.equal(await link.innerText(), `codes.json error table for Lexical v${VERSION}`, 'the version drawn in the browser is the installed one');
      assert.equal(await details().getByText('No error code given').count(), 0);
      assert.deepEqual(problems, []);
    });

    test('a code without arguments says so', async () => {
      await page.goto(`${site.base}/docs/error?code=7`);
      await page.waitForSelector('html[data-docsite-ready]');
      await details().getByText('Minified Lexical error #7').waitFor();
      assert.ok(await details().getByText('without arguments').isVisible());
      assert.equal(await details().locator('ol').count(), 0);
      assert.deepEqual(problems, []);
    });

    test('without parameters it shows the no-code state', async () => {
      await page.goto(`${site.base}/docs/error`);
      await page.waitForSelector('html[data-docsite-ready]');
      assert.ok(await details().getByText('No error code given').isVisible());
      assert.equal(
        await details()
          .getByText(/Minified Lexical error #/)
          .count(),
        0,
      );
      assert.equal(await details().locator('ol').count(), 0);
      assert.deepEqual(problems, []);
    });

    test('a code that is not a number gets the invalid-code message', async () => {
      await page.goto(`${site.base}/docs/error?code=abc&v=foo`);
      await page.waitForSelector('html[data-docsite-ready]');
      await details().getByText('Not a valid error code').waitFor();
      assert.ok(await details().getByText('code=abc').isVisible());
      assert.equal(
        await details()
          .getByText(/Minified Lexical error #/)
          .count(),
        0,
      );
      assert.equal(await details().locator(`a[href="${CODES_JSON}"]`).count(), 1, 'still offers the table');
      assert.deepEqual(problems, []);
    });
  });
});
