// Dev-server benchmark: starts `docsite serve` on a copy of the Lexical site (default) or on N generated
// pages, then edits one page E times and prints the median time from the file write to the new text
// in the page's HTML, the server's memory (quiet, and at its highest) and scratch disk before and after, and the throughput of 20
// concurrent requests on the largest page. Usage: npm run bench:serve -- [lexical|N] [--edits E] [--pause S] [--browser] [--heap]
// With --pause, it waits S seconds after each edit (say 12), as someone reading their change would: the
// server's quiet work (its threads replaced 10 s after an update) then runs between the edits.
// With --browser, once memory is read, the page is also opened in real Chromium (/usr/bin/chromium via
// playwright-core) and edited E more times: it prints the median time from the file write to the new
// text in the open tab's DOM (seen by a MutationObserver the page gets before its own scripts, so a
// page written over in place and a full reload both count), and where that time goes: the server
// noticing the change ("changed"), its update ("ready"), the live-reload event reaching the page, the
// page being asked for again (a reload's navigation or the live client's fetch) and its bytes, the
// text, the next frame and hydration. Times are read in the page with performance.timeOrigin +
// performance.now(), on the same clock as this script's; the server's lines are timed as they arrive.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const what = args.find((a) => a === 'lexical' || /^\d+$/.test(a)) ?? 'lexical';
const editsAt = args.indexOf('--edits');
const edits = editsAt >= 0 ? Number(args[editsAt + 1]) : 30;
const pauseAt = args.indexOf('--pause');
const pauseMs = pauseAt >= 0 ? Number(args[pauseAt + 1]) * 1000 : 0;
const inBrowser = args.includes('--browser');
// With --heap, the server runs with --trace-gc: after edit 10 and after the last edit the bench waits
// 8 s and reads the RSS, and the main thread's heap as the forced full collection left it, so a leak
// shows apart from garbage not yet collected. The server forces that collection itself, once quiet
// (src/serve/quiet.ts: every thread collects, then the C library's free memory is given back), so the
// bench measures the server as it runs for everyone, with no flag or hook of its own: it takes the
// last collection V8 reports as forced ("testing") after the edit, and prints `?` if there was none.
const heapWatch = args.includes('--heap');

