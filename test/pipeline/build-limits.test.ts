/**
 * Input that used to crash or hang a build: two files on one route, pages nested thousands of levels
 * deep, code that never ends in a page, a component or the config. Each ends with a located error,
 * exit 1 and the previous output as it was (the real CLI, or `main` in one process, on a small site
 * built once, with a time limit lowered by DOCSITE_TIME_LIMIT and a timeout, so a hang fails the test
 * instead of stalling it).
 * Under `docsite serve` such a page gets an error page at the limit, and the server goes on answering.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliInProcess } from '../support/cli-in-process';
import { cliPath, fetchWithin, outputFiles, startServe, stopProcess, until } from '../support/helpers';

/** The limit the tests set, in seconds, and how long a build may take before it counts as hung. */
const LIMIT = 2;
const HUNG_MS = 60_000;

function build(site: string) {
  const result = spawnSync(process.execPath, [cliPath, 'build', site], {
    encoding: 'utf8',
    timeout: HUNG_MS,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', DOCSITE_TIME_LIMIT: String(LIMIT) },
  });
  assert.equal(result.signal, null, `the build was still running after ${HUNG_MS / 1000} s:\n${result.stderr}`);
  return result;
}

/**
 * Failing builds that end by themselves run through `main` in one process (the command's exit code
 * and messages, without a process start each) but for the first of each kind, which runs the real
 * command. Those that stop at a time limit run the real command: the limit ends the process.
 */
const inProcess = cliInProcess();
after(() => inProcess.close());

function write(site: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  writeFileSync(path.join(site, file), text);
}

let built: string | undefined;

/**
 * A small site built once for the file, so each test can check that a failed build leaves its output
 * alone. Each test takes away what it added, so the next finds the site as it was.
 */
function builtSite(): string {
  if (built) return built;
  const site = mkdtempSync(path.join(os.tmpdir(), 'docsite-limits-'));
  write(site, 'content/docs/intro.md', '---\ntitle: Intro\n---\n# Intro\n\nHello.\n');
  const first = build(site);
  assert.equal(first.status, 0, first.stderr);
  built = site;
  return site;
}

/** Adds `files`, builds (through `main` when `inMain`), checks exit 1 and the output untouched, removes them; returns stderr. */
async function failingBuild(site: string, files: Record<string, string>, inMain = false): Promise<string> {
  const before = outputFiles(path.join(site, 'build'));
  for (const [file, text] of Object.entries(files)) write(site, file, text);
  try {
    const result = inMain ? await inProcess.run(['build', site], { timeoutMs: HUNG_MS, env: { DOCSITE_TIME_LIMIT: String(LIMIT) } }) : build(site);
    assert.equal(result.signal, null, `the build was still running after ${HUNG_MS / 1000} s:\n${result.stderr}`);
    assert.equal(result.status, 1, result.stdout + result.stderr);
    assert.doesNotMatch(result.stderr, /failed unexpectedly/);
    assert.match(result.stderr, /The previous build output was left as it was\./);
    assert.deepEqual(outputFiles(path.join(site, 'build')), before);
    return result.stderr;
  } finally {
    for (const file of Object.keys(files)) rmSync(path.join(site, file), { force: true });
  }
}

describe('route collisions', () => {
  let site: string;
  before(() => {
    site = builtSite();
  });

  test('two docs with one frontmatter id are an error naming both files at their id lines', async () => {
    const stderr = await failingBuild(site, {
      'content/docs/a.md': '---\nid: same\n---\n# A\n',
      'content/docs/b.md': '---\ntitle: B\nid: same\n---\n# B\n',
    });
    assert.match(
      stderr,
      /^error content\/docs\/b\.md:3:1: Two docs have the id "same": content\/docs\/b\.md:3:1 and content\/docs\/a\.md:2:1\. \[DUPLICATE_DOC_ID\]$/m,
    );
  });

  test('with onDuplicateRoutes throw, two docs with one slug are an error naming both files at their slug lines', async () => {
    const stderr = await failingBuild(
      site,
      {
        'site.config.ts': "export default { title: 'Limits', onDuplicateRoutes: 'throw' };\n",
        'content/docs/a.md': '---\nslug: /same\n---\n# A\n',
        'content/docs/b.md': '---\ntitle: B\nslug: /same\n---\n# B\n',
      },
      true,
    );
    assert.match(
      stderr,
      /^error content\/docs\/b\.md:3:1: content\/docs\/b\.md:3:1 and content\/docs\/a\.md:2:1 both make the page \/docs\/same\. \[DUPLICATE_ROUTE\]$/m,
    );
  });

  test('a page and a doc on one route warn by default, naming both; the doc keeps the route and the build succeeds', () => {
    write(site, 'content/pages/docs/intro.md', '# The page\n');
    try {
      const result = build(site);
      assert.equal(result.status, 0, result.stderr);
      assert.match(
        result.stderr,
        /^warning content\/pages\/docs\/intro\.md: content\/pages\/docs\/intro\.md and content\/docs\/intro\.md both make the page \/docs\/intro; content\/docs\/intro\.md keeps it\. \[DUPLICATE_ROUTE\]$/m,
      );
      const html = outputFiles(path.join(site, 'build')).get('docs/intro/index.html')!.toString();
      assert.match(html, /Hello\./);
      assert.doesNotMatch(html, /The page/);
    } finally {
      rmSync(path.join(site, 'content/pages'), { recursive: true, force: true });
    }
  });
});

