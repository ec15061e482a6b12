/**
 * `docsite init`: the site it writes builds, shows its pages in a browser and serves, with no edit;
 * and it refuses a folder that holds anything, writing nothing there.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { fetchWithin, runCli, startServe, stopProcess } from '../support/helpers';

describe('a site written by docsite init', { skip: browserSkipReason() }, () => {
  let site: string;
  let written: ReturnType<typeof runCli>;
  let open: BuiltSiteInBrowser;

  before(async () => {
    site = path.join(mkdtempSync(path.join(os.tmpdir(), 'docsite-init-')), 'acme-widgets');
    written = runCli(['init', site]);
    assert.equal(written.status, 0, written.stderr);
    open = await openBuiltSite(site);
  });
  after(() => open?.close());

  test('init names what it wrote and what to run next', () => {
    assert.match(written.stdout, /^Wrote a new site into .*acme-widgets: 10 files\./);
    assert.match(written.stdout, /npx docsite serve/);
    assert.ok(readdirSync(path.join(site, 'content', 'blog')).some((name) => /^\d{4}-\d{2}-\d{2}-welcome\.md$/.test(name)));
  });

  test('the home page, a doc, its code block and note, and the blog show in the browser with no error', async () => {
    const page = await open.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`));
    await page.goto(`${open.base}/`);
    assert.equal(await page.locator('h1').first().textContent(), 'Acme widgets');
    assert.match(await page.title(), /Acme widgets/);
    await page.getByRole('link', { name: 'Read the docs' }).click();
    await page.waitForURL(`${open.base}/docs/intro`);
    assert.equal(await page.locator('article h1').first().textContent(), 'Introduction');
    await page.getByRole('link', { name: 'Writing pages' }).first().click();
    await page.waitForURL(`${open.base}/docs/writing-pages`);
    assert.match((await page.locator('article').textContent()) ?? '', /greet\.ts/);
    assert.ok((await page.locator('article pre span[style*="--sl:"]').count()) > 0, 'the code block is coloured');
    assert.match((await page.locator('article').textContent()) ?? '', /docsite checks every link when it builds/);
    await page.goto(`${open.base}/blog`);
    assert.match((await page.locator('main').textContent()) ?? '', /Welcome/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('serve shows the same site', async () => {
    const server = await startServe(site);
    try {
      const response = await fetchWithin(`${server.base}/docs/writing-pages`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /greet\.ts/);
    } finally {
      await stopProcess(server.child);
    }
  });
});

test('init refuses a folder that holds anything, names what is there and writes nothing', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-init-full-'));
  writeFileSync(path.join(dir, 'notes.md'), 'mine\n');
  const result = runCli(['init', dir]);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /is not empty: it holds "notes\.md"\. docsite init writes into an empty or new folder only\. \[INIT_NOT_EMPTY\]/);
  assert.deepEqual(readdirSync(dir), ['notes.md']);
  assert.equal(readFileSync(path.join(dir, 'notes.md'), 'utf8'), 'mine\n');
});
