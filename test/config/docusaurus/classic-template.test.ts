/// <reference lib="dom" />
/**
 * The Docusaurus classic template, as create-docusaurus writes it (its `shared` and `classic`
 * templates, from the package installed as a dev dependency, never copied into the repository),
 * with the two packages its code imports installed in the site: `docsite build` in that folder,
 * unchanged, writes every route Docusaurus writes, with the structure of Docusaurus's pages, and
 * in Chromium Infima styles it.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ServerType } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../../support/browser';
import { byClass, byTag, parseChecked, text, type Doc, type El } from '../../support/dom';
import { createPreviewApp } from '../../../src/serve/preview-app';
import { previewBuild, readOut, repoRoot, runCli } from '../../support/helpers';

/** The routes Docusaurus 3.10.2 writes for the template (its `build` folder's pages, measured with scripts/compare-docusaurus.mjs). */
const DOCUSAURUS_ROUTES = [
  '/',
  '/404',
  '/blog',
  '/blog/archive',
  '/blog/authors',
  '/blog/authors/all-sebastien-lorber-articles',
  '/blog/authors/yangshun',
  '/blog/first-blog-post',
  '/blog/long-blog-post',
  '/blog/mdx-blog-post',
  '/blog/tags',
  '/blog/tags/docusaurus',
  '/blog/tags/facebook',
  '/blog/tags/hello',
  '/blog/tags/hola',
  '/blog/welcome',
  '/docs/category/tutorial---basics',
  '/docs/category/tutorial---extras',
  '/docs/intro',
  '/docs/tutorial-basics/congratulations',
  '/docs/tutorial-basics/create-a-blog-post',
  '/docs/tutorial-basics/create-a-document',
  '/docs/tutorial-basics/create-a-page',
  '/docs/tutorial-basics/deploy-your-site',
  '/docs/tutorial-basics/markdown-features',
  '/docs/tutorial-extras/manage-docs-versions',
  '/docs/tutorial-extras/translate-your-site',
  '/markdown-page',
];

const skip = browserSkipReason();

function routesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.html'))
    .map((file) => `/${file.split(path.sep).join('/')}`.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '') || '/')
    .sort();
}