describe('deep nesting', () => {
  let site: string;
  before(() => {
    site = builtSite();
  });

  const list = (levels: number) => `# Deep\n\n${Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')}\n`;

  test('a list nested 200 levels is refused where it passes 100 levels (the 51st list)', async () => {
    const stderr = await failingBuild(site, { 'content/docs/deep.md': list(200) });
    assert.match(stderr, /^error content\/docs\/deep\.md:53:101: Blockquotes, lists or elements nest more than 100 levels deep here\. \[CONTENT_TOO_DEEP\]$/m);
  });

  test('a blockquote nested 500 levels is refused at its 101st level', async () => {
    const stderr = await failingBuild(site, { 'content/docs/deep.md': `# Deep\n\n${'>'.repeat(500)} quoted\n` }, true);
    assert.match(stderr, /^error content\/docs\/deep\.md:3:101: Blockquotes, lists or elements nest more than 100 levels deep here\. \[CONTENT_TOO_DEEP\]$/m);
  });

  test('a list nested 5000 levels is refused before it is parsed, at the same place', async () => {
    const stderr = await failingBuild(site, { 'content/docs/deep.md': list(5000) }, true);
    assert.match(stderr, /^error content\/docs\/deep\.md:53:101: .* \[CONTENT_TOO_DEEP\]$/m);
  });

  test('elements nested 150 levels in MDX are refused at the 101st', async () => {
    const stderr = await failingBuild(site, { 'content/docs/deep.mdx': `# Deep\n\n${'<div>'.repeat(150)}x${'</div>'.repeat(150)}\n` }, true);
    assert.match(stderr, /^error content\/docs\/deep\.mdx:3:501: .* \[CONTENT_TOO_DEEP\]$/m);
  });

  test('a page nested 40 levels still builds', () => {
    write(site, 'content/docs/nested.md', list(40));
    try {
      const result = build(site);
      assert.equal(result.status, 0, result.stderr);
      assert.match(outputFiles(path.join(site, 'build')).get('docs/nested/index.html')!.toString(), /item 39/);
    } finally {
      rmSync(path.join(site, 'content/docs/nested.md'));
    }
  });
});

describe('time limits', () => {
  let site: string;
  before(() => {
    site = builtSite();
  });

  const stopped = new RegExp(`docsite stopped rendering this page after ${LIMIT} s, the time limit per page\\. \\[TIME_LIMIT\\]`);

  test('an endless loop in an MDX page ends the build at the limit, naming the page', async () => {
    const stderr = await failingBuild(site, { 'content/docs/loop.mdx': '# Loop\n\n{(() => { while (true) {} })()}\n' });
    assert.match(stderr, new RegExp(`^error content/docs/loop\\.mdx: ${stopped.source}$`, 'm'));
  });

  test('an endless loop in a site component ends the build at the limit, naming the page that uses it', async () => {
    const stderr = await failingBuild(site, {
      'src/components/Spin.jsx': 'export default function Spin() { while (true) {} return null; }\n',
      'content/docs/spin.mdx': "import Spin from '@site/src/components/Spin';\n\n# Spin\n\n<Spin />\n",
    });
    assert.match(stderr, new RegExp(`^error content/docs/spin\\.mdx: ${stopped.source}$`, 'm'));
  });

  test('two partials importing each other are an error at the import that closes the cycle', async () => {
    const stderr = await failingBuild(site, {
      'content/docs/_a.mdx': "import B from './_b.mdx';\n\nA text\n\n<B />\n",
      'content/docs/_b.mdx': "import A from './_a.mdx';\n\nB text\n\n<A />\n",
      'content/docs/cycle.mdx': "import A from './_a.mdx';\n\n# Cycle\n\n<A />\n",
    });
    assert.match(stderr, /^error content\/docs\/_b\.mdx:1:15: This import closes a cycle of markdown files: _b\.mdx imports _a\.mdx imports _b\.mdx\./m);
  });

  test('an endless loop in site.config.ts ends the build at the limit, naming the config', async () => {
    const stderr = await failingBuild(site, { 'site.config.ts': "while (true) {}\nexport default { title: 'Loop' };\n" });
    assert.match(stderr, /^error site\.config\.ts: site\.config\.ts did not finish loading within 2 s, the time limit; docsite stopped\. \[TIME_LIMIT\]$/m);
  });
});

