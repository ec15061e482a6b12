/// <reference lib="dom" />
// The home page `/`: hero, live Lexical editor, example tabs, and Lexical's code kept off other routes.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { buildLexicalSite, serveBuild, type RunningSite } from './site-build';

const TAGLINE = 'An extensible text editor framework that does things differently';
const INITIAL_TEXT =
  'This box is a real Lexical editor running on this page. Select a few words and make them bold, start a list, or type something of your own.';
/** A string in lexical's production build (its error-code URL), and in no code of docsite or the theme. */
const LEXICAL_MARKER = 'lexical.dev/docs/error';

let built: Promise<string> | undefined;
/** One build for both groups of tests in this file. */
function site(): Promise<string> {
  built ??= buildLexicalSite();
  return built;
}

interface ScriptGraph {
  /** JS files the HTML names (module preloads, the inline start script) and their static imports. */
  statics: Set<string>;
  /** Everything above plus what those files load through import(). */
  all: Set<string>;
}

/** Follows /assets/*.js references from a built page's HTML through the files it loads. */
function scriptGraph(root: string, htmlFile: string): ScriptGraph {
  const html = readFileSync(path.join(root, htmlFile), 'utf8');
  const refs = (text: string) => [...text.matchAll(/["'](\/assets\/[\w.-]+\.js)["']/g)].map((m) => m[1]!);
  const dynamicRefs = (text: string) => new Set([...text.matchAll(/import\(\s*["'](\/assets\/[\w.-]+\.js)["']\s*\)/g)].map((m) => m[1]!));
  const statics = new Set<string>();
  const all = new Set<string>();
  const visit = (url: string, dynamic: boolean) => {
    if (all.has(url) && (dynamic || statics.has(url))) return;
    all.add(url);
    if (!dynamic) statics.add(url);
    const file = path.join(root, url);
    assert.ok(existsSync(file), `${htmlFile} refers to ${url}, which the build does not have`);
    const code = readFileSync(file, 'utf8');
    const lazy = dynamicRefs(code);
    for (const ref of refs(code)) visit(ref, dynamic || lazy.has(ref));
  };
  for (const ref of refs(html)) visit(ref, false);
  return { statics, all };
}

function filesWith(root: string, urls: Iterable<string>, needle: string): string[] {
  return [...urls].filter((url) => readFileSync(path.join(root, url), 'utf8').includes(needle));
}

describe('the home page build', () => {
  let root: string;
  before(async () => {
    root = await site();
  });

  test('the prerendered HTML has the hero and a same-looking placeholder for the editor', () => {
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    assert.match(html, /<title>Lexical<\/title>/);
    assert.ok(html.includes(`<meta name="description" content="${TAGLINE}"`), 'the tagline is the description');
    assert.match(html, /<h1[^>]*>Lexical<\/h1>/);
    assert.ok(html.includes(TAGLINE));
    assert.match(html, /<a class="home-button home-button--primary" href="\/docs\/intro">/);
    assert.match(html, /href="https:\/\/playground\.lexical\.dev\/" target="_blank" rel="noopener noreferrer"/);
    assert.match(html, /role="textbox" aria-label="Rich text editor demo"/);
    assert.ok(html.includes(INITIAL_TEXT), 'the editor placeholder shows the initial text');
    for (const label of ['Simple setup', 'Powerful features', 'Built to extend']) {
      assert.match(html, new RegExp(`role="tab"[^>]*>${label}</button>`), `tab ${label}`);
    }
  });

  test("Lexical's code is loaded by the home route only, never by /docs/intro", () => {
    const docs = scriptGraph(root, 'docs/intro/index.html');
    assert.ok(docs.statics.size > 1, 'the docs page loads the runtime and its route chunk');
    assert.deepEqual(filesWith(root, docs.all, LEXICAL_MARKER), [], 'no script of /docs/intro contains Lexical');

    const home = scriptGraph(root, 'index.html');
    const lexicalFiles = filesWith(root, home.all, LEXICAL_MARKER);
    assert.ok(lexicalFiles.length > 0, 'the home page loads Lexical');
    for (const file of lexicalFiles) assert.ok(!docs.all.has(file), `${file} is shared with /docs/intro`);
  });
});

describe('the home page in real Chromium', { skip: browserSkipReason() }, () => {
  let browser: Browser;
  let running: RunningSite;

  before(async () => {
    running = await serveBuild(await site());
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await running?.close();
  });

  async function openHome(options: { width?: number; dark?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: options.width ?? 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    if (options.dark) await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${running.base}/`);
    await page.waitForSelector('html[data-docsite-ready]');
    return { page, problems };
  }

  test('shows the hero; the live editor types, bolds, makes lists, undoes and redoes', async () => {
    const { page, problems } = await openHome();
    const hero = page.locator('.home-hero');
    assert.equal(await hero.getByRole('heading', { level: 1 }).textContent(), 'Lexical');
    assert.ok(await page.getByText(TAGLINE, { exact: true }).isVisible());
    const start = hero.getByRole('link', { name: 'Get Started' });
    assert.ok(await start.isVisible());
    assert.equal(await start.getAttribute('href'), '/docs/intro');
    const playground = hero.getByRole('link', { name: /^Playground/ });
    assert.ok(await playground.isVisible());
    assert.equal(await playground.getAttribute('href'), 'https://playground.lexical.dev/');
    assert.equal(await playground.getAttribute('target'), '_blank');

    // The placeholder gives way to the real editor once its chunk has loaded.
    const editor = page.locator('[data-home-editor-ready][contenteditable="true"]');
    await editor.waitFor();
    assert.equal(await editor.getAttribute('aria-label'), 'Rich text editor demo');
    assert.equal(await editor.getAttribute('role'), 'textbox');
    assert.equal((await editor.innerText()).trim(), INITIAL_TEXT);

    const button = (name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });
    const bold = button('Bold');
    const bullets = button('Bulleted list');
    const undo = button('Undo');
    const redo = button('Redo');
    assert.equal(await bold.getAttribute('aria-pressed'), 'false');
    assert.ok(await undo.isDisabled(), 'nothing to undo yet');
    assert.ok(await redo.isDisabled(), 'nothing to redo yet');

    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Hello docsite');
    assert.ok((await editor.innerText()).includes('Hello docsite'));
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Undo"]')?.disabled);

    await page.keyboard.press('Shift+Control+ArrowLeft');
    assert.equal(await page.evaluate(() => window.getSelection()?.toString()), 'docsite');
    await bold.click();
    const boldWord = editor.locator('strong.home-editor__bold');
    await boldWord.waitFor();
    assert.equal(await boldWord.textContent(), 'docsite');
    assert.equal(await bold.getAttribute('aria-pressed'), 'true');

    await bullets.click();
    const item = editor.locator('ul.home-editor__ul > li.home-editor__listitem');
    await item.waitFor();
    assert.equal(await item.innerText(), 'Hello docsite');
    assert.equal(await bullets.getAttribute('aria-pressed'), 'true');

    // Moving the caret into plain text un-presses Bold.
    await page.keyboard.press('Control+Home');
    await page.waitForFunction(() => document.querySelector('button[aria-label="Bold"]')?.getAttribute('aria-pressed') === 'false');

    await undo.click();
    await editor.locator('ul').waitFor({ state: 'detached' });
    assert.equal(await boldWord.count(), 1, 'one undo removes only the list');
    await undo.click();
    await boldWord.waitFor({ state: 'detached' });
    assert.ok((await editor.innerText()).includes('Hello docsite'));
    for (let i = 0; i < 10 && !(await undo.isDisabled()); i++) await undo.click();
    assert.ok(await undo.isDisabled(), 'undo runs out at the initial text');
    assert.equal((await editor.innerText()).trim(), INITIAL_TEXT);
    assert.equal(await editor.locator('p').count(), 1);

    assert.ok(await redo.isEnabled());
    for (let i = 0; i < 10 && !(await redo.isDisabled()); i++) await redo.click();
    await item.waitFor();
    assert.equal(await editor.locator('ul strong.home-editor__bold').textContent(), 'docsite');

    assert.deepEqual(problems, []);
    await page.close();
  });

  test('Shift+Home then Ctrl+B bolds the line and presses Bold, however fast the keys come', async () => {
    const { page, problems } = await openHome();
    const editor = page.locator('[data-home-editor-ready][contenteditable="true"]');
    await editor.waitFor();
    await editor.click();
    const boldPressed = (pressed: boolean) =>
      page.waitForFunction((want) => document.querySelector('button[aria-label="Bold"]')?.getAttribute('aria-pressed') === String(want), pressed);
    // Chromium may hand over Ctrl+B before it announces the selection Shift+Home made: a race, so a few rounds.
    for (let round = 1; round <= 8; round++) {
      const text = `Line ${round}`;
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type(text);
      await page.keyboard.press('Shift+Home');
      await page.keyboard.press('Control+b');
      await boldPressed(true);
      const line = editor.locator('p').last();
      assert.equal(await line.innerText(), text);
      assert.equal(
        await line
          .locator('strong.home-editor__bold')
          .allInnerTexts()
          .then((bold) => bold.join('')),
        text,
        `round ${round}: the line is bold`,
      );
      assert.equal(await page.evaluate(() => window.getSelection()?.toString()), text, `round ${round}: the line stays selected`);
      // And back: the next round starts from plain text.
      await page.keyboard.press('Control+b');
      await boldPressed(false);
      assert.equal(await line.locator('strong').count(), 0, `round ${round}: Ctrl+B again makes it plain`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the example tabs switch by click and by arrow keys', async () => {
    const { page, problems } = await openHome();
    const examples = page.locator('.home-examples');
    const tab = (name: string) => examples.getByRole('tab', { name });
    assert.equal(await tab('Simple setup').getAttribute('aria-selected'), 'true');
    const visiblePanel = examples.locator('[role="tabpanel"]:not([hidden])');
    assert.ok((await visiblePanel.innerText()).includes('<LexicalComposer initialConfig={initialConfig}>'));

    await tab('Powerful features').click();
    assert.equal(await tab('Powerful features').getAttribute('aria-selected'), 'true');
    assert.ok((await visiblePanel.innerText()).includes('editor.registerUpdateListener'));

    await page.keyboard.press('ArrowRight');
    assert.equal(await tab('Built to extend').getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Built to extend');
    assert.ok((await visiblePanel.innerText()).includes('class HighlightNode extends TextNode'));
    assert.equal(await visiblePanel.count(), 1);
    // Highlighted by shiki at build time: tokens in several colours, and a title bar naming the file.
    const colours = await visiblePanel.locator('pre span').evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size);
    assert.ok(colours >= 4, `the sample is highlighted (${colours} colours)`);
    assert.ok((await visiblePanel.innerText()).includes('HighlightNode.ts'), 'the code block has its file title');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('reached by client-side navigation from a docs page, the editor starts; Get Started leads back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const lexicalScripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) {
        void response.text().then(
          (body) => {
            if (body.includes(LEXICAL_MARKER)) lexicalScripts.push(response.url());
          },
          () => undefined,
        );
      }
    });
    await page.goto(`${running.base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.evaluate(() => {
      (window as unknown as { __stay: boolean }).__stay = true;
    });
    await page.waitForTimeout(300);
    assert.deepEqual(lexicalScripts, [], 'a docs page fetches no Lexical code');

    await page.click('a.navbar__brand');
    await page.waitForURL(`${running.base}/`);
    const editor = page.locator('[data-home-editor-ready][contenteditable="true"]');
    await editor.waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay), true, 'no full reload');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' More.');
    assert.ok((await editor.innerText()).trim().endsWith('of your own. More.'));
    assert.ok(lexicalScripts.length > 0, 'the home page fetched Lexical');

    await page.locator('.home-hero').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${running.base}/docs/intro`);
    await page.waitForSelector('main h1');
    assert.equal(await page.locator('[data-home-editor-ready]').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('fits a 360 px phone in dark mode, with a dark editor', async () => {
    const { page, problems } = await openHome({ width: 360, dark: true });
    await page.locator('[data-home-editor-ready]').waitFor();
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    for (const selector of ['.home-hero__actions a', '.home-editor__toolbar', '.home-feature']) {
      const box = await page.locator(selector).first().boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `${selector} stays on screen`);
    }
    const [r, g, b] = await page.evaluate(() => {
      const frame = document.querySelector('.home-editor__frame')!;
      return getComputedStyle(frame).backgroundColor.match(/\d+/g)!.map(Number);
    });
    assert.ok(r! + g! + b! < 200, `the editor is dark in dark mode (rgb ${r}, ${g}, ${b})`);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
