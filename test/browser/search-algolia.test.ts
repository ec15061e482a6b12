/// <reference lib="dom" />
/**
 * Algolia mode in real Chromium: the modal and the search page send spec 7's request through
 * algoliasearch's client to the configured hosts (here a local server speaking Algolia's API over the
 * build's own index), show its hits with snippets of 10 words (5 on a phone), credit Algolia in the
 * footer, and show the error screen when no host answers. With insights on, the search-insights
 * script from its CDN (a stub in its place, answered by page.route) gets the viewed hits in batches
 * of at most 20 object IDs and one click event per opened hit; when it cannot load, that is only a
 * console message.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { createPreviewApp } from '../../src/serve/preview-app';
import type { SearchEngine } from '../../src/shared/search/engine';
import { browserSkipReason, launchChromium } from '../support/browser';
import { copyFixture, runCli } from '../support/helpers';
import { searchEngineOf } from '../support/search-index';

const skip = browserSkipReason();

const NUMBAT_TEXT =
  'A numbat spends most of its waking day digging shallow holes with strong front claws so that it can lick termites from the soil before the evening turns cold again.';
const wordsOf = (text: string) => text.replace(/…/g, ' ').trim().split(/\s+/).filter(Boolean);

/** Stands in for search-insights.js from the CDN: every call the insights plugin makes, queued before it loaded or after, goes to `__insightsCall`. */
const INSIGHTS_STUB = `(() => {
  const record = (args) => window.__insightsCall(JSON.stringify(Array.from(args)));
  const queued = (window.aa && window.aa.queue) || [];
  const aa = function () { record(arguments); };
  aa.version = '2.15.0';
  aa.queue = { push: record };
  window.aa = aa;
  queued.forEach(record);
})();`;

/**
 * The fixture site, besides its pages with one section long enough to be snippeted, and 30 pages
 * about wallabies in 6 sidebar categories, so a query shows 6 groups of 5 hits. Returns a function
 * that builds it with an `algolia` block (its hosts, insights and search parameters as given) into an
 * output folder of its own and returns that folder. The builds share the site's .docsite store, so
 * only the first is cold.
 */
