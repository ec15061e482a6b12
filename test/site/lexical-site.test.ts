/**
 * The Lexical site as built from this repo: every route of spec 2.1/2.2 is served, the docs sidebar
 * is in the agreed order, package pages carry their README titles, and internal links resolve.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Parser } from 'htmlparser2';
import { repoRoot } from '../helpers';
import { buildLexicalSite, serveBuild, type RunningSite } from './site-build';

const PACKAGES = [
  'lexical', 'lexical-clipboard', 'lexical-code', 'lexical-devtools-core', 'lexical-dragon', 'lexical-eslint-plugin',
  'lexical-file', 'lexical-hashtag', 'lexical-headless', 'lexical-history', 'lexical-html', 'lexical-link', 'lexical-list',
  'lexical-mark', 'lexical-markdown', 'lexical-offset', 'lexical-overflow', 'lexical-plain-text', 'lexical-react',
  'lexical-rich-text', 'lexical-selection', 'lexical-table', 'lexical-text', 'lexical-utils', 'lexical-yjs',
];
const CONCEPTS = [
  'editor-state', 'nodes', 'node-replacement', 'node-state', 'key-management', 'node-cloning', 'listeners', 'transforms',
  'commands', 'selection', 'read-only', 'history', 'serialization', 'dom-events', 'traversals', 'updates',
];
const GETTING_STARTED = ['quick-start', 'react', 'theming', 'supported-browsers', 'creating-plugin', 'devtools'];

const ROUTES = [
  '/', '/community/', '/gallery', '/markdown-page',
  '/docs/intro', '/docs/faq', '/docs/design', '/docs/error', '/docs/maintainers-guide', '/docs/testing',
  ...GETTING_STARTED.map((id) => `/docs/getting-started/${id}`),
  ...CONCEPTS.map((id) => `/docs/concepts/${id}`),
  '/docs/collaboration/faq', '/docs/collaboration/react',
  '/docs/react/', '/docs/react/plugins', '/docs/react/create_plugin', '/docs/react/faq',
  ...PACKAGES.map((name) => `/docs/packages/${name}`),
];

interface SidebarItem {
  label: string;
  href?: string;
  items?: SidebarItem[];
}

/** Hrefs and ids of a page, read with a real HTML parser. */
function linksAndIds(html: string): { hrefs: string[]; ids: Set<string> } {
  const hrefs: string[] = [];
  const ids = new Set<string>();
  const parser = new Parser({
    onopentag(name, attributes) {
      if (attributes.id) ids.add(attributes.id);
      if (name === 'a' && attributes.href) hrefs.push(attributes.href);
    },
  });
  parser.write(html);
  parser.end();
  return { hrefs, ids };
}

function readmeTitle(name: string): string {
  const dir = name === 'lexical' ? 'lexical' : `@lexical/${name.slice('lexical-'.length)}`;
  const readme = readFileSync(path.join(repoRoot, 'node_modules', dir, 'README.md'), 'utf8');
  return /^#\s+(.+)$/m.exec(readme)![1]!.replace(/`/g, '').trim();
}

