/**
 * The scan and the site model in-process, on a site held in memory: nothing of it is on disk (its
 * folder does not exist), so every file the stages read comes through the files they are given.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadSiteModel } from '../../../src/pipeline/scan/site-model';
import type { SiteConfig } from '../../../src/config/schema';
import { createMemoryFiles, type MemoryFiles } from '../../../src/content/memory-files';
import { located, memoryConfig, memoryStore, thrownErrors } from '../../support/memory-site';

const siteDir = '/memory/site-model';
const anHourAgo = Date.now() - 3_600_000;

const docsSite = {
  'content/docs/intro.md': '---\ntitle: Welcome\nsidebar_position: 1\n---\n\n# Introduction\n',
  'content/docs/01-guides/_category_.json': '{ "label": "Guides", "position": 2 }\n',
  'content/docs/01-guides/01-install.md': '---\nslug: /install-it\n---\n\n# Install\n',
  'content/docs/01-guides/02-setup.mdx': '# Setup\n',
  'content/docs/reference/_category_.yml': 'label: Reference\ncollapsed: false\n',
  'content/docs/reference/03-deep/_category_.yaml': 'label: Deep\nlink: null\n',
  'content/docs/reference/api.md': '---\nid: overview\nsidebar_label: API\n---\n\n# API\n',
  'content/docs/wip.md': '---\ndraft: true\n---\n\n# Work in progress\n',
  // Partials and files under `_` folders are not docs.
  'content/docs/_note.md': '# Note\n',
  'content/docs/_parts/aside.md': '# Aside\n',
  'content/pages/about.md': '---\ntitle: About us\n---\n\n# About\n',
  'content/pages/index.tsx': 'export default function Home() { return null; }\n',
  'content/pages/secret.mdx': '---\ndraft: true\n---\n\n# Secret\n',
  'content/static/img/logo.svg': '<svg/>',
};

function site(files: Record<string, string | Uint8Array>, options: { mtimeMs?: number } = {}): MemoryFiles {
  return createMemoryFiles(siteDir, files, options);
}

async function model(files: MemoryFiles, options: { includeDrafts?: boolean; site?: Partial<SiteConfig>; store?: ReturnType<typeof memoryStore> } = {}) {
  return loadSiteModel(memoryConfig(siteDir, options.site), {
    includeDrafts: options.includeDrafts ?? false,
    fingerprint: 'test',
    store: options.store ?? memoryStore(),
    files,
  });
}

test('the site is not on disk: whatever the stages read came through the files given', () => {
  assert.equal(existsSync(siteDir), false);
});

describe('docs, categories, pages and static files', () => {
  test('docs get their ids, routes, positions and frontmatter; partials and drafts are left out', async () => {
    const { docs } = await model(site(docsSite));
    assert.deepEqual(
      docs.map((doc) => [doc.id, doc.route, doc.source, doc.position ?? null, doc.frontMatter.title ?? null]),
      [
        ['guides/install', '/docs/install-it', 'content/docs/01-guides/01-install.md', 1, null],
        ['guides/setup', '/docs/guides/setup', 'content/docs/01-guides/02-setup.mdx', 2, null],
        ['intro', '/docs/intro', 'content/docs/intro.md', 1, 'Welcome'],
        ['reference/overview', '/docs/reference/overview', 'content/docs/reference/api.md', null, null],
      ],
    );
    const api = docs.find((doc) => doc.id === 'reference/overview')!;
    assert.equal(api.frontMatter.sidebar_label, 'API');
    assert.equal(api.absolutePath, path.join(siteDir, 'content/docs/reference/api.md'));
    assert.equal(await api.readText(), docsSite['content/docs/reference/api.md']);
  });

  test('category files, JSON and YAML, are keyed by the folder as written, nested ones by their whole path', async () => {
    const { categories } = await model(site(docsSite));
    assert.deepEqual(Object.fromEntries(categories), {
      '01-guides': { label: 'Guides', position: 2 },
      reference: { label: 'Reference', collapsed: false },
      'reference/03-deep': { label: 'Deep', link: null },
    });
  });

  test('pages get routes from their paths; markdown pages carry their frontmatter and source', async () => {
    const { pages, staticFiles } = await model(site(docsSite));
    assert.deepEqual(pages.map((page) => [page.route, page.kind, page.source, page.frontMatter.title ?? null]).sort(), [
      ['/', 'tsx', 'content/pages/index.tsx', null],
      ['/about', 'mdx', 'content/pages/about.md', 'About us'],
    ]);
    assert.equal(await pages.find((page) => page.route === '/about')!.mdx!.readText(), docsSite['content/pages/about.md']);
    assert.deepEqual(staticFiles, ['img/logo.svg']);
  });

  test('drafts, docs and pages alike, are in the model only when drafts are asked for', async () => {
    const withDrafts = await model(site(docsSite), { includeDrafts: true });
    assert.ok(withDrafts.docs.some((doc) => doc.id === 'wip' && doc.frontMatter.draft === true));
    assert.ok(withDrafts.pages.some((page) => page.route === '/secret'));
    const without = await model(site(docsSite));
    assert.ok(!without.docs.some((doc) => doc.id === 'wip'));
    assert.ok(!without.pages.some((page) => page.route === '/secret'));
  });

  test('the docs folder and route base follow the config', async () => {
    const files = site({ 'content/guide/start.md': '# Start\n' });
    const { docs, docsDir, routeBase } = await model(files, {
      site: { baseUrl: '/base/', docs: { path: 'guide', routeBasePath: 'learn' } as SiteConfig['docs'] },
    });
    assert.equal(docsDir, path.join(siteDir, 'content/guide'));
    assert.equal(routeBase, '/base/learn');
    assert.deepEqual(
      docs.map((doc) => doc.route),
      ['/base/learn/start'],
    );
  });
});

describe('the sidebars file', () => {
  test('without one, the docs get one autogenerated sidebar', async () => {
    const { sidebarsFile } = await model(site(docsSite));
    assert.deepEqual(sidebarsFile, { config: { docs: [{ type: 'autogenerated', dirName: '.' }] }, file: '(autogenerated sidebar)' });
  });

  test('a sidebars.ts held in memory is bundled from its text and its default export read', async () => {
    const files = site({
      ...docsSite,
      'content/sidebars.ts':
        "const guides: string[] = ['guides/install', 'guides/setup'];\nexport default { main: ['intro', { type: 'category', label: 'Guides', items: guides }] };\n",
    });
    const { sidebarsFile } = await model(files);
    assert.equal(sidebarsFile.file, 'content/sidebars.ts');
    assert.equal(sidebarsFile.absolutePath, path.join(siteDir, 'content/sidebars.ts'));
    assert.deepEqual(sidebarsFile.config, { main: ['intro', { type: 'category', label: 'Guides', items: ['guides/install', 'guides/setup'] }] });
  });

  test('a sidebars file that does not export sidebars is an error at the sidebar that is not a list', async () => {
    const files = site({ ...docsSite, 'content/sidebars.js': "export default { main: 'intro' };\n" });
    assert.deepEqual(await thrownErrors(() => model(files)), ['SIDEBARS_INVALID content/sidebars.js:1:18']);
  });
});

describe('errors, each at its file, line and column', () => {
  test('bad frontmatter and text that is not UTF-8 are reported together, each where it is', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('# Caf'), 0xe9, 0x0a]);
    const files = site({
      ...docsSite,
      'content/docs/unclosed.md': '---\ntitle: Fine\ntags: [one, two\nslug: /x\n---\n\n# Unclosed\n',
      'content/docs/wrong-type.md': '---\ntitle: Fine\nsidebar_position: first\n---\n',
      'content/docs/latin1.md': latin1,
    });
    assert.deepEqual(await thrownErrors(() => model(files)), [
      'CONTENT_NOT_UTF8 content/docs/latin1.md:1:6',
      'FRONTMATTER_INVALID content/docs/wrong-type.md:3:1',
      'FRONTMATTER_SYNTAX content/docs/unclosed.md:3:7',
    ]);
  });

  test('a category file that does not parse is an error where the parser stopped', async () => {
    const files = site({ ...docsSite, 'content/docs/01-guides/_category_.json': '{ "label": "Guides", }\n' });
    const [error] = await thrownErrors(() => model(files));
    assert.equal(error, 'CATEGORY_FILE_INVALID content/docs/01-guides/_category_.json:1:22');
  });

  test('a markdown page with bad frontmatter is an error at its line', async () => {
    const files = site({ ...docsSite, 'content/pages/about.md': '---\ntitle: About\nhide_title: maybe\n---\n' });
    assert.deepEqual(await thrownErrors(() => model(files)), ['FRONTMATTER_INVALID content/pages/about.md:3:1']);
  });
});

describe('the memo of unchanged files reads their stat through the files given', () => {
  test('an unchanged doc is not read again; one written again, even at the same size and time, is', async () => {
    const files = site(docsSite, { mtimeMs: anHourAgo });
    const reads: string[] = [];
    const counted: MemoryFiles = { ...files, readText: (file) => (reads.push(path.relative(siteDir, file)), files.readText(file)) };
    const docReads = () =>
      reads
        .splice(0)
        .filter((file) => file.startsWith('content/docs/') && !file.includes('_category_'))
        .sort();
    const store = memoryStore();

    await model(counted, { store });
    assert.equal(docReads().length, 5);
    const again = await model(counted, { store });
    assert.deepEqual(docReads(), []);
    assert.equal(again.docs.find((doc) => doc.id === 'intro')!.frontMatter.title, 'Welcome');

    files.write('content/docs/intro.md', docsSite['content/docs/intro.md'].replace('Welcome', 'Hello!!'), { mtimeMs: anHourAgo });
    const edited = await model(counted, { store });
    assert.deepEqual(docReads(), ['content/docs/intro.md']);
    assert.equal(edited.docs.find((doc) => doc.id === 'intro')!.frontMatter.title, 'Hello!!');
  });

  test('a doc written within the last seconds is read at every scan', async () => {
    const files = site(docsSite, { mtimeMs: anHourAgo });
    files.write('content/docs/intro.md', docsSite['content/docs/intro.md']);
    const reads: string[] = [];
    const counted: MemoryFiles = { ...files, readText: (file) => (reads.push(path.relative(siteDir, file)), files.readText(file)) };
    const store = memoryStore();
    await model(counted, { store });
    reads.length = 0;
    await model(counted, { store });
    assert.deepEqual(
      reads.filter((file) => file.startsWith('content/docs/') && file.endsWith('.md')),
      ['content/docs/intro.md'],
    );
  });
});

describe('package docs', () => {
  const packages = {
    'node_modules/@acme/widgets/package.json': '{ "name": "@acme/widgets", "version": "1.0.0" }\n',
    'node_modules/@acme/widgets/ReadMe.md': '# Widgets\n\nThe widgets.\n',
    'node_modules/plain/package.json': '{ "name": "plain", "description": "Plain <things>" }\n',
  };

  test("each package's README becomes a doc, and one without a README gets a page from its description", async () => {
    const files = site({ ...docsSite, ...packages });
    const result = await model(files, { site: { packageDocs: { packages: ['@acme/widgets', 'plain'], frontMatter: { plain: { sidebar_label: 'Plain' } } } } });
    const widgets = result.docs.find((doc) => doc.id === 'packages/acme-widgets')!;
    assert.equal(widgets.route, '/docs/packages/acme-widgets');
    assert.equal(widgets.absolutePath, path.join(siteDir, 'node_modules/@acme/widgets/ReadMe.md'));
    assert.equal(await widgets.readText(), '# Widgets\n\nThe widgets.\n');
    const plain = result.docs.find((doc) => doc.id === 'packages/plain')!;
    assert.equal(plain.frontMatter.sidebar_label, 'Plain');
    assert.match(await plain.readText(), /^# `plain`\n\nPlain \\<things\\>\n/);
    assert.deepEqual(result.warnings.map(located), ['PACKAGE_README_MISSING node_modules/plain/package.json']);
    assert.ok(result.externalFiles.includes(path.join(siteDir, 'node_modules/@acme/widgets/README.md')));
  });

  test('a package that is not installed is an error', async () => {
    const files = site({ ...docsSite, ...packages });
    assert.deepEqual(await thrownErrors(() => model(files, { site: { packageDocs: { packages: ['plain', 'missing-one'] } } })), [
      'PACKAGE_NOT_INSTALLED site config',
    ]);
  });
});

describe('the blog', () => {
  const blog = {
    'content/blog/authors.yml': 'ada:\n  name: Ada Lovelace\n  title: Analyst\n',
    'content/blog/2024-03-01-first.md': '---\ntitle: First post\nauthors: ada\ntags: [news]\n---\n\nHello.\n\n<!-- truncate -->\n\nMore.\n',
    'content/blog/2024-04-02-second/index.md': '---\ntitle: Second\n---\n\nAgain.\n',
    'content/blog/2024-05-01-later.md': '---\ntitle: Later\ndraft: true\n---\n',
  };

  test('posts get their dates, routes, authors and excerpts, newest first; drafts stay out', async () => {
    const { blog: loaded } = await model(site({ ...docsSite, ...blog }));
    assert.deepEqual(
      loaded!.posts.map((post) => [post.route, post.date.toISOString().slice(0, 10), post.title, post.authors.map((author) => author.name), post.truncated]),
      [
        ['/blog/2024/04/02/second', '2024-04-02', 'Second', [], false],
        ['/blog/2024/03/01/first', '2024-03-01', 'First post', ['Ada Lovelace'], true],
      ],
    );
    assert.match(loaded!.posts[1]!.excerpt, /Hello\.\n\n$/);
  });

  test('an author authors.yml does not declare is an error at the authors line', async () => {
    const files = site({ ...docsSite, ...blog, 'content/blog/2024-06-01-guest.md': '---\ntitle: Guest\nauthors: [bob]\n---\n' });
    assert.deepEqual(await thrownErrors(() => model(files)), ['BLOG_UNKNOWN_AUTHOR content/blog/2024-06-01-guest.md:3:1']);
  });
});