function algoliaSite(): (hosts: string[], insights: boolean, searchParameters?: Record<string, unknown>) => string {
  const site = copyFixture('basic-site');
  writeFileSync(path.join(site, 'content/docs/01-guides/04-numbats.md'), `---\ntitle: Numbats\n---\n\n## Numbat diet\n\n${NUMBAT_TEXT}\n`);
  for (let group = 1; group <= 6; group++) {
    mkdirSync(path.join(site, `content/docs/wallabies/group-${group}`), { recursive: true });
    for (let n = 1; n <= 5; n++)
      writeFileSync(
        path.join(site, `content/docs/wallabies/group-${group}/wallaby-${n}.md`),
        `---\ntitle: Wallaby ${group}.${n}\n---\n\nWallaby ${n} of group ${group} hops.\n`,
      );
  }
  const config = path.join(site, 'site.config.ts');
  const original = readFileSync(config, 'utf8');
  return (hosts, insights, searchParameters) => {
    const algolia = JSON.stringify({
      appId: 'TESTAPP',
      apiKey: 'search-only-key',
      indexName: 'fixture',
      hosts,
      insights,
      ...(searchParameters ? { searchParameters } : {}),
    });
    writeFileSync(config, original.replace("  onBrokenLinks: 'throw',", `  search: { algolia: ${algolia} },\n  onBrokenLinks: 'throw',`));
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-algolia-build-'));
    const built = runCli(['build', site, '--out-dir', outDir]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    return outDir;
  };
}

/** Waits up to 5 s for `check` to hold (the test then asserts what it found). */
async function until(check: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5000; !check() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function listen<T extends Server | ServerType>(server: T): Promise<string> {
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('Algolia mode in real Chromium', { skip }, () => {
  let browser: Browser;
  let algolia: Server;
  let engine: SearchEngine | undefined;
  const bodies: { url: string; body: { requests: Record<string, unknown>[] } }[] = [];
  const sites: ServerType[] = [];
  let reachable: string;
  let unreachable: string;
  let manyHits: string;

  before(async () => {
    // A stand-in for Algolia's search API: the build's own index behind POST /1/indexes/*/queries, with CORS as Algolia has it.
    algolia = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        response.setHeader('access-control-allow-origin', '*');
        if (request.method !== 'POST' || !/^\/1\/indexes\/[^/]+\/queries/.test(request.url ?? '')) return response.writeHead(404).end();
        const body = JSON.parse(text) as { requests: Record<string, unknown>[] };
        bodies.push({ url: request.url!, body });
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(engine!.search(body)));
      });
    }).listen(0, '127.0.0.1');
    const algoliaBase = await listen(algolia);
    const closed = createServer().listen(0, '127.0.0.1');
    const closedBase = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));

    const buildWithAlgolia = algoliaSite();
    const good = buildWithAlgolia([algoliaBase], true);
    engine = await searchEngineOf(good);
    const bad = buildWithAlgolia([closedBase], false);
    // Up to 40 hits a query, so the hits a visitor sees can be more than one insights batch.
    const many = buildWithAlgolia([algoliaBase], true, { hitsPerPage: 40 });
    const goodServer = serve({ fetch: createPreviewApp(good).fetch, port: 0, hostname: '127.0.0.1' });
    sites.push(goodServer);
    reachable = await listen(goodServer);
    const badServer = serve({ fetch: createPreviewApp(bad).fetch, port: 0, hostname: '127.0.0.1' });
    sites.push(badServer);
    unreachable = await listen(badServer);
    const manyServer = serve({ fetch: createPreviewApp(many).fetch, port: 0, hostname: '127.0.0.1' });
    sites.push(manyServer);
    manyHits = await listen(manyServer);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    for (const server of sites) server.close();
    algolia?.close();
  });

  /**
   * Opens `url` with the insights script's CDN out of reach (`aborted`), or answering with the stub
   * that hands every call to `options.insightsCalls`.
   */
  async function open(
    url: string,
    console: string[] = [],
    options: { width?: number; insightsCalls?: unknown[][]; cdnRequests?: string[]; errors?: string[] } = {},
  ): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: options.width ?? 1280, height: 800 }, serviceWorkers: 'block' })).newPage();
    const calls = options.insightsCalls;
    if (calls) await page.exposeFunction('__insightsCall', (json: string) => calls.push(JSON.parse(json) as unknown[]));
    await page.route('https://cdn.jsdelivr.net/**', (route) => {
      options.cdnRequests?.push(route.request().url());
      return calls ? route.fulfill({ contentType: 'text/javascript', body: INSIGHTS_STUB }) : route.abort('failed');
    });
    page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => options.errors?.push(error.message));
    await page.goto(url);
    await page.waitForSelector('html[data-docsite-ready]');
    return page;
  }

  test("the modal sends spec 7's request to the configured host and shows its hits", async () => {
    const logged: string[] = [];
    const page = await open(`${reachable}/docs/intro`, logged);
    await page.keyboard.press('Control+k');
    await page.fill('.DocSearch-Input', 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    assert.match(await page.locator('.DocSearch-Hit').first().innerText(), /Run the installer/);
    const sent = bodies.at(-1)!;
    assert.match(sent.url, /x-algolia-api-key=search-only-key/);
    assert.match(sent.url, /x-algolia-application-id=TESTAPP/);
    const request = sent.body.requests[0]!;
    assert.equal(request.indexName, 'fixture');
    assert.equal(request.query, 'installer');
    assert.deepEqual(request.attributesToRetrieve, [
      'hierarchy.lvl0',
      'hierarchy.lvl1',
      'hierarchy.lvl2',
      'hierarchy.lvl3',
      'hierarchy.lvl4',
      'hierarchy.lvl5',
      'hierarchy.lvl6',
      'content',
      'type',
      'url',
    ]);
    assert.deepEqual(request.attributesToSnippet, [
      'hierarchy.lvl1:10',
      'hierarchy.lvl2:10',
      'hierarchy.lvl3:10',
      'hierarchy.lvl4:10',
      'hierarchy.lvl5:10',
      'hierarchy.lvl6:10',
      'content:10',
    ]);
    assert.deepEqual(
      [request.snippetEllipsisText, request.highlightPreTag, request.highlightPostTag, request.hitsPerPage, request.clickAnalytics],
      ['…', '<mark>', '</mark>', 20, true],
    );
    assert.deepEqual(request.facetFilters, ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]);
    await page.context().close();
  });

  test('with insights on and its script failing to load, the console says so and search goes on', async () => {
    const logged: string[] = [];
    const errors: string[] = [];
    const cdnRequests: string[] = [];
    const page = await open(`${reachable}/docs/intro`, logged, { errors, cdnRequests });
    await page.keyboard.press('Control+k');
    await page.fill('.DocSearch-Input', 'installer');
    await page.waitForSelector('.DocSearch-Hit');
    await page.waitForFunction(() => document.querySelector('script[src*="search-insights"]'));
    assert.match(cdnRequests[0] ?? '', /^https:\/\/cdn\.jsdelivr\.net\/npm\/search-insights@[\d.]+\/dist\/search-insights\.min\.js$/);
    assert.ok(
      logged.some((text) => text.startsWith('error: ') && text.includes('Could not load search-insights.js')),
      logged.join('\n'),
    );
    assert.doesNotMatch(await page.locator('body').innerText(), /search-insights/, 'only on the console');
    // Hits still open, and a new query still answers.
    await page.keyboard.press('Enter');
    await page.waitForURL(`${reachable}/docs/guides/setup#install-the-package`);
    await page.keyboard.press('Control+k');
    await page.fill('.DocSearch-Input', 'termites');
    await page.waitForSelector('.DocSearch-Hit-title:has-text("termites")');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('with insights on, the script from the CDN gets viewed hits in batches of at most 20 object IDs and a click on a hit', async () => {
    const calls: unknown[][] = [];
    const cdnRequests: string[] = [];
    const errors: string[] = [];
    const page = await open(`${manyHits}/docs/intro`, [], { insightsCalls: calls, cdnRequests, errors });
    await page.keyboard.press('Control+k');
    await page.fill('.DocSearch-Input', 'wallaby');
    await page.waitForFunction(() => document.querySelectorAll('.DocSearch-Hit').length === 30);
    assert.equal(bodies.at(-1)!.body.requests[0]!.hitsPerPage, 40);
    assert.equal(cdnRequests.length, 1, 'the script is asked for once');

    type Payload = { eventName: string; index: string; objectIDs: string[]; queryID?: string; positions?: number[] };
    const events = (name: string) => calls.filter((call) => call[0] === name).map((call) => call[1] as Payload);
    // The plugin reports what is on screen once typing has paused (400 ms).
    await until(() => events('viewedObjectIDs').flatMap((payload) => payload.objectIDs).length >= 30);
    const viewed = events('viewedObjectIDs');
    assert.deepEqual(
      viewed.map((payload) => payload.objectIDs.length),
      [20, 10],
      'the 30 hits shown, in a batch of 20 and one of 10',
    );
    assert.equal(new Set(viewed.flatMap((payload) => payload.objectIDs)).size, 30);
    assert.ok(viewed.every((payload) => payload.index === 'fixture' && payload.eventName === 'Items Viewed'));

    // Each way of opening a hit is one click event with the hit's place in the list, counted from 1:
    // the second hit by keyboard (in a new tab), the seventh by Ctrl+click, then the first by a plain click.
    const clicks = () => events('clickedObjectIDsAfterSearch');
    await page.keyboard.press('ArrowDown');
    let opened = page.context().waitForEvent('page');
    await page.keyboard.press('Control+Enter');
    await (await opened).close();
    await until(() => clicks().length === 1);
    opened = page.context().waitForEvent('page');
    await page
      .locator('.DocSearch-Hit a')
      .nth(6)
      .click({ modifiers: ['Control'] });
    await (await opened).close();
    await until(() => clicks().length === 2);
    const first = page.locator('.DocSearch-Hit a').first();
    // The hit names its page, 'Wallaby <group>.<n>', which is /docs/wallabies/group-<group>/wallaby-<n>.
    const [group, n] = (await first.locator('.DocSearch-Hit-title').innerText()).replace(/^Wallaby /, '').split('.');
    await first.click();
    await page.waitForURL(`${manyHits}/docs/wallabies/group-${group}/wallaby-${n}`);
    await until(() => clicks().length === 3);
    const clicked = clicks();
    assert.deepEqual(
      clicked.map((payload) => payload.positions),
      [[2], [7], [1]],
      JSON.stringify(calls),
    );
    const shown = new Set(viewed.flatMap((payload) => payload.objectIDs));
    for (const payload of clicked) {
      assert.equal(payload.index, 'fixture');
      assert.equal(payload.objectIDs.length, 1);
      assert.ok(shown.has(payload.objectIDs[0]!), 'a hit that was shown');
      assert.match(payload.queryID ?? '', /^[0-9a-f]{32}$/, "the click carries the search's queryID");
    }
    assert.equal(new Set(clicked.map((payload) => payload.objectIDs[0])).size, 3, 'three different hits');
    // Whatever kind (viewed, clicked, converted), no call carries more than 20 object IDs.
    for (const call of calls.filter((call) => /ObjectIDs/.test(String(call[0])))) assert.ok((call[1] as Payload).objectIDs.length <= 20, JSON.stringify(call));
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  for (const [width, words] of [
    [1280, 10],
    [390, 5],
  ] as const)
    test(`at ${width} px the modal asks for snippets of ${words} words and shows them`, async () => {
      const page = await open(`${reachable}/docs/intro`, [], { width });
      await page.keyboard.press('Control+k');
      await page.fill('.DocSearch-Input', 'termites');
      const snippet = page.locator('.DocSearch-Hit-title', { hasText: 'termites' }).first();
      await snippet.waitFor();
      const request = bodies.at(-1)!.body.requests[0]!;
      assert.equal(request.query, 'termites');
      assert.deepEqual(request.attributesToSnippet, [
        ...['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((level) => `hierarchy.${level}:${words}`),
        `content:${words}`,
      ]);
      const text = await snippet.innerText();
      assert.equal(wordsOf(text).length, words, text);
      await page.context().close();
    });

  test("the footer credits Algolia with its logo: 'Search by' Algolia", async () => {
    const page = await open(`${reachable}/docs/intro`);
    await page.keyboard.press('Control+k');
    const logo = page.locator('.DocSearch-Footer .DocSearch-Logo');
    await logo.waitFor();
    assert.equal((await logo.innerText()).trim(), 'Search by');
    assert.ok(await logo.locator('svg[aria-label="Algolia"]').isVisible(), "Algolia's logo shows");
    assert.match((await logo.locator('a').getAttribute('href'))!, /^https:\/\/www\.algolia\.com\//);
    assert.equal(await page.locator('.DocSearch-Footer', { hasText: 'MiniSearch' }).count(), 0);
    await page.context().close();
  });

  test('the search page asks the same host', async () => {
    const page = await open(`${reachable}/search?q=installer`);
    await page.waitForSelector('.search-result');
    assert.equal(await page.getAttribute('.search-result a', 'href'), '/docs/guides/setup#install-the-package');
    await page.context().close();
  });

  test('when no host answers, the modal shows the error screen', async () => {
    const page = await open(`${unreachable}/docs/intro`);
    await page.keyboard.press('Control+k');
    await page.fill('.DocSearch-Input', 'installer');
    await page.waitForSelector('text=Unable to fetch results');
    assert.match(await page.locator('.DocSearch-ErrorScreen').innerText(), /You might want to check your network connection\./);
    await page.context().close();
  });
});