describe('the Lexical site', () => {
  let root: string;
  let site: RunningSite;
  before(async () => {
    root = await buildLexicalSite('lexical-site');
    site = await serveBuild(root);
  });
  after(() => site?.close());

  test('every route of spec 2.1 and 2.2 is served with 200 and a title', async () => {
    const failures: string[] = [];
    for (const route of ROUTES) {
      const response = await fetch(`${site.base}${route}`);
      const html = await response.text();
      if (response.status !== 200) failures.push(`${route}: ${response.status}`);
      else if (!/<title>[^<]+<\/title>/.test(html)) failures.push(`${route}: no title`);
      else if (/This page is being written/.test(html)) failures.push(`${route}: still a stub`);
    }
    assert.deepEqual(failures, []);
    assert.equal((await fetch(`${site.base}/docs/no-such-page`)).status, 404);
  });

  test('/2024-recap forwards to the discussion without JavaScript', async () => {
    const response = await fetch(`${site.base}/2024-recap`);
    assert.equal(response.status, 200);
    const html = await response.text();
    const target = 'https://github.com/facebook/lexical/discussions/7220';
    assert.match(html, new RegExp(`<meta http-equiv="refresh" content="0; url=${target}">`));
    assert.match(html, new RegExp(`<link rel="canonical" href="${target}">`));
    assert.match(html, new RegExp(`<a href="${target}">`));
  });

  test('the docs sidebar lists the guides in the agreed order', () => {
    const dir = path.join(root, '_docsite', 'sidebars');
    const file = readdirSync(dir).find((name) => name.startsWith('docs-'))!;
    const { items } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { items: SidebarItem[] };
    const outline = items.map((item) => (item.items ? { [item.label]: item.items.map((child) => child.href) } : item.href));
    assert.deepEqual(outline, [
      '/docs/intro',
      { 'Getting Started': GETTING_STARTED.map((id) => `/docs/getting-started/${id}`) },
      { Concepts: CONCEPTS.map((id) => `/docs/concepts/${id}`) },
      { Packages: PACKAGES.map((name) => `/docs/packages/${name}`) },
      { React: ['/docs/react/', '/docs/react/plugins', '/docs/react/create_plugin', '/docs/react/faq'] },
      { Collaboration: ['/docs/collaboration/react', '/docs/collaboration/faq'] },
      '/docs/faq',
    ]);
    const packages = items.find((item) => item.label === 'Packages')!.items!;
    assert.equal(packages[0]!.label, 'lexical (core)');
    assert.deepEqual(packages.slice(1).map((item) => item.label), PACKAGES.slice(1).map(readmeTitle));
    assert.equal(items.find((item) => item.label === 'React')!.items![0]!.label, 'Introduction');
  });

  test("each package page carries its README's title and links to our API routes", () => {
    for (const name of PACKAGES) {
      const html = readFileSync(path.join(root, 'docs', 'packages', name, 'index.html'), 'utf8');
      const title = readmeTitle(name);
      assert.match(html, new RegExp(`<title>${title.replace(/[/.]/g, '\\$&')} \\| Lexical</title>`), name);
      assert.doesNotMatch(html, /<a [^>]*href="https:\/\/lexical\.dev\//, `${name} still links to the public site`);
    }
    const clipboard = readFileSync(path.join(root, 'docs', 'packages', 'lexical-clipboard', 'index.html'), 'utf8');
    assert.match(clipboard, /href="\/docs\/api\/modules\/lexical_clipboard"/);
    assert.match(clipboard, /src="\/img\/see-api-documentation\.svg"/);
  });

  test('every internal link and anchor on every page resolves, API reference included', () => {
    const pages = new Map<string, Set<string>>();
    const links: { from: string; href: string }[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.html')) {
          const route = `/${path.relative(root, file).replace(/\\/g, '/')}`.replace(/index\.html$/, '').replace(/\.html$/, '');
          const { hrefs, ids } = linksAndIds(readFileSync(file, 'utf8'));
          pages.set(route, ids);
          for (const href of hrefs) links.push({ from: route, href });
        }
      }
    };
    walk(root);
    const broken: string[] = [];
    for (const { from, href } of links) {
      if (/^[a-z]+:|^\/\//i.test(href)) continue;
      const url = new URL(href, `http://site${from}`);
      const route = url.pathname;
      const ids = pages.get(route) ?? pages.get(`${route}/`) ?? pages.get(route.replace(/\/$/, ''));
      const isFile = !ids && isServedFile(path.join(root, route));
      if (!ids && !isFile) broken.push(`${from} -> ${href}`);
      else if (ids && url.hash && !ids.has(decodeURIComponent(url.hash.slice(1)))) broken.push(`${from} -> ${href} (no such anchor)`);
    }
    assert.ok(links.length > 1000, `only ${links.length} links found`);
    assert.deepEqual(broken, []);
  });
});

function isServedFile(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

test('the guides are at least as deep as the public site: no thin page, and more words in all', () => {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'word-count.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stdout);
  const total = /^total \((\d+) pages\)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/m.exec(result.stdout);
  assert.ok(total, result.stdout);
  assert.equal(Number(total[1]), 34, 'every guide page is counted');
  // The public site's guides are about 29k words counted with wc; ours are counted the same way.
  assert.ok(Number(total[5]) > 29_000, `only ${total[5]} words`);
});
