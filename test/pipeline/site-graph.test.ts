/**
 * The site graph in-process, as the dev server drives it: after each kind of edit, `update(changed)`
 * redoes the work the edit reaches and no more. What a page's HTML is made from is its render key,
 * so the pages whose key changed are the pages a server or a build must render again.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createWorkerPool, type WorkerPool } from '../../src/infra/pool';
import { readBody } from '../../src/infra/body';
import { createSiteGraph, type SiteGraph, type SiteState } from '../../src/pipeline/graph';
import { copyFixture, repoRoot } from '../support/helpers';

describe('the site graph after each kind of edit', () => {
  let site: string;
  let pool: WorkerPool;
  let graph: SiteGraph;
  let state: SiteState;

  const keys = (s: SiteState) => new Map([...s.pages].map(([route, page]) => [route, page.renderKey]));
  const changedPages = (before: SiteState, after: SiteState) => {
    const a = keys(before);
    return [...keys(after)]
      .filter(([route, key]) => a.get(route) !== key)
      .map(([route]) => route)
      .sort();
  };
  const edit = async (file: string, change: (text: string) => string) => {
    const full = path.join(site, file);
    writeFileSync(full, change(readFileSync(full, 'utf8')));
    const previous = state;
    state = await graph.update([full]);
    return { previous, state };
  };

  before(async () => {
    site = copyFixture('basic-site');
    writeFileSync(
      path.join(site, 'site.config.ts'),
      readFileSync(path.join(site, 'site.config.ts'), 'utf8').replace("baseUrl: '/',", "baseUrl: '/',\n  customCss: ['content/custom.css'],"),
    );
    writeFileSync(path.join(site, 'content', 'custom.css'), ':root { --edit: 0; }\n');
    // The tagline comes from a module of the site's own that the config imports.
    writeFileSync(path.join(site, 'tagline.ts'), "export const tagline = 'First tagline';\n");
    const config = readFileSync(path.join(site, 'site.config.ts'), 'utf8');
    writeFileSync(path.join(site, 'site.config.ts'), `import { tagline } from './tagline';\n${config.replace(/^\s*tagline: .*$/m, '  tagline,')}`);
    pool = createWorkerPool({ threads: 1 });
    graph = createSiteGraph({ siteDir: site, mode: 'serve', pool });
    state = await graph.update();
  });
  after(async () => {
    await graph.dispose();
    await pool.destroy();
  });

  test('the first update bundles every page and the shared bundle', () => {
    assert.equal(state.bundled.built, state.pages.size);
    assert.equal(state.bundled.shared, true);
    assert.ok(state.pages.size >= 6);
  });

  test('nothing changed: nothing is bundled and every page keeps its render key', async () => {
    const previous = state;
    state = await graph.update([]);
    assert.equal(state.bundled.built, 0);
    assert.equal(state.bundled.shared, false);
    assert.deepEqual(changedPages(previous, state), []);
  });

  test('a page body edit rebundles that page alone and changes its HTML alone', async () => {
    const { previous } = await edit('content/docs/01-guides/01-setup.md', (text) => `${text}\nA sentence from the test.\n`);
    assert.equal(state.bundled.built, 1);
    assert.equal(state.bundled.shared, false);
    assert.deepEqual(changedPages(previous, state), ['/docs/guides/setup']);
  });

  test('a title edit reaches every page whose sidebar, breadcrumbs or pagination shows it', async () => {
    const { previous } = await edit('content/docs/intro.md', (text) => text.replace(/^title: .*$/m, 'title: A new title'));
    const changed = changedPages(previous, state);
    assert.ok(changed.includes('/docs/intro'));
    // Every doc in the sidebar shows the intro's label; pages outside the docs (home, about, 404) do not.
    assert.ok(changed.includes('/docs/guides/setup'), changed.join(', '));
    assert.ok(!changed.includes('/about'), changed.join(', '));
    assert.equal(state.bundled.shared, false);
  });

  test('a stylesheet edit rebuilds the shared bundle and changes every page, without rebundling pages', async () => {
    const { previous } = await edit('content/custom.css', () => ':root { --edit: 1; }\n');
    assert.equal(state.bundled.shared, true);
    assert.equal(state.bundled.built, 0);
    assert.equal(changedPages(previous, state).length, state.pages.size);
  });

  test('an edit of a module the config imports is watched and reloads the config', async () => {
    const helper = path.join(site, 'tagline.ts');
    assert.equal(state.table.site.tagline, 'First tagline');
    assert.ok(graph.watchedPaths().includes(helper), graph.watchedPaths().join(', '));
    const previous = state;
    writeFileSync(helper, "export const tagline = 'Second tagline';\n");
    state = await graph.update([helper]);
    assert.equal(state.table.site.tagline, 'Second tagline');
    assert.ok(changedPages(previous, state).length > 0);
  });

  test('a body edit after a front matter edit in one update shows both', async () => {
    // Two files at once: one only in its body, one in its front matter; the sidebar follows the second.
    const setup = path.join(site, 'content', 'docs', '01-guides', '01-setup.md');
    const intro = path.join(site, 'content', 'docs', 'intro.md');
    writeFileSync(setup, `${readFileSync(setup, 'utf8')}\nAnother sentence.\n`);
    writeFileSync(intro, readFileSync(intro, 'utf8').replace(/^title: .*$/m, 'title: Retitled once more'));
    const previous = state;
    state = await graph.update([setup, intro]);
    const sidebar = [...state.files].find(([name]) => name.startsWith('_docsite/sidebars/'))?.[1];
    assert.match(String(sidebar), /Retitled once more/);
    assert.ok(changedPages(previous, state).includes('/docs/guides/setup'));
  });

  test('a new page is bundled alone; deleting it removes its route', async () => {
    const file = path.join(site, 'content', 'docs', 'added.md');
    writeFileSync(file, '# Added\n\nA page the test adds.\n');
    state = await graph.update([file]);
    assert.ok(state.pages.has('/docs/added'));
    assert.equal(state.bundled.built >= 1 && state.bundled.built < state.pages.size, true, `bundled ${state.bundled.built} of ${state.pages.size}`);
    const { rmSync } = await import('node:fs');
    rmSync(file);
    state = await graph.update([file]);
    assert.ok(!state.pages.has('/docs/added'));
  });

  test('invalidate says which stages a change reaches: a page, the theme, the config and a module it imports', async () => {
    const page = graph.invalidate([path.join(site, 'content', 'docs', 'intro.md')]);
    assert.ok(page.includes('scan') && page.includes('compile'), page.join(', '));
    assert.ok(!page.includes('config') && !page.includes('bundle shared'), page.join(', '));
    // The theme's stylesheet is read by the shared bundle alone; the site's own (customCss) is named by its config.
    assert.deepEqual(graph.invalidate([path.join(repoRoot, 'theme', 'styles.css')]), ['bundle shared']);
    assert.deepEqual(graph.invalidate([path.join(site, 'content', 'custom.css')]), ['config']);
    assert.deepEqual(graph.invalidate([path.join(site, 'site.config.ts')]), ['config']);
    assert.deepEqual(graph.invalidate([path.join(site, 'tagline.ts')]), ['config']);
    // What was invalidated is checked by the next update: nothing changed on disk, so no page changes.
    const previous = state;
    state = await graph.update([]);
    assert.deepEqual(changedPages(previous, state), []);
  });
});

describe("the dev server's page chunks across starts", () => {
  let site: string;
  let pool: WorkerPool;
  const start = async () => {
    const graph = createSiteGraph({ siteDir: site, mode: 'serve', pool });
    try {
      return await graph.update();
    } finally {
      await graph.dispose();
    }
  };
  const shows = async (state: SiteState, text: string) =>
    (await Promise.all([...state.files.values()].map((body) => readBody(body)))).some((body) => typeof body === 'string' && body.includes(text));

  before(() => {
    site = copyFixture('basic-site');
    writeFileSync(path.join(site, 'content', 'docs', '_partial.md'), 'Partial text one.\n');
    writeFileSync(path.join(site, 'content', 'docs', 'with-partial.mdx'), "# With a partial\n\nimport Partial from './_partial.md';\n\n<Partial />\n");
    pool = createWorkerPool({ threads: 1 });
  });
  after(async () => {
    await pool.destroy();
  });

  test('a second start bundles no page again, and a partial changed between starts rebundles the page that inlines it', async () => {
    const first = await start();
    assert.equal(first.bundled.built, first.pages.size);
    assert.ok(await shows(first, 'Partial text one.'));
    const second = await start();
    assert.equal(second.bundled.built, 0);
    writeFileSync(path.join(site, 'content', 'docs', '_partial.md'), 'Partial text two.\n');
    const third = await start();
    assert.equal(third.bundled.built, 1);
    assert.ok(await shows(third, 'Partial text two.'));
    assert.ok(!(await shows(third, 'Partial text one.')));
  });
});
