/**
 * Search measures, printed, never asserted: the index over generated pages and, given a build
 * folder, search in Chromium.
 *
 * node --import tsx scripts/bench-search.ts [--pages 10000] [--runs 3] [build-dir]
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createSearchIndexFile } from '../src/search/index-file';
import { pageRecords } from '../src/search/records';
import { createSearchFiles } from '../src/search/search-files';
import { createPreviewApp } from '../src/serve/preview-app';
import { launchChromium } from '../test/support/browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const pagesArg = args.indexOf('--pages');
const pageCount = pagesArg >= 0 ? Number(args[pagesArg + 1]) : 10_000;
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
const buildDir = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--pages' && args[i - 1] !== '--runs')[0];

const WORDS =
  'editor state node selection transform listener command update plugin history table list text paragraph root element decorator serialize import export markdown clipboard collaboration theme react composer format range point anchor focus key dirty reconcile'.split(
    ' ',
  );
const word = (n: number) => WORDS[(n * 7919) % WORDS.length]!;
const sentence = (seed: number, length: number) => Array.from({ length }, (_, i) => word(seed + i * 13)).join(' ');

/** A docs page as the theme renders it: navbar, breadcrumbs, an h1, and sections of headings, paragraphs and a list. */
function generatedPage(n: number): string {
  const sections = Array.from(
    { length: 6 },
    (_, s) =>
      `<h2 id="s${s}">${sentence(n + s, 3)}</h2><p>${sentence(n * 3 + s, 30)}</p><ul><li>${sentence(n + s * 5, 12)}</li><li>${sentence(n + s * 11, 12)}</li></ul><h3 id="s${s}-d">${sentence(n + s * 2, 2)}</h3><p>${sentence(n * 5 + s, 25)}</p>`,
  ).join('');
  return `<nav class="navbar"><a class="navbar__link navbar__link--active" href="/docs/">Docs</a></nav><nav class="breadcrumbs"><ol><li class="breadcrumbs__item"><span class="breadcrumbs__link">Section ${n % 20}</span></li></ol></nav><article><header><h1>Page ${n}: ${sentence(n, 2)}</h1></header>${sections}</article>`;
}

/**
 * Records from the generated pages, the search stage over them (the embedded index, records.json,
 * the worker) and the index build alone, each a median of runs in one process, and the index's size.
 */
async function indexMeasure(): Promise<void> {
  let started = performance.now();
  // As the render workers hand them over: each page's records, and the same records as JSON.
  const pages = Array.from({ length: pageCount }, (_, n) => {
    const records = pageRecords({
      html: generatedPage(n),
      url: `https://example.com/docs/page-${n}`,
      title: `Page ${n}`,
      tag: 'docs-default-current',
      version: ['current'],
      pageRank: 1,
    });
    return { records, recordsJson: JSON.stringify(records) };
  });
  const extract = performance.now() - started;
  const stages: number[] = [];
  const indexBuilds: number[] = [];
  let summary: Awaited<ReturnType<Awaited<ReturnType<typeof createSearchFiles>>['summary']>> | undefined;
  for (let run = 0; run < runs; run++) {
    started = performance.now();
    let made: Awaited<ReturnType<typeof createSearchFiles>> | undefined = await createSearchFiles({
      pages,
      origin: 'https://example.com/',
      workerEntry: path.join(root, 'src', 'runtime', 'search-worker.ts'),
      stylesheets: [createRequire(path.join(root, 'package.json')).resolve('@docsearch/css/dist/style.css'), path.join(root, 'theme', 'search', 'modal.css')],
    });
    stages.push(performance.now() - started);
    summary = await made.summary();
    // The stage's largest part again on its own: the embedded index made from the same records.
    // The stage's files are let go first, so the heap is as large as it was for the stage.
    made = undefined;
    const records = pages.flatMap((page) => page.records);
    started = performance.now();
    createSearchIndexFile(records, 'https://example.com/');
    indexBuilds.push(performance.now() - started);
  }
  const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
  const list = (values: number[]) => values.map(Math.round).join(', ');
  console.log(`index, ${pageCount} generated pages: records ${Math.round(extract)} ms (one thread; a build extracts them in its render workers)`);
  console.log(`  search stage (index, records.json, worker, stylesheet): median ${median(stages)} ms (runs: ${list(stages)})`);
  console.log(`  index build alone: median ${median(indexBuilds)} ms (runs: ${list(indexBuilds)})`);
  console.log(`  ${summary!.records} records, index ${Math.round(summary!.indexBytes / 1024)} KB (${Math.round(summary!.indexGzipBytes / 1024)} KB gzip)`);
}

/** In Chromium: how many search files a page loads before an interaction, and keystroke -> results painted in the modal, p50/p95 over typed queries. */
async function browserMeasure(dir: string): Promise<void> {
  const server = serve({ fetch: createPreviewApp(dir).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })).newPage();
    const searchRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_docsite/search/')) searchRequests.push(request.url());
    });
    await page.goto(`${base}/docs/intro`);
    await page.waitForSelector('html[data-docsite-ready]');
    await page.waitForTimeout(500);
    const beforeInteraction = searchRequests.length;
    await page.keyboard.press('Control+k');
    await page.fill('.DocSearch-Input', 'warm');
    await page.waitForSelector('.DocSearch-Hit, .DocSearch-NoResults');
    await page.fill('.DocSearch-Input', '');
    // From the keydown to the frame after the results changed.
    await page.evaluate(() => {
      const w = window as unknown as { latencies: number[]; typedAt?: number };
      w.latencies = [];
      document.querySelector('.DocSearch-Input')!.addEventListener('keydown', () => (w.typedAt = performance.now()), true);
      new MutationObserver(() => {
        const typedAt = w.typedAt;
        if (typedAt === undefined) return;
        w.typedAt = undefined;
        requestAnimationFrame(() => setTimeout(() => w.latencies.push(performance.now() - typedAt), 0));
      }).observe(document.querySelector('.DocSearch-Dropdown')!, { childList: true, subtree: true, characterData: true });
    });
    for (const query of [
      'registerUpdateListener',
      'editor state',
      'node transform',
      '$getRoot',
      'collaboration',
      'selction',
      'mergeRegister',
      'theming',
      'LexicalComposer',
      'history plugin',
    ]) {
      for (const char of query) {
        await page.keyboard.type(char);
        await page.waitForTimeout(120);
      }
      await page.waitForTimeout(300);
      await page.fill('.DocSearch-Input', '');
      await page.waitForTimeout(200);
    }
    const latencies = (await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies)).sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
    console.log(
      `browser: ${beforeInteraction} search files before the first interaction; keystroke -> results painted over ${latencies.length} keystrokes: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    server.close();
  }
}

await indexMeasure();
if (buildDir) await browserMeasure(path.resolve(buildDir));