const site = mkdtempSync(path.join(os.tmpdir(), `docsite-bench-serve-${what}-`));
let page;
let file;
if (what === 'lexical') {
  for (const name of ['content', 'site.config.ts', 'package.json']) cpSync(path.join(root, name), path.join(site, name), { recursive: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(site, 'node_modules'));
  page = '/docs/concepts/editor-state';
  file = path.join(site, 'content', 'docs', 'concepts', 'editor-state.md');
} else {
  const gen = spawnSync(process.execPath, [path.resolve(root, '..', 'shared', 'bench', 'gen-content.mjs'), what, path.join(site, 'content', 'docs')], {
    encoding: 'utf8',
  });
  if (gen.status !== 0) throw new Error(gen.stderr);
  const first = readdirSync(path.join(site, 'content', 'docs'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md') || f.endsWith('.mdx'))
    .sort()[0];
  file = path.join(site, 'content', 'docs', first);
  // The generator's file names carry no number prefixes: the route is the path without its extension (and without `index`).
  page = `/docs/${first
    .split(path.sep)
    .join('/')
    .replace(/\.mdx?$/, '')
    .replace(/(^|\/)index$/, '$1')}`;
}

const started = performance.now();
const child = spawn(process.execPath, [...(heapWatch ? ['--trace-gc'] : []), path.join(root, 'bin', 'docsite.js'), 'serve', site, '--port', '0'], {
  env: { ...process.env, NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stderr.on('data', (chunk) => (output += chunk));
// Each line the server prints, with when it arrived (ms since the epoch, as in the page).
const now = () => performance.timeOrigin + performance.now();
const serverLines = [];
let partial = '';
child.stdout.on('data', (chunk) => {
  const at = now();
  const lines = (partial + chunk).split('\n');
  partial = lines.pop();
  for (const line of lines) serverLines.push({ at, line });
});
const base = await new Promise((resolve, reject) => {
  child.stdout.on('data', (chunk) => {
    output += chunk;
    const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
    if (match) resolve(match[1]);
  });
  child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
});
const firstResponse = await fetch(`${base}${page}`);
await firstResponse.text();
if (firstResponse.status !== 200) throw new Error(`${page} answered ${firstResponse.status}`);
const firstPage = performance.now() - started;
// The first page is answered before the whole site is made: edits start once it is.
while (!serverLines.some((l) => /^ready /.test(l.line))) await new Promise((resolve) => setTimeout(resolve, 20));

const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
const diskOf = (dir) => {
  let bytes = 0;
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += statSync(full).size;
    }
  };
  try {
    walk(dir);
  } catch {}
  return bytes / 1024 / 1024;
};
const scratch = path.join(site, '.docsite', 'serve');
// The server collects garbage and replaces its threads once quiet (src/serve/quiet.ts): memory is
// read after the same quiet spell before and after the edits, and at its highest along the way.
const settle = () => new Promise((resolve) => setTimeout(resolve, 12_000));
await settle();
const rssBefore = rss();
let rssPeak = rssBefore;
const diskBefore = diskOf(scratch);

const original = readFileSync(file, 'utf8');
const times = [];
// --heap: the main thread's heap after the last forced full collection since line `from`, from the
// --trace-gc lines (the first isolate to print is the main thread's; worker threads print under their
// own addresses; V8 gives "testing" as the reason of a collection asked for by gc()).
let mainIsolate;
const heapAfterForcedGc = (from) => {
  let heap;
  for (const [at, { line }] of serverLines.entries()) {
    const isolate = /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: /.exec(line)?.[1];
    if (!isolate) continue;
    mainIsolate ??= isolate;
    const after = /Mark-Compact[^>]*-> ([\d.]+) \(.* testing; /.exec(line)?.[1];
    if (at >= from && isolate === mainIsolate && after) heap = Number(after);
  }
  return heap;
};
const quietMemory = async () => {
  const from = serverLines.length;
  await new Promise((resolve) => setTimeout(resolve, 8000));
  return { rss: rss(), heap: heapAfterForcedGc(from) };
};
const memoryAt = {};
// Where each edit's time went, from the server's lines: the write until the watcher reported it
// ("changed"), the update it printed ("ready ... in N ms"), and the rest (the request that found the new page).
const parts = { detect: [], update: [], rest: [] };
for (let i = 0; i < edits; i++) {
  const marker = `bench-edit-${i}-${Date.now()}`;
  const linesBefore = serverLines.length;
  const t0 = performance.now();
  const writtenAt = now();
  writeFileSync(file, `${original}\n\n${marker}\n`);
  for (;;) {
    const html = await (await fetch(`${base}${page}`)).text();
    if (html.includes(marker)) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  times.push(performance.now() - t0);
  const lines = serverLines.slice(linesBefore);
  const changed = lines.find((l) => /^changed /.test(l.line));
  const ready = lines.find((l) => /^ready .* in (\d+) ms/.test(l.line));
  if (changed && ready) {
    const detect = changed.at - writtenAt;
    const update = Number(/ in (\d+) ms/.exec(ready.line)[1]);
    parts.detect.push(detect);
    parts.update.push(update);
    parts.rest.push(times.at(-1) - detect - update);
  }
  rssPeak = Math.max(rssPeak, rss());
  // RSS along the way: steady growth is a leak, growth that levels off is the heap settling.
  if ((i + 1) % Math.max(1, Math.round(edits / 4)) === 0) console.log(`after ${i + 1} edits: RSS ${Math.round(rss())} MB`);
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  if (heapWatch && i + 1 === Math.min(10, edits)) memoryAt.early = { edit: i + 1, ...(await quietMemory()) };
}
if (heapWatch) memoryAt.late = { edit: edits, ...(await quietMemory()) };
const rssRight = rss();
await settle();
const rssAfter = rss();
const diskAfter = diskOf(scratch);

const browserResult = inBrowser ? await benchBrowser() : undefined;

// 20 connections for 5 seconds on the largest page of the site.
const manifest = await (await fetch(`${base}/_docsite/routes.json`)).json();
let largest = page;
if (what === 'lexical') largest = '/docs/api/classes/lexical.LexicalEditor';
let done = 0;
const deadline = performance.now() + 5000;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    while (performance.now() < deadline) {
      await (await fetch(`${base}${largest}`)).arrayBuffer();
      done++;
    }
  }),
);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `site: ${what === 'lexical' ? 'Lexical' : `${what} generated pages`} (${Object.keys(manifest).length} routes), ${edits} edits of ${page}${pauseMs > 0 ? `, ${pauseMs / 1000} s apart` : ''}`,
);
const wholeSite = serverLines.find((l) => /^ready /.test(l.line));
console.log(
  `first page answered ${Math.round(firstPage)} ms after start; the whole site ready after ${wholeSite ? Math.round(wholeSite.at - performance.timeOrigin - started) : '?'} ms`,
);
console.log(`write -> new HTML: median ${Math.round(median)} ms (min ${Math.round(sorted[0])}, max ${Math.round(sorted[sorted.length - 1])})`);
const medianOf = (values) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);
if (parts.update.length > 0)
  console.log(
    `  of which, medians over ${parts.update.length} edits: watcher ${medianOf(parts.detect)} ms, update ${medianOf(parts.update)} ms, the rest (the request that found the new page) ${medianOf(parts.rest)} ms`,
  );
if (browserResult) printBrowser(browserResult);
if (memoryAt.early && memoryAt.late) {
  const { early, late } = memoryAt;
  const mb = (value) => (value === undefined ? '?' : `${Math.round(value)} MB`);
  const grew = (a, b) => (a === undefined || b === undefined ? '?' : `${b - a >= 0 ? '+' : ''}${Math.round(b - a)} MB`);
  console.log(
    `after 8 s quiet, edit ${early.edit} -> edit ${late.edit}: RSS ${mb(early.rss)} -> ${mb(late.rss)} (${grew(early.rss, late.rss)}); main heap after a forced full collection ${mb(early.heap)} -> ${mb(late.heap)} (${grew(early.heap, late.heap)})`,
  );
}
console.log(
  `serve RSS, quiet: ${Math.round(rssBefore)} MB -> ${Math.round(rssAfter)} MB (${Math.round(rssAfter - rssBefore)} MB over ${edits} edits); right after the last edit ${Math.round(rssRight)} MB, highest ${Math.round(rssPeak)} MB`,
);
console.log(`scratch disk (.docsite/serve): ${diskBefore.toFixed(1)} MB -> ${diskAfter.toFixed(1)} MB; after exit: ${diskOf(scratch).toFixed(1)} MB`);
console.log(`20 connections on ${largest}: ${(done / 5).toFixed(1)} req/s`);
rmSync(site, { recursive: true, force: true });

/**
 * Opens the page in Chromium and edits the file E times, each time waiting for the marker in the
 * DOM, for the page to be hydrated again and its event stream open, then 300 ms, as a person would
 * read the page before the next save.
 */
async function benchBrowser() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const tab = await browser.newPage();
  const problems = [];
  tab.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  tab.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(`${message.type()}: ${message.text()}`));
  // What the page reports: { kind, data, at, doc } with `doc` the document's timeOrigin, the same
  // for a page written over in place (document.open keeps the window) and new for a reload.
  const reports = [];
  let wake = () => {};
  await tab.exposeFunction('__benchReport', (kind, data, at, doc) => {
    reports.push({ kind, data, at, doc });
    wake();
  });
  await tab.addInitScript(() => {
    const clock = () => performance.timeOrigin + performance.now();
    const doc = performance.timeOrigin;
    const report = (kind, data, at) => void window.__benchReport(kind, data, at, doc);
    report('document', '', clock());
    // The live client's EventSource, with listeners that run before its own.
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url, init) {
        super(url, init);
        for (const kind of ['hello', 'reload', 'error-report']) this.addEventListener(kind, (event) => report(kind, event.data, clock()));
      }
    };
    // How the page was asked for: the navigation of a reload, or the last fetch of this URL.
    const request = () => {
      const entry = performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'fetch' && new URL(e.name).pathname === location.pathname)
        .pop();
      performance.clearResourceTimings();
      return entry ? { requestStart: entry.requestStart, responseStart: entry.responseStart, responseEnd: entry.responseEnd } : undefined;
    };
    const seen = new Set();
    // Hydration marks <html>; a page written over in place has a new <html> to mark.
    let hydratedRoot;
    const scan = () => {
      const at = clock();
      for (const match of (document.body?.textContent ?? '').matchAll(/bench-edit-\d+-\d+/g)) {
        if (seen.has(match[0])) continue;
        seen.add(match[0]);
        report('marker', JSON.stringify({ marker: match[0], fetch: request() }), at);
        requestAnimationFrame(() => report('marker-frame', match[0], clock()));
      }
      const root = document.documentElement;
      if (root && root !== hydratedRoot && root.hasAttribute('data-docsite-ready')) {
        hydratedRoot = root;
        report('hydrated', '', at);
      }
    };
    new MutationObserver(scan).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-docsite-ready'],
    });
    addEventListener('load', () => {
      const nav = performance.getEntriesByType('navigation')[0];
      report('navigation', JSON.stringify({ requestStart: nav.requestStart, responseStart: nav.responseStart, responseEnd: nav.responseEnd }), clock());
    });
  });
  const until = async (find, what, ms = 30_000) => {
    const deadline = performance.now() + ms;
    for (;;) {
      const found = find();
      if (found) return found;
      if (performance.now() > deadline)
        throw new Error(
          `no ${what} within ${ms} ms; the page reported:\n${reports.map((r) => `${r.kind} ${r.data}`).join('\n')}\n${problems.join('\n')}\n${output}`,
        );
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  const after = (t, kind, test = () => true) => reports.find((r) => r.at >= t && r.kind === kind && test(r));
  const hello = (doc) => reports.some((r) => r.doc === doc && r.kind === 'hello');

  await tab.goto(`${base}${page}`);
  const firstDoc = reports.find((r) => r.kind === 'document').doc;
  await until(() => after(0, 'hydrated') && hello(firstDoc), 'hydrated page with an open event stream');
  await new Promise((resolve) => setTimeout(resolve, 300));

  const rows = [];
  for (let i = 0; i < edits; i++) {
    const marker = `bench-edit-${i}-${Date.now()}`;
    const t0 = now();
    writeFileSync(file, `${original}\n\n${marker}\n`);
    const shown = await until(() => after(t0, 'marker', (r) => JSON.parse(r.data).marker === marker), `marker ${marker} in the DOM`);
    const painted = await until(() => after(t0, 'marker-frame', (r) => r.data === marker), 'frame after the marker');
    const reloaded = shown.doc >= t0;
    // A reload opens a new event stream; a page written over in place keeps its own.
    const hydrated = await until(() => (!reloaded || hello(shown.doc)) && after(shown.at, 'hydrated'), 'hydrated page with an open event stream');
    const changed = serverLines.find((l) => l.at >= t0 && /^changed /.test(l.line));
    const ready = serverLines.find((l) => l.at >= t0 && /^ready /.test(l.line));
    const event = after(t0, 'reload');
    // Page-relative times of the request that brought the text, made absolute with the document's origin.
    const asked = reloaded
      ? JSON.parse((await until(() => reports.find((r) => r.doc === shown.doc && r.kind === 'navigation'), 'navigation timing')).data)
      : JSON.parse(shown.data).fetch;
    const at = (ms) => (asked ? shown.doc + ms - t0 : NaN);
    rows.push({
      zero: 0,
      total: shown.at - t0,
      painted: painted.at - t0,
      changed: changed ? changed.at - t0 : NaN,
      ready: ready ? ready.at - t0 : NaN,
      serverMs: ready ? Number(/in (\d+) ms/.exec(ready.line)?.[1]) : NaN,
      event: event ? event.at - t0 : NaN,
      document: reloaded ? shown.doc - t0 : NaN,
      request: at(asked?.requestStart),
      firstByte: at(asked?.responseStart),
      lastByte: at(asked?.responseEnd),
      hydrated: hydrated.at - t0,
      reloaded,
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(300, pauseMs)));
  }
  await browser.close();
  return { rows, problems };
}

function printBrowser({ rows, problems }) {
  const stats = (values) => {
    const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    if (sorted.length === 0) return undefined;
    return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
  };
  const total = stats(rows.map((r) => r.total));
  const reloads = rows.filter((r) => r.reloaded).length;
  console.log(
    `write -> new text in the open tab (Chromium): median ${Math.round(total.median)} ms (min ${Math.round(total.min)}, max ${Math.round(total.max)}), ${reloads} of ${rows.length} by a full reload, ${rows.length - reloads} in place`,
  );
  const steps = [
    ['server prints "changed"', 'changed'],
    ['server prints "ready"', 'ready'],
    ['live-reload event in the page', 'event'],
    ['new document starts (reloads)', 'document'],
    ['page requested', 'request'],
    ['its first byte', 'firstByte'],
    ['its last byte', 'lastByte'],
    ['new text in the DOM', 'total'],
    ['next frame', 'painted'],
    ['page hydrated', 'hydrated'],
  ];
  console.log('  ms after the write, median (min-max):');
  for (const [label, key] of steps) {
    const s = stats(rows.map((r) => r[key]));
    if (s)
      console.log(
        `  ${label.padEnd(32)} ${String(Math.round(s.median)).padStart(5)} (${Math.round(s.min)}-${Math.round(s.max)})${s.n < rows.length ? `, ${s.n} edits` : ''}`,
      );
  }
  // Medians of each edit's own intervals: the server's share and the page's, apart.
  const part = (from, to) => Math.round(stats(rows.map((r) => r[to] - r[from]))?.median ?? NaN);
  console.log(
    `  per edit, median: write -> "ready" ${part('zero', 'ready')} ms, "ready" -> event in the page ${part('ready', 'event')} ms, event -> new text ${part('event', 'total')} ms (page asked for -> its last byte ${part('request', 'lastByte')} ms, last byte -> text ${part('lastByte', 'total')} ms)`,
  );
  const server = stats(rows.map((r) => r.serverMs));
  if (server) console.log(`  the server's own update time ("ready ... in N ms"): median ${Math.round(server.median)} ms`);
  if (problems.length > 0) console.log(`page errors and warnings:\n  ${problems.join('\n  ')}`);
}