describe('the create-docusaurus classic template, unchanged', () => {
  let site: string;
  const page = (route: string): Doc => parseChecked(readOut(site, path.join(route, 'index.html')));
  const linkNamed = (root: Doc | El, label: string): El => {
    const found = byTag(root, 'a').find((a) => text(a).trim() === label);
    assert.ok(found, `a link named ${label}`);
    return found;
  };

  before(() => {
    site = mkdtempSync(path.join(os.tmpdir(), 'docsite-classic-template-'));
    const templates = path.join(repoRoot, 'node_modules', 'create-docusaurus', 'templates');
    cpSync(path.join(templates, 'shared'), site, { recursive: true });
    cpSync(path.join(templates, 'classic'), site, { recursive: true });
    // What `npm install` in the template gives the code its config and pages import (prism-react-renderer needs React).
    for (const name of ['clsx', 'prism-react-renderer', 'react'])
      cpSync(path.join(repoRoot, 'node_modules', name), path.join(site, 'node_modules', name), { recursive: true });
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test('the routes are the ones Docusaurus writes: no search page (the template configures no search) and no 400 page', () => {
    const ours = routesOf(path.join(site, 'build'));
    assert.deepEqual(
      DOCUSAURUS_ROUTES.filter((route) => !ours.includes(route)),
      [],
    );
    assert.deepEqual(
      ours.filter((route) => !DOCUSAURUS_ROUTES.includes(route)),
      [],
    );
    assert.ok(!existsSync(path.join(site, 'build', '400.html')));
    assert.ok(!existsSync(path.join(site, 'build', 'search')));
  });

  test('no search box in the navbar, as Docusaurus draws none for a site without a search', () => {
    for (const route of ['', 'docs/intro', 'blog']) {
      const navbar = byClass(page(route), 'navbar')[0]!;
      assert.deepEqual([...byClass(navbar, 'navbar__search'), ...byClass(navbar, 'DocSearch-Button')], [], route);
    }
  });

  test('preview answers a path that cannot be decoded with status 400 and the text alone, the build having no 400 page', async () => {
    const response = await createPreviewApp(path.join(site, 'build')).request('/docs/%E0%A4%A');
    assert.equal(response.status, 400);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await response.text(), 'Pathname could not be decoded');
  });

  test('a site that lists no PWA plugin gets no service worker: no page registers one, and sw.js only removes an earlier one', () => {
    assert.ok(!existsSync(path.join(site, 'build', '_docsite', 'offline.html')));
    assert.ok(!readOut(site, 'index.html').includes('sw.js'));
    const worker = readOut(site, 'sw.js');
    assert.match(worker, /unregister\(\)/);
    assert.ok(!worker.includes('precache'));
  });

  test('the home page: navbar items, the hero with its title, tagline and button, the features, the footer columns', () => {
    const home = page('');
    const navbar = byClass(home, 'navbar')[0]!;
    assert.equal(text(byClass(navbar, 'navbar__title')[0]!), 'My Site');
    assert.equal(linkNamed(navbar, 'Tutorial').attribs.href, '/docs/intro');
    assert.equal(linkNamed(navbar, 'Blog').attribs.href, '/blog');
    assert.equal(linkNamed(navbar, 'GitHub').attribs.href, 'https://github.com/facebook/docusaurus');
    const hero = byClass(home, 'hero')[0]!;
    assert.ok(hero.attribs.class!.includes('hero--primary'));
    assert.equal(text(byTag(hero, 'h1')[0]!), 'My Site');
    assert.equal(text(byClass(hero, 'hero__subtitle')[0]!), 'Dinosaurs are cool');
    assert.match(text(linkNamed(hero, 'Docusaurus Tutorial - 5min ⏱️')), /Tutorial/);
    assert.deepEqual(byTag(home, 'h3').map(text), ['Easy to Use', 'Focus on What Matters', 'Powered by React']);
    assert.equal(byClass(home, 'col--4').length, 3, "the features in Infima's grid");
    const footer = byClass(home, 'footer')[0]!;
    assert.deepEqual(byClass(footer, 'footer__title').map(text), ['Docs', 'Community', 'More']);
    assert.match(text(footer), /Copyright © \d{4} My Project, Inc\. Built with Docusaurus\./);
  });

  test('a doc: the sidebar with its two categories and their generated indexes, admonitions, code titles and highlighted lines', () => {
    const doc = page('docs/tutorial-basics/markdown-features');
    const sidebar = byClass(doc, 'sidebar')[0]!;
    assert.equal(linkNamed(sidebar, 'Tutorial - Basics').attribs.href, '/docs/category/tutorial---basics');
    assert.equal(linkNamed(sidebar, 'Tutorial - Extras').attribs.href, '/docs/category/tutorial---extras');
    assert.equal(linkNamed(sidebar, 'Markdown Features').attribs['aria-current'], 'page');
    // The page shows two admonitions, and the Markdown of two more inside code blocks.
    assert.equal(byClass(doc, 'admonition').length, 2);
    assert.ok(byClass(doc, 'theme-admonition-tip').length > 0 && byClass(doc, 'theme-admonition-danger').length > 0, "Docusaurus's class names on them");
    assert.ok(byClass(doc, 'line highlighted').length + byClass(doc, 'highlighted').length > 0, 'a highlighted code line');
    assert.ok(byTag(doc, 'main')[0] && text(byTag(doc, 'main')[0]!).includes('src/components/HelloDocusaurus.js'), 'a code block title');
    const index = page('docs/category/tutorial---basics');
    assert.ok(linkNamed(byTag(index, 'main')[0]!, 'Create a Page'), 'the generated index lists the category');
  });

  test('the blog: posts with their authors, and an author page at its permalink', () => {
    const blog = byTag(page('blog'), 'main')[0]!;
    assert.ok(linkNamed(blog, 'Welcome'));
    assert.ok(text(blog).includes('Sébastien Lorber'));
    const author = byTag(page('blog/authors/all-sebastien-lorber-articles'), 'main')[0]!;
    assert.ok(text(author).includes('Sébastien Lorber'));
    assert.ok(existsSync(path.join(site, 'build', 'blog', 'authors', 'yangshun', 'index.html')));
  });

  describe('in Chromium', { skip }, () => {
    let browser: Browser;
    let server: ServerType;
    let base: string;
    before(async () => {
      ({ base, server } = await previewBuild(path.join(site, 'build')));
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      server?.close();
    });

    test("Infima styles the template's classes: the hero in the primary colour, the secondary button, the grid's three columns", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', serviceWorkers: 'block' });
      const tab = await context.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      await tab.goto(`${base}/`);
      await tab.waitForSelector('html[data-docsite-ready]');
      const looks = await tab.evaluate(() => {
        const hero = getComputedStyle(document.querySelector('.hero--primary')!);
        const button = getComputedStyle(document.querySelector('.button--secondary')!);
        const cols = Array.from(document.querySelectorAll('.col--4'), (col) => col.getBoundingClientRect());
        return {
          hero: hero.backgroundColor,
          button: button.backgroundColor,
          radius: button.borderRadius,
          sameRow: cols.every((box) => Math.abs(box.top - cols[0]!.top) < 1),
          width: cols[0]!.width,
        };
      });
      // The template's custom.css sets --ifm-color-primary to #2e8555.
      assert.equal(looks.hero, 'rgb(46, 133, 85)');
      assert.notEqual(looks.button, 'rgba(0, 0, 0, 0)');
      assert.notEqual(looks.radius, '0px');
      assert.ok(looks.sameRow && looks.width > 200, `the features side by side: ${JSON.stringify(looks)}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
});
