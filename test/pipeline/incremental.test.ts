/**
 * What a build keeps from earlier builds (compiled pages, rendered pages, the whole output) must never
 * show: after any sequence of edits, a build that reuses the cache writes exactly what a cold build of
 * the same files writes. And each kind of edit changes the pages that show what was edited, and no
 * other page.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { coldBuildOf } from '../support/cold-builds';
import { CLI_TIMEOUT_MS, outputFiles } from '../support/helpers';
import {
  API_PAGES,
  DOCS_SIDEBAR_PAGES,
  EDITS,
  PAGES,
  cliOf,
  copyDocsite,
  edit,
  editableSite,
  FILES,
  pageParts,
  randomOrder,
  type EditTarget,
} from '../support/site-edits';

/** Runs `docsite build` of the given docsite copy; resolves with its summary, rejects with its errors. */
function build(target: EditTarget, outDir: string, cacheDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // A build that hangs is killed, and fails its test.
    const child = spawn(process.execPath, [cliOf(target.docsite), 'build', target.site, '--out-dir', outDir], {
      env: { ...process.env, NO_COLOR: '1', DOCSITE_CACHE_DIR: cacheDir },
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`docsite build exited with ${code ?? 'SIGKILL, past its time'}:\n${stdout}${stderr}`)),
    );
  });
}

type Output = Map<string, Buffer>;

/** Files added, removed or with other bytes. */
function differing(a: Output, b: Output, filter: (file: string) => boolean = () => true): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((file) => filter(file) && !a.get(file)?.equals(b.get(file) ?? Buffer.alloc(0))).sort();
}

// docsite's own files (_docsite/: the service worker's offline page) are no route's page.
const isHtml = (file: string) => file.endsWith('.html') && !file.startsWith('_docsite/');

const removeAll = (dirs: string[]) => dirs.filter(Boolean).forEach((dir) => rmSync(dir, { recursive: true, force: true }));

test('after a random sequence of edits of every kind, a build from the cache equals a cold build byte for byte', async (t) => {
  // Without the draft page, as in the serve test: the two replay the same edits of the same files
  // and share their cold builds.
  const site = editableSite({ drafts: false });
  const target: EditTarget = { site, docsite: copyDocsite(site) };
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'docsite-incremental-'));
  t.after(() => removeAll([scratch, target.site, target.docsite]));
  const kept = path.join(scratch, 'kept');
  const keptCache = path.join(scratch, 'kept-cache');
  await build(target, kept, keptCache);

  const { seed, order } = randomOrder(EDITS, 1);
  t.diagnostic(`seed ${seed} (INCREMENTAL_SEED=${seed} repeats it): ${order.map((e) => e.name).join(', ')}`);

  let reusedRenders = 0;
  let shared = 0;
  for (const [n, kind] of order.entries()) {
    kind.apply(target, n + 1);
    // The cold build has a cache of its own, empty; the two run side by side. Another test file may
    // have made the cold build of these very files already.
    const [summary, cold] = await Promise.all([build(target, kept, keptCache), coldBuildOf(target, (outDir, cacheDir) => build(target, outDir, cacheDir))]);
    reusedRenders += Number(/pages: \d+ rendered, (\d+) from cache/.exec(summary)?.[1] ?? 0);
    shared += cold.reused ? 1 : 0;
    assert.deepEqual(differing(outputFiles(kept), outputFiles(cold.dir)), [], `after ${kind.name} (edit ${n + 1}): files that differ from a cold build`);
  }
  t.diagnostic(`${shared} of ${order.length} cold builds made by another test file`);
  assert.ok(reusedRenders > 0, 'the builds reused rendered pages, so the comparison tested the cache');
});

