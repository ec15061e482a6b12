/**
 * `docsite serve` after edits shows what `docsite build` of the same files writes: after each edit
 * of a random sequence, every route the dev server answers renders the same page as a cold build
 * (asset URLs aside: the dev server loads unminified chunks under other names and adds its
 * live-reload script), the same sidebars and images, and stylesheets holding the edited rules.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { coldBuildOf } from '../support/cold-builds';
import { CLI_TIMEOUT_MS, fetchWithin, openEvents, startServe, stopProcess, until } from '../support/helpers';
import { EDITS, FILES, PAGES, THEME, cliOf, copyDocsite, editableSite, pageParts, randomOrder, type EditTarget } from '../support/site-edits';
import { sourceOfSibling } from '../../src/pipeline/emit/precompress';

/** A cold build of the target's files (its own empty cache): this file's, or another test file's of the same files. */
async function coldBuild(target: EditTarget): Promise<string> {
  const made = await coldBuildOf(
    target,
    (outDir, cacheDir) =>
      new Promise<void>((resolve, reject) => {
        // A build that hangs is killed, and fails its test.
        const child = spawn(process.execPath, [cliOf(target.docsite), 'build', target.site, '--out-dir', outDir], {
          env: { ...process.env, NO_COLOR: '1', DOCSITE_CACHE_DIR: cacheDir },
          timeout: CLI_TIMEOUT_MS,
          killSignal: 'SIGKILL',
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('error', reject);
        child.once('close', (code) =>
          code === 0 ? resolve() : reject(new Error(`docsite build exited with ${code ?? 'SIGKILL, past its time'}:\n${output}`)),
        );
      }),
  );
  return made.dir;
}

/** The URL path a built HTML file answers. */
const routeOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\/$/, '')}`;

/** The first lines where two texts part, for a readable failure. */
function firstDifference(expected: string, actual: string): string {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  return `build: …${expected.slice(Math.max(0, at - 60), at + 120)}…\n    serve: …${actual.slice(Math.max(0, at - 60), at + 120)}…`;
}

/** Custom property declarations the edits write (`--edit: 3`), read from the current sources. */
function expectedCssRules(target: EditTarget): RegExp[] {
  const sources = [readFileSync(path.join(target.site, FILES.css), 'utf8'), readFileSync(path.join(target.docsite, THEME.css), 'utf8')];
  return sources.flatMap((css) => [...css.matchAll(/(--(?:theme-)?edit):\s*(\d+)/g)].map((match) => new RegExp(`${match[1]}:\\s*${match[2]};`)));
}

/**
 * Everything in which the dev server differs from the cold build in `outDir`: each page's rendered
 * part and head tags, pages the build lacks (answered 404), sidebars, images, and the stylesheet.
 */
async function differences(base: string, outDir: string, target: EditTarget, everSeen: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  let built = readdirSync(outDir, { recursive: true })
    .map((file) => String(file).split(path.sep).join('/'))
    .filter((file) => statSync(path.join(outDir, file)).isFile())
    .sort();
  // The build's .br/.gz copies are its files' bytes compressed, for hosts that send them; no URL of their own.
  const copies = new Set(built.filter((file) => sourceOfSibling(file) !== undefined && built.includes(sourceOfSibling(file)!.source)));
  built = built.filter((file) => !copies.has(file));
  // docsite's own files (_docsite/: the service worker's offline page) are no route's page; the dev server has no worker.
  const pages = built.filter((file) => file.endsWith('.html') && !file.startsWith('_docsite/'));
  for (const file of pages) {
    // The status pages are sent for what they describe: an unknown path (404), a path whose
    // percent-encoding is broken (400).
    const notFound = file === PAGES.notFound;
    const badPath = file === '400.html';
    const route = notFound ? '/no/such/page' : badPath ? '/%E0%A4%A' : routeOf(file);
    if (!notFound && !badPath) everSeen.add(route);
    const response = await fetchWithin(`${base}${route}`);
    const served = await response.text();
    if (response.status !== (notFound ? 404 : badPath ? 400 : 200)) {
      problems.push(`${route}: status ${response.status}`);
      continue;
    }
    const expected = pageParts(readFileSync(path.join(outDir, file), 'utf8'));
    let actual: ReturnType<typeof pageParts>;
    try {
      actual = pageParts(served);
    } catch (error) {
      problems.push(`${route}: ${(error as Error).message}`);
      continue;
    }
    if (actual.head !== expected.head) problems.push(`${route}: head tags differ\n    ${firstDifference(expected.head, actual.head)}`);
    if (actual.body !== expected.body) problems.push(`${route}: rendered page differs\n    ${firstDifference(expected.body, actual.body)}`);
  }
  // A route that a build no longer has (a deleted page) is gone from the dev server too.
  const current = new Set(pages.map(routeOf));
  for (const route of everSeen) {
    if (current.has(route)) continue;
    const status = (await fetchWithin(`${base}${route}`)).status;
    if (status !== 404) problems.push(`${route}: the build has no such page, the dev server answers ${status}`);
  }
  // Sidebars the client loads on demand, and images, are the same files under the same URLs.
  for (const file of built.filter((each) => each.startsWith('_docsite/sidebars/') || (each.startsWith('assets/') && !/\.(js|css|map)$/.test(each)))) {
    const response = await fetchWithin(`${base}/${file}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !bytes.equals(readFileSync(path.join(outDir, file))))
      problems.push(`/${file}: status ${response.status}, ${response.status === 200 ? 'other bytes' : ''}`);
  }
  // The dev server's stylesheet is its own build, unminified: it must hold the edited rules.
  const home = await (await fetchWithin(`${base}/`)).text();
  const sheets = [...home.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!);
  const css = (await Promise.all(sheets.map(async (href) => (await fetchWithin(`${base}${href}`)).text()))).join('\n');
  for (const rule of expectedCssRules(target)) if (!rule.test(css)) problems.push(`the dev server's stylesheet lacks ${rule.source}`);
  return problems;
}

