/**
 * The stages in-process on a site held in memory: the scan, the compile stage with the real worker
 * pool, the route table, and the link checks over pages the site graph bundled and rendered. The
 * site folder is an empty folder that stays empty; content never touches the disk.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { checkLinks } from '../../src/pipeline/checks/checks';
import { compileSources, compilerOptions } from '../../src/pipeline/compile/compile';
import { createWorkerPool, type WorkerPool } from '../../src/infra/pool';
import { prerender } from '../../src/pipeline/render/prerender';
import { createRouteTable } from '../../src/pipeline/routes/routes';
import { loadSiteModel } from '../../src/pipeline/scan/site-model';
import { mdxSources } from '../../src/pipeline/compile/sources';
import type { ResolvedConfig } from '../../src/config/load';
import type { SiteConfig } from '../../src/config/schema';
import { createMemoryFiles, type MemoryFiles } from '../../src/content/memory-files';
import { createSiteGraph } from '../../src/pipeline/graph';
import { located, memoryConfig, memoryStore } from '../support/memory-site';

const content = {
  'content/docs/intro.md': '---\ntitle: Welcome\n---\n\n# Introduction\n\nRead [the setup](./guides/setup.mdx#install-it) first.\n',
  'content/docs/guides/setup.mdx': '# Setting up\n\n## Install it\n\nRun the installer.\n\n## Configure\n\nSee [usage](usage.md).\n',
  'content/docs/guides/usage.md': '---\nsidebar_label: How to use\n---\n\n# Usage\n\nBack to [the start](../intro.md).\n',
  'content/pages/about.md': '# About\n\nWe write [docs](/docs/intro).\n',
};

describe('stages on a site in memory', () => {
  let siteDir: string;
  let pool: WorkerPool;
  const configOf = (site: Partial<SiteConfig> = {}) => memoryConfig(siteDir, site);
  const scan = (config: ResolvedConfig, files: MemoryFiles) =>
    loadSiteModel(config, { includeDrafts: false, fingerprint: 'test', store: memoryStore(), files });
  const compile = (config: ResolvedConfig, model: Awaited<ReturnType<typeof scan>>, store = memoryStore()) =>
    compileSources({ sources: mdxSources(model), pool, cacheDir: config.cacheDir, store, compilerOptions: compilerOptions(config), fingerprint: 'test' });

  before(() => {
    siteDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-memory-site-'));
    pool = createWorkerPool({ threads: 1 });
  });
  after(async () => {
    await pool.destroy();
    // Nothing was written to the site folder: everything read came from memory.
    assert.deepEqual(readdirSync(siteDir), []);
  });

  test('the compile stage compiles the text the scan read from memory, and takes it from the store the second time', async () => {
    const config = configOf();
    const files = createMemoryFiles(siteDir, content);
    const model = await scan(config, files);
    const store = memoryStore();
    const first = await compile(config, model, store);
    assert.deepEqual([first.compiled, first.cached, first.errors.length], [4, 0, 0]);
    assert.deepEqual([...first.results.keys()].sort(), [
      'content/docs/guides/setup.mdx',
      'content/docs/guides/usage.md',
      'content/docs/intro.md',
      'content/pages/about.md',
    ]);
    const setup = first.results.get('content/docs/guides/setup.mdx')!;
    assert.equal(setup.title, 'Setting up');
    assert.deepEqual(
      setup.toc.map((item) => [item.id, item.level]),
      [
        ['install-it', 2],
        ['configure', 2],
      ],
    );
    assert.match(setup.code, /Run the installer\./);

    const second = await compile(config, await scan(config, files), store);
    assert.deepEqual([second.compiled, second.cached], [0, 4]);
    assert.deepEqual(store.kinds(), ['mdx']);
  });

  test('a page that does not compile is an error at its file, line and column; the others compile', async () => {
    const config = configOf();
    const files = createMemoryFiles(siteDir, { ...content, 'content/docs/broken.mdx': '# Broken\n\nSome text and {1 +} here.\n' });
    const result = await compile(config, await scan(config, files));
    assert.equal(result.compiled, 5);
    assert.equal(result.results.size, 4);
    // The expression `{1 +}` is cut short where it closes.
    assert.deepEqual(result.errors.map(located), ['MDX_COMPILE content/docs/broken.mdx:3:19']);
    assert.match(result.errors[0]!.message, /Could not parse expression/);
  });

  test('the route table gives every page its route, titles, sidebar and neighbours', async () => {
    const config = configOf();
    const model = await scan(config, createMemoryFiles(siteDir, content));
    const table = createRouteTable(config, model, (await compile(config, model)).results);
    assert.deepEqual(table.errors, []);
    assert.deepEqual(
      table.routes.map((entry) => [entry.route, entry.page.kind, entry.page.title, entry.page.headTitle]),
      [
        ['/', 'page', 'Memory Site', 'Memory Site'],
        ['/400.html', 'notFound', 'Pathname could not be decoded', 'Pathname could not be decoded | Memory Site'],
        ['/404.html', 'notFound', 'Page Not Found', 'Page Not Found | Memory Site'],
        ['/about', 'page', 'About', 'About | Memory Site'],
        ['/docs/guides/setup', 'doc', 'Setting up', 'Setting up | Memory Site'],
        ['/docs/guides/usage', 'doc', 'Usage', 'Usage | Memory Site'],
        ['/docs/intro', 'doc', 'Welcome', 'Welcome | Memory Site'],
        ['/search', 'page', 'Search the documentation', 'Search the documentation | Memory Site'],
      ],
    );
    const page = (route: string) => table.routes.find((entry) => entry.route === route)!.page;
    const usage = page('/docs/guides/usage');
    assert.equal(usage.sidebar!.id, 'docs');
    assert.deepEqual(usage.prev, { label: 'Setting up', href: '/docs/guides/setup' });
    assert.deepEqual(usage.next, { label: 'Welcome', href: '/docs/intro' });
    // The first page has no previous one; its next is labelled as the sidebar labels it.
    assert.deepEqual([page('/docs/guides/setup').prev, page('/docs/guides/setup').next], [undefined, { label: 'How to use', href: '/docs/guides/usage' }]);
    assert.equal(page('/docs/intro').next, undefined);
    // A category without a page of its own is a crumb without a link.
    assert.deepEqual(usage.breadcrumbs, [
      { label: 'guides', href: '' },
      { label: 'How to use', href: '/docs/guides/usage' },
    ]);
    const sidebar = JSON.parse(table.sidebarFiles.find((file) => file.name === 'docs')!.json) as {
      items: { label: string; items?: { label: string; href: string }[] }[];
    };
    assert.deepEqual(
      sidebar.items.map((item) => [item.label, item.items?.map((child) => `${child.label} ${child.href}`)]),
      [
        ['guides', ['Setting up /docs/guides/setup', 'How to use /docs/guides/usage']],
        ['Welcome', undefined],
      ],
    );
    // Markdown links to files became the routes of those files.
    const intro = table.routes.find((entry) => entry.route === '/docs/intro')!;
    assert.equal(intro.module.type, 'mdx');
    assert.match((intro.module as { code: string }).code, /"\/docs\/guides\/setup#install-it"/);
    assert.deepEqual(table.routes.find((entry) => entry.route === '/docs/guides/setup')!.contentLinks.get('/docs/guides/usage'), {
      url: '/docs/guides/usage',
      line: 9,
      column: 5,
    });
  });

  test('a markdown link to no doc or page is an error at its line and column when the config says so', async () => {
    const files = createMemoryFiles(siteDir, {
      ...content,
      'content/docs/guides/usage.md': '# Usage\n\nSee [the missing page](./missing.md) and [intro](../intro.md).\n',
    });
    const strict = configOf({ onBrokenMarkdownLinks: 'throw' });
    const model = await scan(strict, files);
    const compiled = (await compile(strict, model)).results;
    const table = createRouteTable(strict, model, compiled);
    assert.deepEqual(table.errors.map(located), ['BROKEN_MARKDOWN_LINK content/docs/guides/usage.md:3:5']);
    assert.match(table.errors[0]!.message, /"\.\/missing\.md" does not match any doc or page/);
    // By default it is a warning, and the table is made.
    const lenient = createRouteTable(configOf(), model, compiled);
    assert.deepEqual([lenient.errors.length, lenient.warnings.map(located)], [0, ['BROKEN_MARKDOWN_LINK content/docs/guides/usage.md:3:5']]);
  });

  test('the link checks over the rendered pages find broken links and anchors, each at its place in the content', async () => {
    const files = createMemoryFiles(siteDir, {
      ...content,
      'content/docs/guides/usage.md':
        '# Usage\n\nBack to [the start](../intro.md), see [setup](./setup.mdx#configure).\n\nNot [here](/docs/nowhere) nor [there](./setup.mdx#no-such-heading).\n',
    });
    const config = configOf();
    const graph = createSiteGraph({ siteDir, mode: 'build', pool, resolved: config, fingerprint: 'test', files });
    const state = await graph.update().finally(() => graph.dispose());
    const jobs = [...state.pages.values()];
    const rendered = await prerender({ jobs, renderer: state.renderer, site: state.table.site, pool });
    assert.deepEqual(rendered.errors, []);
    const usage = rendered.pages[jobs.findIndex((job) => job.entry.route === '/docs/guides/usage')]!;
    assert.match(String(usage.html), /<h1[^>]*>Usage<\/h1>/);
    assert.ok(usage.links.includes('/docs/nowhere'));

    const result = checkLinks({
      routes: jobs.map((job) => job.entry),
      pages: rendered.pages,
      files: new Set(),
      onBrokenLinks: 'throw',
      onBrokenAnchors: 'throw',
    });
    assert.deepEqual(
      result.errors.map((error) => `${located(error)} ${error.message}`),
      [
        'BROKEN_LINK content/docs/guides/usage.md:5:5 Broken link on /docs/guides/usage: "/docs/nowhere" does not match any page.',
        'BROKEN_ANCHOR content/docs/guides/usage.md:5:31 Broken anchor on /docs/guides/usage: "/docs/guides/setup#no-such-heading" points at #no-such-heading, which /docs/guides/setup does not have.',
      ],
    );
    assert.ok(result.checked >= 6, `checked ${result.checked}`);
  });

  test('anchors on the page itself, written plain, escaped or with a bare percent, are checked against its headings', async () => {
    const files = createMemoryFiles(siteDir, {
      ...content,
      'content/docs/anchors.mdx': [
        '# Anchors',
        '',
        '## Café au lait',
        '',
        'See <a href="#café-au-lait">the plain name</a>, [the escaped one](#café-au-lait) and [a relative link](guides/setup#configure).',
        '',
        'Not [this](#nowhere), nor [this again](#nowhere), nor <a href="#50%">a bare percent</a>.',
        '',
      ].join('\n'),
    });
    const graph = createSiteGraph({ siteDir, mode: 'build', pool, resolved: configOf(), fingerprint: 'test', files });
    const state = await graph.update().finally(() => graph.dispose());
    const jobs = [...state.pages.values()];
    const rendered = await prerender({ jobs, renderer: state.renderer, site: state.table.site, pool });
    const page = rendered.pages[jobs.findIndex((job) => job.entry.route === '/docs/anchors')]!;
    // Both ways of writing the heading's name reach the page: as written, and percent-escaped by the markdown.
    assert.ok(page.links.includes('#café-au-lait') && page.links.includes('#caf%C3%A9-au-lait'), page.links.join(' '));

    const result = checkLinks({
      routes: jobs.map((job) => job.entry),
      pages: rendered.pages,
      files: new Set(),
      onBrokenLinks: 'throw',
      onBrokenAnchors: 'warn',
    });
    assert.deepEqual(result.errors, []);
    // The missing anchor twice on one page is one report, at its first place; the bare percent is taken as written.
    assert.deepEqual(
      result.warnings.map((warning) => `${located(warning)} ${warning.message}`),
      [
        'BROKEN_ANCHOR content/docs/anchors.mdx:7:5 Broken anchor on /docs/anchors: "#nowhere" points at #nowhere, which /docs/anchors does not have.',
        `BROKEN_ANCHOR ${located(result.warnings[1]!).split(' ')[1]} Broken anchor on /docs/anchors: "#50%" points at #50%, which /docs/anchors does not have.`,
      ],
    );
  });
});