describe('time limits under serve', () => {
  const LOOP = '# Loop\n\n{(() => { while (true) {} })()}\n';
  let site: string;
  let server: Awaited<ReturnType<typeof startServe>>;
  before(async () => {
    site = mkdtempSync(path.join(os.tmpdir(), 'docsite-serve-limits-'));
    write(site, 'content/docs/intro.md', '---\ntitle: Intro\n---\n# Intro\n\nHello from the intro.\n');
    write(site, 'content/docs/loop.mdx', LOOP);
    write(site, 'src/components/Spin.jsx', 'export default function Spin() { while (true) {} return null; }\n');
    write(site, 'content/docs/spin.mdx', "import Spin from '@site/src/components/Spin';\n\n# Spin\n\n<Spin />\n");
    write(site, 'content/static/hello.txt', 'static hello\n');
    write(site, 'site.config.ts', "export default { title: 'Limits' };\n");
    server = await startServe(site, cliPath, { env: { DOCSITE_TIME_LIMIT: String(LIMIT) } });
  });
  after(() => stopProcess(server.child));

  const get = async (pathname: string) => {
    const response = await fetchWithin(`${server.base}${pathname}`, { timeoutMs: HUNG_MS });
    return { status: response.status, body: await response.text() };
  };
  /** Asks for `pathname` until it answers `status` with `text` in its body; what it answered last if it never does. */
  const answers = (pathname: string, status: number, text: string, withinMs: number) =>
    until(async () => {
      const answer = await get(pathname);
      return answer.status === status && answer.body.includes(text) ? [] : [`status ${answer.status}`];
    }, withinMs);
  const stopped = (file: string) =>
    new RegExp(`${file.replace(/[.]/g, '\\.')}: docsite stopped rendering this page after ${LIMIT} s, the time limit per page\\. \\[TIME_LIMIT\\]`);

  test('a page that never ends gets an error page at the limit, naming it, while the server answers other requests at once', async () => {
    const asked = Date.now();
    const looping = get('/docs/loop');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = Date.now();
    const file = await get('/hello.txt');
    assert.equal(file.status, 200);
    assert.equal(file.body, 'static hello\n');
    assert.ok(Date.now() - during < 1000, `a static file took ${Date.now() - during} ms while a page looped`);

    const answer = await looping;
    const took = Date.now() - asked;
    assert.equal(answer.status, 500);
    assert.match(answer.body, /<title>Failed to render \| docsite<\/title>/);
    assert.match(answer.body, /content\/docs\/loop\.mdx/);
    assert.match(answer.body, /docsite stopped rendering this page after 2 s, the time limit per page\./);
    assert.ok(took >= LIMIT * 1000 - 100, `answered after ${took} ms, before the limit`);
    assert.match(server.output(), stopped('content/docs/loop.mdx'));

    // The next page renders on a fresh thread.
    const intro = await get('/docs/intro');
    assert.equal(intro.status, 200);
    assert.match(intro.body, /Hello from the intro\./);
  });

  test('a component that never ends stops the page that uses it, named', async () => {
    const answer = await get('/docs/spin');
    assert.equal(answer.status, 500);
    assert.match(answer.body, /content\/docs\/spin\.mdx/);
    assert.match(server.output(), stopped('content/docs/spin.mdx'));
  });

  test('search leaves out the pages that never end and finds the rest', async () => {
    const response = await fetchWithin(`${server.base}/1/indexes/docs/queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'intro' }] }),
      timeoutMs: HUNG_MS,
    });
    assert.equal(response.status, 200);
    const hits = ((await response.json()) as { results: { hits: { url: string }[] }[] }).results[0]!.hits;
    assert.ok(
      hits.some((hit) => /\/docs\/intro/.test(hit.url)),
      JSON.stringify(hits),
    );
  });

  test('the page fixed shows at once, and stays fixed', async () => {
    write(site, 'content/docs/loop.mdx', '# Loop\n\nThe loop ends now.\n');
    assert.deepEqual(await answers('/docs/loop', 200, 'The loop ends now.', 20_000), []);
    const again = await get('/docs/loop');
    assert.equal(again.status, 200);
    assert.match(again.body, /The loop ends now\./);
  });

  test('a config that never ends is an error page naming it; the server lives on and recovers when it is fixed', async () => {
    write(site, 'site.config.ts', "while (true) {}\nexport default { title: 'Limits' };\n");
    assert.deepEqual(await answers('/docs/intro', 500, 'site.config.ts did not finish loading within 2 s, the time limit.', 30_000), []);
    assert.equal(server.child.exitCode, null, 'the server is still running');
    write(site, 'site.config.ts', "export default { title: 'Limits again' };\n");
    assert.deepEqual(await answers('/docs/intro', 200, 'Limits again', 30_000), []);
  });
});
