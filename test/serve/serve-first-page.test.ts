/**
 * `docsite serve` answers the first page asked for without compiling every page of the site first:
 * on a cold cache, a page requested at once arrives before the server reports the whole site ready,
 * and it is the page the whole site then serves, byte for byte. The open page is told to update
 * once the whole site is ready, and the rest of the site is there.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createWorkerPool } from '../../src/infra/pool';
import { createSiteGraph } from '../../src/pipeline/graph';
import { fetchWithin, openEvents, startServe, stopProcess, until } from '../support/helpers';
import { editableSite } from '../support/site-edits';

const SECTIONS = 10;
const PAGES_PER_SECTION = 50;

/** A docs folder large enough that compiling all of it takes the server several seconds. */
function writeSite(dir: string): void {
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "first-page-site", "private": true }\n');
  for (let section = 0; section < SECTIONS; section++) {
    const folder = path.join(dir, 'content', 'docs', `part-${section}`);
    mkdirSync(folder, { recursive: true });
    for (let page = 0; page < PAGES_PER_SECTION; page++) {
      const paragraphs = Array.from(
        { length: 6 },
        (_, i) =>
          `Paragraph ${i} of page ${page} in part ${section} says how the \`editor\` keeps **its state** and [where to read more](/docs/part-${section}/page-${(page + 1) % PAGES_PER_SECTION}).`,
      );
      const body = [
        '---',
        `title: Part ${section}, page ${page}`,
        `sidebar_position: ${page + 1}`,
        '---',
        '',
        ...paragraphs.slice(0, 3),
        '',
        `## Registering a listener ${page}`,
        '',
        '```ts',
        `const remove${page} = editor.registerUpdateListener(({ editorState }) => {`,
        '  editorState.read(() => console.log($getRoot().getTextContent()));',
        '});',
        '```',
        '',
        ...paragraphs.slice(3),
        '',
        '```jsx',
        `export function Example${page}() {`,
        `  return <LexicalComposer initialConfig={{ namespace: 'page-${page}', onError }}><RichTextPlugin /></LexicalComposer>;`,
        '}',
        '```',
        '',
      ];
      writeFileSync(path.join(folder, `page-${page}.md`), body.join('\n\n'));
    }
  }
}

let site = '';
let child: ChildProcess | undefined;

before(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'docsite-first-page-'));
  writeSite(site);
});

after(async () => {
  await stopProcess(child);
  rmSync(site, { recursive: true, force: true });
});

test('on a cold cache, the first page asked for arrives before the whole site is ready, and is the page the whole site serves', async () => {
  const started = await startServe(site, undefined, { ready: false });
  child = started.child;
  const { base, output } = started;
  const live = await openEvents(base);
  try {
    const page = '/docs/part-3/page-7';
    const first = await fetchWithin(`${base}${page}`);
    const firstHtml = await first.text();
    const printedThen = output();
    assert.equal(first.status, 200);
    assert.ok(/<h1[^>]*>Part 3, page 7<\/h1>/.test(firstHtml), 'the page has its title');
    assert.ok(firstHtml.includes('Registering a listener 7'), 'the page has its text');
    // The sidebar lists pages that were not compiled yet, under their titles, and the next page.
    assert.ok(firstHtml.includes('<span class="menu__label">Part 3, page 49</span>'), 'the sidebar lists the section');
    assert.ok(/href="\/docs\/part-3\/page-8"[^>]*>[\s\S]{0,200}Part 3, page 8/.test(firstHtml), 'the page links to the next one');
    assert.doesNotMatch(printedThen, /^ready \d+ pages/m, `the whole site was ready before the first page arrived:\n${printedThen}`);

    // The whole site follows; the open page is told to update.
    const ready = await until(async () => (/^ready \d+ pages/m.test(output()) ? [] : ['not ready yet']), 240_000);
    assert.deepEqual(ready, [], output());
    const reloaded = await until(async () => (live.events.some((event) => event.event === 'reload') ? [] : ['no reload event']), 10_000);
    assert.deepEqual(reloaded, []);
    assert.deepEqual(
      live.events.filter((event) => event.event === 'error-report'),
      [],
    );

    // The page was already made as the whole site makes it. Only script and stylesheet names may
    // differ: the whole site's shared bundle holds what every page imports, and the page's chunk
    // names that bundle's files (the open tab then reloads in full).
    const again = await fetchWithin(`${base}${page}`);
    assert.equal(again.status, 200);
    const namesOut = (html: string) => html.replace(/\/assets\/[\w.-]+-[A-Z0-9]{8}\.(js|css)/g, '/assets/<name>.$1');
    const [firstParts, wholeParts] = [firstHtml, await again.text()].map((html) => namesOut(html).split(/(?=<)/));
    assert.deepEqual(
      { first: firstParts!.filter((part) => !wholeParts!.includes(part)), whole: wholeParts!.filter((part) => !firstParts!.includes(part)) },
      { first: [], whole: [] },
      'the page is the same once the whole site is ready',
    );

    // And the rest of the site is there: another page, and the route manifest of every page.
    const other = await fetchWithin(`${base}/docs/part-8/page-21`);
    assert.equal(other.status, 200);
    assert.ok(/<h1[^>]*>Part 8, page 21<\/h1>/.test(await other.text()), 'another page has its title');
    const routes = (await (await fetchWithin(`${base}/_docsite/routes.json`)).json()) as Record<string, string>;
    assert.equal(Object.keys(routes).filter((route) => route.startsWith('/docs/part-')).length, SECTIONS * PAGES_PER_SECTION);
  } finally {
    await live.close();
  }
});

test('a path that is not a page, asked for while the site starts, is answered once the whole site is ready', async () => {
  // The server of the test above stops; a new one starts on the cache it left.
  await stopProcess(child);
  const started = await startServe(site, undefined, { ready: false });
  child = started.child;
  const missing = await fetchWithin(`${started.base}/docs/part-3/no-such-page`, { timeoutMs: 240_000 });
  assert.equal(missing.status, 404);
  assert.match(started.output(), /^ready \d+ pages/m, 'the 404 page came from the whole site');
});

test('on a site with an API reference, a docs page is made alone while the reference loads, and an API page waits for it', async () => {
  const site = editableSite();
  const pool = createWorkerPool();
  const graph = createSiteGraph({ siteDir: site, mode: 'serve', pool });
  try {
    const whole = graph.update();
    const first = await graph.firstPages(['/docs/intro']);
    assert.ok(first, 'the docs page was made alone');
    assert.deepEqual([...first.pages.keys()], ['/docs/intro']);
    assert.match(first.pages.get('/docs/intro')!.entry.page.title, /Introduction/);
    // No page of the site answers this path before the API reference is loaded.
    assert.equal(await graph.firstPages(['/docs/api/modules/fixture_tiny']), undefined);
    const state = await whole;
    assert.ok(state.pages.has('/docs/api/modules/fixture_tiny'), 'the whole site has the API page');
  } finally {
    await graph.dispose();
    await pool.destroy();
    rmSync(site, { recursive: true, force: true });
  }
});
