/// <reference lib="dom" />
/**
 * Algolia mode in real Chromium: the modal and the search page send spec 7's request through
 * algoliasearch's client to the configured hosts (here a local server speaking Algolia's API over the
 * build's own index), show its hits, and show the error screen when no host answers. With insights
 * on, a search-insights script that cannot load is only a console message.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, Page } from 'playwright-core';
import { createPreviewApp } from '../../src/serve/preview-app';
import { createSearchEngine, type SearchEngine } from '../../src/shared/search/engine';
import { SEARCH_INDEX_FILE } from '../../src/shared/search/types';
import { browserSkipReason, launchChromium } from '../browser';
import { copyFixture, runCli } from '../helpers';

const skip = browserSkipReason();

/** The fixture site with an `algolia` block whose hosts are `hosts`, built; returns its output folder. */
function buildWithAlgolia(hosts: string[], insights: boolean): string {
  const site = copyFixture('basic-site');
  const config = path.join(site, 'site.config.ts');
  const algolia = JSON.stringify({ appId: 'TESTAPP', apiKey: 'search-only-key', indexName: 'fixture', hosts, insights });
  writeFileSync(config, readFileSync(config, 'utf8').replace("  onBrokenLinks: 'throw',", `  search: { algolia: ${algolia} },\n  onBrokenLinks: 'throw',`));
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  return path.join(site, 'build');
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

    const good = buildWithAlgolia([algoliaBase], true);
    engine = createSearchEngine(JSON.parse(readFileSync(path.join(good, SEARCH_INDEX_FILE), 'utf8')));
    const bad = buildWithAlgolia([closedBase], false);
    const goodServer = serve({ fetch: createPreviewApp(good).fetch, port: 0, hostname: '127.0.0.1' });
    sites.push(goodServer);
    reachable = await listen(goodServer);
    const badServer = serve({ fetch: createPreviewApp(bad).fetch, port: 0, hostname: '127.0.0.1' });
    sites.push(badServer);
    unreachable = await listen(badServer);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    for (const server of sites) server.close();
    algolia?.close();
  });

  async function open(url: string, console: string[] = []): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })).newPage();
    // The insights script comes from a CDN this test keeps out of reach.
    await page.route('https://cdn.jsdelivr.net/**', (route) => route.abort('failed'));
    page.on('console', (message) => console.push(message.text()));
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
    assert.deepEqual(request.attributesToRetrieve, ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url']);
    assert.deepEqual(request.attributesToSnippet, ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'hierarchy.lvl4:10', 'hierarchy.lvl5:10', 'hierarchy.lvl6:10', 'content:10']);
    assert.deepEqual([request.snippetEllipsisText, request.highlightPreTag, request.highlightPostTag, request.hitsPerPage, request.clickAnalytics], ['…', '<mark>', '</mark>', 20, true]);
    assert.deepEqual(request.facetFilters, ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]);
    // Insights is on but its script cannot load: a console message, and search goes on.
    assert.ok(logged.some((text) => text.includes('Could not load search-insights.js')), logged.join('\n'));
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
