import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLiveChannel, createServeApp } from '../../src/serve/app';
import { createWorkerPool, type WorkerPool } from '../../src/infra/pool';
import { createDevSession, type DevSession } from '../../src/serve/session';
import { copyFixture, fetchWithin, startServe, stopProcess } from '../support/helpers';

/**
 * An in-process dev session of a copy of the basic site, made by the first test that asks: the app
 * tests read it, and the test of a server started on a site served before closes it and starts a
 * second session on the same site.
 */
let inProcess: Promise<{ site: string; session: DevSession }> | undefined;
let inProcessClosed: Promise<void> | undefined;
function inProcessSession() {
  inProcess ??= (async () => {
    const site = copyFixture('basic-site');
    const session = createDevSession({ siteDir: site });
    const state = await session.rebuild();
    assert.equal(state.status, 'ready', state.status === 'error' ? state.errors.map((e) => e.message).join('\n') : '');
    return { site, session };
  })();
  return inProcess;
}
function closeInProcess(): Promise<void> {
  inProcessClosed ??= (async () => (await inProcess?.catch(() => undefined))?.session.close())();
  return inProcessClosed;
}
after(() => closeInProcess());

describe('the dev server app, in process', () => {
  let app: ReturnType<typeof createServeApp>;
  before(async () => {
    const { session } = await inProcessSession();
    app = createServeApp({ session, live: createLiveChannel() });
  });

  test('renders a route on request, with the live-reload client', async () => {
    const res = await app.request('/docs/intro');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const html = await res.text();
    assert.match(html, /<title>Introduction \| Fixture<\/title>/);
    assert.match(html, /Welcome to the fixture/);
    assert.match(html, /new EventSource\("\/_docsite\/events"\)/);
  });

  test('streams: the head arrives as its own first chunk, before the page body', async () => {
    const res = await app.request('/docs/intro');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /<title>Introduction/);
    assert.doesNotMatch(first, /Welcome to the fixture/);
    await reader.cancel();
  });

  test('serves chunks from memory, the manifest, sidebars and static files', async () => {
    const manifest = (await (await app.request('/_docsite/routes.json')).json()) as Record<string, string>;
    const chunk = await app.request(manifest['/docs/intro']!);
    assert.equal(chunk.status, 200);
    assert.match(chunk.headers.get('content-type') ?? '', /javascript/);
    assert.match(await chunk.text(), /Welcome to the fixture/);
    const svg = await app.request('/img/favicon.svg');
    assert.equal(svg.status, 200);
    assert.equal(svg.headers.get('content-type'), 'image/svg+xml');
  });

  test('unknown paths get the 404 page; paths never escape the project folders', async () => {
    const res = await app.request('/no/such/page');
    assert.equal(res.status, 404);
    assert.match(await res.text(), /Page Not Found/);
    for (const probe of ['/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/img/..%2f..%2f..%2fsite.config.ts']) {
      const escaped = await app.request(probe);
      assert.equal(escaped.status, 404, probe);
      assert.doesNotMatch(await escaped.text(), /root:|defineConfig/);
    }
    // Spec 8's text, as a page of the site (its navbar and footer), sent with status 400 and never indexed.
    const bad = await app.request('/%E0%A4%A');
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /<h1>Pathname could not be decoded<\/h1>/);
    assert.match(badHtml, /<title>Pathname could not be decoded \| Fixture<\/title>/);
    assert.match(badHtml, /<nav aria-label="Main"/);
    assert.match(badHtml, /Fixture footer/);
    assert.match(badHtml, /<meta name="robots" content="noindex, nofollow">/);
    // The status pages are not pages to ask for.
    assert.equal((await app.request('/400.html')).status, 404);
  });

  test('.html and index.html suffixes reach the route', async () => {
    assert.equal((await app.request('/docs/intro.html')).status, 200);
    assert.equal((await app.request('/docs/intro/index.html')).status, 200);
  });
});