describe('what one edit changes in the output of a warm build', () => {
  const target: EditTarget = { site: '', docsite: '' };
  let scratch = '';
  let outDir: string;
  let cacheDir: string;
  let previous: Output;
  let n = 0;
  const kind = (name: string) => EDITS.find((each) => each.name === name)!;

  before(async () => {
    target.site = editableSite();
    target.docsite = copyDocsite(target.site);
    scratch = mkdtempSync(path.join(os.tmpdir(), 'docsite-edit-effects-'));
    outDir = path.join(scratch, 'build');
    cacheDir = path.join(scratch, 'cache');
    await build(target, outDir, cacheDir);
    previous = outputFiles(outDir);
  });
  after(() => removeAll([scratch, target.site, target.docsite]));

  /** Applies one edit, builds into the same folder with the same cache, and returns the outputs before and after. */
  async function afterEdit(apply: (target: EditTarget, n: number) => unknown) {
    n += 1;
    apply(target, n);
    const before = previous;
    const summary = await build(target, outDir, cacheDir);
    const after = outputFiles(outDir);
    previous = after;
    const html = (output: Output, file: string) => {
      const bytes = output.get(file);
      assert.ok(bytes, `${file} is in the output`);
      return bytes.toString('utf8');
    };
    const pagesIn = (output: Output) => [...output.keys()].filter(isHtml);
    return {
      n,
      summary,
      before,
      after,
      html: (file: string) => html(after, file),
      changedHtml: differing(before, after, isHtml),
      /** Pages, in both outputs, whose rendered part (head tags and app root, asset URLs aside) differs. */
      changedPages: pagesIn(after)
        .filter((file) => before.has(file) && JSON.stringify(pageParts(html(before, file))) !== JSON.stringify(pageParts(html(after, file))))
        .sort(),
      allPages: pagesIn(after).sort(),
    };
  }

  /** Asset files a page's HTML names (stylesheets, scripts, images). */
  const assetsOf = (html: string) => [...new Set([...html.matchAll(/\/(assets\/[\w.-]+)/g)].map((match) => match[1]!))];
  const others = (all: string[], changed: string[]) => all.filter((file) => !changed.includes(file));

  test('a page body: that page and the chunk carrying its text change; every other page and the files it loads stay byte for byte the same', async () => {
    const result = await afterEdit(kind('a page body').apply);
    const sentence = `A sentence written by edit ${result.n}.`;
    assert.deepEqual(result.changedHtml, [PAGES.setup]);
    assert.match(result.summary, /pages: 1 rendered, \d+ from cache/, 'the build renders that page alone');
    assert.ok(result.html(PAGES.setup).includes(sentence), 'the page shows the new sentence');
    const carriers = assetsOf(result.html(PAGES.setup)).filter((file) => result.after.get(file)?.includes(sentence));
    assert.ok(carriers.length > 0, 'a script the page loads carries the new text, for client navigation');
    for (const file of carriers) assert.ok(!result.before.has(file), `${file} is a new file name: a browser cannot hold an old copy under it`);
    for (const page of others(result.allPages, [PAGES.setup])) {
      for (const file of assetsOf(result.html(page)))
        assert.ok(result.before.get(file)?.equals(result.after.get(file)!), `${file}, loaded by ${page}, is the same file as before`);
    }
  });

  test('a partial imported by two pages: both pages change, no other', async () => {
    const result = await afterEdit(kind('a partial imported by two pages').apply);
    assert.deepEqual(result.changedHtml, [PAGES.reuseOne, PAGES.reuseTwo]);
    for (const page of result.changedHtml) assert.match(result.html(page), new RegExp(`A shared paragraph, version ${result.n}\\.`), page);
  });

  test('a component under content/: the page that imports it changes, no other', async () => {
    const result = await afterEdit(kind('a component under content/').apply);
    assert.deepEqual(result.changedHtml, [PAGES.reuseOne]);
    assert.match(result.html(PAGES.reuseOne), new RegExp(`Badge ${result.n}: `));
  });

  test('an image: the page that shows it points at the new image, under a new name; no other page changes', async () => {
    const result = await afterEdit(kind('an image a page shows').apply);
    assert.deepEqual(result.changedHtml, [PAGES.reuseTwo]);
    const src = (html: string) => /<img [^>]*src="\/([^"]+)"/.exec(html)?.[1];
    const now = src(result.html(PAGES.reuseTwo));
    assert.ok(now && now !== src(result.before.get(PAGES.reuseTwo)!.toString('utf8')), 'the image URL changed');
    assert.deepEqual(result.after.get(now), readFileSync(path.join(target.site, FILES.image)), 'the URL serves the edited image');
  });

  test("a title: every page whose sidebar or pagination shows it changes, and its own title; pages without the docs sidebar don't", async () => {
    const result = await afterEdit(kind('a title').apply);
    const title = `Introduction, take ${result.n}`;
    assert.deepEqual(result.changedHtml, [...DOCS_SIDEBAR_PAGES].sort());
    for (const page of DOCS_SIDEBAR_PAGES) assert.match(pageParts(result.html(page)).body, new RegExp(`>${title}<`), `${page} shows the new title`);
    assert.match(pageParts(result.html(PAGES.intro)).head, new RegExp(`<title>${title} \\| Fixture</title>`));
    assert.match(pageParts(result.html(PAGES.setup)).body, new RegExp(`rel="prev"[^]*?>${title}<`), 'the next page links back to it by its new title');
  });

  test('a sidebar label: the pages whose sidebar, breadcrumbs or pagination show it change; the rest render the same', async () => {
    const label = `Deep dive, label ${n + 1}`;
    const result = await afterEdit(({ site }) => edit(site, FILES.deepDive, (text) => text.replace(/^sidebar_label: .*$/m, `sidebar_label: ${label}`)));
    // Its own page (sidebar and breadcrumbs), the page before it (next link) and the page after it (previous link).
    assert.deepEqual(result.changedPages, [PAGES.deepDive, PAGES.setup, PAGES.reuseOne].sort());
    for (const page of result.changedPages) assert.ok(pageParts(result.html(page)).body.includes(`>${label}<`), `${page} shows the new label`);
    assert.match(
      pageParts(result.html(PAGES.deepDive)).body,
      new RegExp(`breadcrumbs[^]*?>${label}</span></li></ol>`),
      'the breadcrumbs end with the new label',
    );
    // Outside the docs sidebar not even an asset URL changes.
    assert.deepEqual(
      result.changedHtml.filter((file) => !DOCS_SIDEBAR_PAGES.includes(file)),
      [],
    );
  });

  test('a sidebar position: the docs pages change, in the new order, and the home page links the new first page; other pages do not change', async () => {
    const result = await afterEdit(kind('a sidebar label and position').apply);
    // An odd edit number moves the intro from position 1 to 9, after the Guides category (position 2),
    // so the setup guide becomes the first doc, the one the default home page links to.
    assert.equal(result.n % 2, 1);
    assert.deepEqual(result.changedPages, [...DOCS_SIDEBAR_PAGES, PAGES.home].sort());
    assert.deepEqual(
      result.changedHtml.filter((file) => !DOCS_SIDEBAR_PAGES.includes(file)),
      [PAGES.home],
    );
    assert.match(pageParts(result.html(PAGES.home)).body, /href="\/docs\/guides\/setup"/);
    const sidebar = pageParts(result.html(PAGES.spare)).body;
    const [moved, guides] = [sidebar.indexOf(`>Start ${result.n}<`), sidebar.indexOf('>Guides<')];
    assert.ok(guides >= 0 && moved >= 0, 'the sidebar shows both');
    assert.ok(moved > guides, 'the page comes after Guides');
  });

  for (const [name, marker] of [
    ['a stylesheet of the site', '--edit'],
    ['the theme stylesheet', '--theme-edit'],
  ] as const) {
    test(`${name}: every page links the new stylesheet, under a new name`, async () => {
      const result = await afterEdit(kind(name).apply);
      assert.deepEqual(result.changedHtml, result.allPages);
      for (const page of result.allPages) {
        const sheets = [...result.html(page).matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((match) => match[1]!);
        assert.ok(
          sheets.some((file) => new RegExp(`${marker}:\\s*${result.n}\\b`).test(result.after.get(file)?.toString('utf8') ?? '')),
          `${page} links a stylesheet with the edit`,
        );
        for (const file of sheets)
          assert.ok(
            !result.before.has(file) || result.before.get(file)!.equals(result.after.get(file)!),
            `${file} kept its name only if its bytes are the same`,
          );
      }
    });
  }

  test('a theme component: every page renders it anew', async () => {
    const result = await afterEdit(kind('a theme component').apply);
    assert.deepEqual(result.changedPages, result.allPages);
    for (const page of result.allPages) assert.match(pageParts(result.html(page)).body, new RegExp(`<footer class="footer" data-edit="${result.n}">`), page);
  });

  test('the config: every page renders anew', async () => {
    const result = await afterEdit(kind('the config').apply);
    assert.deepEqual(result.changedPages, result.allPages);
    for (const page of result.allPages) assert.match(pageParts(result.html(page)).body, new RegExp(`Fixture footer ${result.n}<`), page);
  });

  test("an installed package's declarations: the API pages change, no other page", async () => {
    const result = await afterEdit(kind("an installed package's declarations").apply);
    assert.ok(result.changedHtml.includes(PAGES.apiModule), 'the module page changed');
    assert.deepEqual(
      result.changedHtml.filter((file) => !API_PAGES.includes(file)),
      [],
    );
    assert.match(pageParts(result.html(PAGES.apiModule)).body, new RegExp(`Greets someone, version ${result.n}\\.`));
  });

  test('a new page, then its deletion: the page appears in every docs sidebar and no other page renders differently; after the deletion the output is the one before, byte for byte', async () => {
    const before = previous;
    const added = await afterEdit(kind('a new page').apply);
    const page = `docs/added-${added.n}/index.html`;
    assert.match(added.html(page), new RegExp(`<h1[^>]*>Added ${added.n}</h1>`));
    assert.deepEqual(added.changedPages, [...DOCS_SIDEBAR_PAGES].sort());
    for (const each of DOCS_SIDEBAR_PAGES) assert.ok(pageParts(added.html(each)).body.includes(`>Added ${added.n}<`), `${each} lists the new page`);

    const removed = await afterEdit(kind('a deleted page').apply);
    assert.ok(!removed.after.has(page), 'the deleted page is gone');
    assert.deepEqual(differing(before, removed.after), []);
  });

  test('the body of a page that another page imports: both pages change, no other', async () => {
    const result = await afterEdit(kind('the body of a page another page imports').apply);
    assert.deepEqual(result.changedHtml, [PAGES.deepDive, PAGES.reuseTwo].sort());
    for (const page of result.changedHtml)
      assert.ok(result.html(page).includes(`A deep sentence written by edit ${result.n}.`), `${page} shows the new sentence`);
  });

  test('a declaration file that the entry point re-exports: the API pages change', async () => {
    const result = await afterEdit(({ site }, n) => edit(site, FILES.reexported, (text) => text.replace(/version \d+/, `version ${n}`)));
    assert.match(pageParts(result.html(PAGES.apiModule)).body, new RegExp(`Says goodbye, version ${result.n}\\.`));
  });
});