describe('docsite serve after edits of every kind shows what a cold build writes', () => {
  const target: EditTarget = { site: '', docsite: '' };
  let child: ChildProcess | undefined;
  let base: string;
  let live: Awaited<ReturnType<typeof openEvents>>;
  const everSeen = new Set<string>();
  // The comparison before any edit is number 0, so the edits are numbered as in the build test's
  // sequence, and the two share their cold builds.
  let n = -1;

  before(async () => {
    // The dev server shows drafts and a build leaves them out: the fixture's draft page goes.
    target.site = editableSite({ drafts: false });
    target.docsite = copyDocsite(target.site);
    ({ base, child } = await startServe(target.site, cliOf(target.docsite)));
    live = await openEvents(base);
  });
  after(async () => {
    await live?.close();
    await stopProcess(child);
    for (const dir of [target.site, target.docsite]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Applies an edit, then waits until the dev server matches a cold build of the files (the build runs meanwhile). */
  async function editAndCompare(apply: (target: EditTarget, n: number) => boolean | void, label: string, timeoutMs: number) {
    n += 1;
    const seen = live.events.length;
    const changed = apply(target, n) !== false;
    const outDir = await coldBuild(target);
    const reloaded = () => (live.events.slice(seen).some((event) => event.event === 'reload') ? [] : ['no reload event yet']);
    // The dev server says reload once its update is done: the comparison starts then, rather than
    // asking for every page again and again while the server is still at work.
    if (changed) await until(async () => reloaded(), timeoutMs);
    const problems = await until(() => differences(base, outDir, target, everSeen), timeoutMs);
    assert.deepEqual(problems, [], `after ${label} (edit ${n}): what the dev server shows differs from a cold build`);
    const since = live.events.slice(seen);
    assert.deepEqual(
      since.filter((event) => event.event === 'error-report'),
      [],
      `after ${label}: no error reported`,
    );
    if (changed) {
      // The browser is told to reload; the event may trail the new pages by a moment.
      assert.deepEqual(await until(async () => reloaded(), 10_000), [], `after ${label}: the open page was told to reload`);
    }
  }

  test('before any edit, every route matches a cold build', async () => {
    await editAndCompare(() => false, 'no edit', 30_000);
    assert.ok(everSeen.has('/docs/reuse-one') && everSeen.has('/docs/api/modules/fixture_tiny'), 'the comparison covered the grown site');
    assert.equal(live.events[0]?.event, 'hello');
  });

  test('after each edit of a random sequence, every route matches a cold build of the same files', async (t) => {
    const { seed, order } = randomOrder(EDITS, 1);
    t.diagnostic(`seed ${seed} (INCREMENTAL_SEED=${seed} repeats it): ${order.map((e) => e.name).join(', ')}`);
    for (const kind of order) await editAndCompare(kind.apply, kind.name, 30_000);
    assert.ok(
      [...everSeen].some((route) => /^\/docs\/added-\d+$/.test(route)),
      'a page was added during the sequence',
    );
  });

  test("an installed package's declarations: the API pages show the edit", async () => {
    const kind = EDITS.find((each) => each.name === "an installed package's declarations")!;
    assert.ok(existsSync(path.join(target.site, FILES.declarations)));
    await editAndCompare(kind.apply, kind.name, 10_000);
  });
});