/** Reads server-sent events from a fetch response until `match` accepts one. */
async function nextEvent(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  match: (event: string, data: string) => boolean,
  buffer: { text: string },
  timeoutMs = 30_000,
) {
  const decoder = new TextDecoder();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let boundary: number;
    while ((boundary = buffer.text.indexOf('\n\n')) >= 0) {
      const block = buffer.text.slice(0, boundary);
      buffer.text = buffer.text.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n');
      if (match(event, data)) return { event, data };
    }
    if (Date.now() > deadline) throw new Error('timed out waiting for a server-sent event');
    const { value, done } = await reader.read();
    if (done) throw new Error('event stream closed');
    buffer.text += decoder.decode(value, { stream: true });
  }
}

/**
 * The page's HTML after the first reload event that brings `expected` (status 200). An update
 * already running when the file was written reloads too, with the page as it was: the watcher's
 * first look at a site copied just before the server started is one.
 */
async function afterReloads(reader: ReadableStreamDefaultReader<Uint8Array>, buffer: { text: string }, url: string, expected: RegExp): Promise<string> {
  let html = '';
  for (let reloads = 0; reloads < 4; reloads++) {
    await nextEvent(reader, (event) => event === 'reload', buffer);
    const page = await fetchWithin(url);
    html = await page.text();
    if (page.status === 200 && expected.test(html)) return html;
  }
  return html;
}

/**
 * The one `docsite serve` process of this file, on a copy of the basic site, started by the first test
 * that asks: the edits over real HTTP use it, then the last test stops it with SIGTERM.
 */
let served: Promise<{ site: string; base: string; child: ChildProcess }> | undefined;
function servedSite() {
  served ??= (async () => {
    const site = copyFixture('basic-site');
    return { site, ...(await startServe(site)) };
  })();
  return served;
}
after(async () => stopProcess((await served?.catch(() => undefined))?.child));

describe('docsite serve over real HTTP', () => {
  let base: string;
  let site: string;
  before(async () => {
    ({ base, site } = await servedSite());
  });

  test('a page edit reaches an open SSE client; a syntax error shows the overlay; the fix recovers', async () => {
    const page = await fetchWithin(`${base}/docs/guides/setup`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /The setup guide/);

    const events = await fetchWithin(`${base}/_docsite/events`, { stream: true });
    assert.match(events.headers.get('content-type') ?? '', /text\/event-stream/);
    const reader = events.body!.getReader();
    const buffer = { text: '' };
    await nextEvent(reader, (event) => event === 'hello', buffer);

    const file = path.join(site, 'content', 'docs', '01-guides', '01-setup.md');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('The setup guide.', 'The edited setup guide.'));
    assert.match(await afterReloads(reader, buffer, `${base}/docs/guides/setup`, /The edited setup guide/), /The edited setup guide/);

    writeFileSync(file, original.replace('Run the installer.', 'Run the <installer.'));
    const report = await nextEvent(reader, (event) => event === 'error-report', buffer);
    const errors = JSON.parse(report.data) as { location: string; message: string; frame: string }[];
    assert.match(errors[0]!.location, /content\/docs\/01-guides\/01-setup\.md:9:\d+/);
    assert.match(errors[0]!.frame, /Run the <installer/);
    const overlay = await fetchWithin(`${base}/docs/guides/setup`);
    assert.equal(overlay.status, 500);
    const overlayHtml = await overlay.text();
    assert.match(overlayHtml, /Failed to compile/);
    assert.match(overlayHtml, /01-setup\.md:9:/);
    assert.match(overlayHtml, /EventSource/);

    writeFileSync(file, original);
    assert.match(await afterReloads(reader, buffer, `${base}/docs/guides/setup`, /The setup guide/), /The setup guide/);
    await reader.cancel();
  });
});

describe('the dev server over edits: pages kept until they change, scratch space that does not grow', () => {
  test('a page is answered again from memory, shows an edit after the rebuild, and the scratch folder is removed on close and at start', async () => {
    const site = copyFixture('basic-site');
    const scratch = path.join(site, '.docsite', 'serve');
    mkdirSync(path.join(scratch, 'gen-7'), { recursive: true });
    writeFileSync(path.join(scratch, 'gen-7', 'server.mjs'), '// left by a killed run');
    const session = createDevSession({ siteDir: site });
    try {
      assert.equal((await session.rebuild()).status, 'ready');
      assert.ok(!existsSync(path.join(scratch, 'gen-7')), 'the scratch of an earlier run is gone');
      const app = createServeApp({ session, live: createLiveChannel() });
      const first = await (await app.request('/docs/intro')).text();
      const again = await (await app.request('/docs/intro')).text();
      assert.equal(again, first);

      const modules = () =>
        readdirSync(scratch, { recursive: true })
          .map(String)
          .filter((file) => file.endsWith('.mjs'));
      const before = new Set(modules());
      const intro = path.join(site, 'content', 'docs', 'intro.md');
      writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n\nA sentence added by the edit.\n`);
      assert.equal((await session.rebuild()).status, 'ready');
      const edited = await (await app.request('/docs/intro')).text();
      assert.match(edited, /A sentence added by the edit\./);
      assert.doesNotMatch(first, /A sentence added by the edit\./);
      // Only the edited page's module is a new file; the renderer, the shared modules and every other
      // page are the same files as before.
      const added = modules().filter((file) => !before.has(file));
      assert.ok(added.length === 1 && added[0]!.includes('route-docs-intro'), `new server modules after one edit: ${added.join(', ')}`);

      // A new page changes the set of bundles' entry points; a broken import fails and its fix recovers.
      const page = path.join(site, 'content', 'docs', 'added.md');
      writeFileSync(page, '# Added later\n\nA page that did not exist at start.\n');
      assert.equal((await session.rebuild()).status, 'ready');
      assert.match(await (await app.request('/docs/added')).text(), /A page that did not exist at start\./);
      writeFileSync(page, "import Missing from './missing';\n\n# Added later\n\n<Missing />\n");
      const broken = await session.rebuild();
      assert.equal(broken.status, 'error');
      writeFileSync(page, '# Added later\n\nRepaired.\n');
      assert.equal((await session.rebuild()).status, 'ready');
      assert.match(await (await app.request('/docs/added')).text(), /Repaired\./);
      rmSync(page);
      assert.equal((await session.rebuild()).status, 'ready');
      assert.equal((await app.request('/docs/added')).status, 404);
    } finally {
      await session.close();
    }
    assert.ok(!existsSync(scratch), 'the scratch folder is removed when the session closes');
  });
});

/** The basic site with 60 more pages in docs/many, each with a code block: enough for an update that replaces the threads. */
function siteOfSixtyPages(): { site: string; many: string } {
  const site = copyFixture('basic-site');
  const many = path.join(site, 'content', 'docs', 'many');
  mkdirSync(many);
  for (let i = 0; i < 60; i++) writeFileSync(path.join(many, `page-${i}.md`), `# Page ${i}\n\nText of page ${i}.\n\n\`\`\`js\nconst page = ${i};\n\`\`\`\n`);
  return { site, many };
}

/** Waits until `pool` has finished `count` tasks since it had finished `since`; fails after 15 s. */
async function untilTasksDone(pool: WorkerPool, since: number, count: number): Promise<void> {
  const started = Date.now();
  while (pool.completed < since + count) {
    assert.ok(Date.now() - started < 15_000, `the threads ran ${pool.completed - since} tasks in 15 s, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the dev server after a large update', () => {
  test('threads that compiled the whole site are replaced by fresh ones, which compile the next edit', async () => {
    const { site, many } = siteOfSixtyPages();
    const pool = createWorkerPool({ threads: 1 });
    const session = createDevSession({ siteDir: site, pool });
    try {
      const threadIds = () => pool.threads.map((thread) => thread.threadId);
      const first = await session.rebuild();
      assert.equal(first.status, 'ready');
      const loaded = threadIds();
      // The replacement is started by the update itself, not by the quiet spell of 10 s after edits.
      const started = Date.now();
      while (threadIds().join() === loaded.join() || threadIds().length === 0) {
        assert.ok(Date.now() - started < 5000, `the threads are still ${loaded.join(', ')} 5 s after the update`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const app = createServeApp({ session, live: createLiveChannel() });
      writeFileSync(path.join(many, 'page-7.md'), '# Page 7\n\nEdited after the threads were replaced.\n\n```ts\nconst page: number = 7;\n```\n');
      assert.equal((await session.rebuild()).status, 'ready');
      const html = await (await app.request('/docs/many/page-7')).text();
      assert.match(html, /Edited after the threads were replaced\./);
      assert.match(html, /<span style="[^"]*">page<\/span>|class="shiki/, 'the code block is highlighted by the new thread');
    } finally {
      await session.close();
      await pool.destroy();
    }
  });
});

describe('the dev server between edits', () => {
  test('fresh threads compile the page last opened while the server is quiet, and the next edit of it shows', async () => {
    const { site, many } = siteOfSixtyPages();
    const pool = createWorkerPool({ threads: 1 });
    const session = createDevSession({ siteDir: site, pool });
    try {
      const app = createServeApp({ session, live: createLiveChannel() });
      // Opened as the server starts, as a browser pointed at it does: answered before the whole site is made.
      const whole = session.rebuild();
      assert.match(await (await app.request('/docs/many/page-7')).text(), /Text of page 7\./);
      assert.equal((await whole).status, 'ready');
      // The update compiled 60 pages, so its thread is replaced. The new one loads the compiler with a
      // small page, then compiles page 7 three times over, with no edit asking for it.
      await untilTasksDone(pool, pool.completed, 4);
      writeFileSync(path.join(many, 'page-7.md'), '# Page 7\n\nEdited after the thread practised.\n\n```js\nconst page = 7;\n```\n');
      assert.equal((await session.rebuild([path.join(many, 'page-7.md')])).status, 'ready');
      const html = await (await app.request('/docs/many/page-7')).text();
      assert.match(html, /Edited after the thread practised\./);
      assert.match(html, /<span style="[^"]*">page<\/span>|class="shiki/, 'the code block is highlighted');
    } finally {
      await session.close();
      await pool.destroy();
    }
  });

  test('a server started on a site it served before compiles no page at start, and its threads practise the page opened', async () => {
    // The site of the in-process app tests: its session, ready, answers once more and is closed.
    const { site, session: earlier } = await inProcessSession();
    try {
      // Both servers run in this one process and name the same shared bundle, and Node keeps a module
      // by its URL, failed or not: the first server's renderer is loaded whole before its folder goes.
      assert.match(await (await createServeApp({ session: earlier, live: createLiveChannel() }).request('/docs/intro')).text(), /<h1/);
    } finally {
      await closeInProcess();
    }
    const pool = createWorkerPool({ threads: 1 });
    const session = createDevSession({ siteDir: site, pool });
    try {
      const app = createServeApp({ session, live: createLiveChannel() });
      const first = await session.rebuild();
      assert.equal(first.status, 'ready');
      assert.equal(first.status === 'ready' && first.generation.site.compiled.compiled, 0, 'every page came from the cache');
      // Opened once the site is made: the practice starts when the server has been quiet for a second.
      const done = pool.completed;
      assert.match(await (await app.request('/docs/intro')).text(), /<h1/);
      await untilTasksDone(pool, done, 3);
    } finally {
      await session.close();
      await pool.destroy();
    }
  });
});

describe('the servers stop when told to, whatever connections are open', () => {
  /** Resolves with the exit code, or with 'running' if the process is still up after `ms`. */
  const exitWithin = (child: ChildProcess, ms: number) =>
    new Promise<number | string | null>((resolve) => {
      const timer = setTimeout(() => resolve('running'), ms);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve(code ?? signal);
      });
    });

  test('docsite serve exits on SIGTERM while a tab holds its live-reload stream open', async () => {
    // The server the tests above edited through: this test ends it.
    const { base, child } = await servedSite();
    const events = await fetchWithin(`${base}/_docsite/events`, { stream: true });
    const reader = events.body!.getReader();
    await reader.read();
    child.kill('SIGTERM');
    const exited = await exitWithin(child, 20_000);
    if (exited === 'running') child.kill('SIGKILL');
    assert.notEqual(exited, 'running', 'the server was still running 20 s after SIGTERM');
    await reader.cancel().catch(() => undefined);
  });
});
