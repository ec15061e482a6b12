/// <reference lib="dom" />
/**
 * Docusaurus's `trailingSlash` on a small Docusaurus site (test/fixtures/docusaurus-slashes): the
 * files written, the links in the HTML, the sitemap and the canonical URL for `true` and for
 * `false`, then in real Chromium a client navigation that lands on the URL the link names and a
 * reload of that URL, served by `docsite preview`'s app as a static host serves it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { browserSkipReason, launchChromium } from '../support/browser';
import { byTag, parseChecked, type Doc } from '../support/dom';
import { copyFixture, fetchWithin, previewBuild, readOut, runCli } from '../support/helpers';

const skipBrowser = browserSkipReason();

/**
 * The fixture with `trailingSlash` set and a local-search theme (a site without search gets no
 * search records, whose URLs the tests check), built; its folder.
 */
function buildWith(trailingSlash: boolean): string {
  const site = copyFixture('docusaurus-slashes');
  const config = path.join(site, 'docusaurus.config.js');
  const search = "themes: ['@easyops-cn/docusaurus-search-local'],";
  writeFileSync(config, readFileSync(config, 'utf8').replace('trailingSlash: undefined,', `trailingSlash: ${trailingSlash},\n  ${search}`));
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stderr);
  return site;
}

const hrefs = (doc: Doc): string[] => byTag(doc, 'a').map((a) => a.attribs.href ?? '');
const linkHref = (doc: Doc, rel: string): string | undefined => byTag(doc, 'link').find((link) => link.attribs.rel === rel)?.attribs.href;
const sitemapUrls = (site: string): string[] => [...readOut(site, 'sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
/** The pages search hits lead to. */
const searchUrls = (site: string): string[] => [
  ...new Set((JSON.parse(readOut(site, '_docsite/search/records.json')) as { url: string }[]).map((record) => record.url)),
];

const PAGES = [
  '/docs/intro',
  '/docs/guides/setup',
  '/docs/category/guides',
  '/about',
  '/blog',
  '/blog/page/2',
  '/blog/tags',
  '/blog/tags/news',
  '/blog/archive',
];

describe('trailingSlash: true', () => {
  let site: string;
  before(() => (site = buildWith(true)));

  test('every page is a folder index, the home page and the 404 page as they always are', () => {
    for (const route of PAGES) assert.ok(existsSync(path.join(site, 'build', route, 'index.html')), `${route}/index.html`);
    assert.ok(existsSync(path.join(site, 'build', 'index.html')));
    assert.ok(existsSync(path.join(site, 'build', '404.html')));
    assert.ok(!existsSync(path.join(site, 'build', 'docs', 'intro.html')));
  });

  test('preview sends a page asked for without its slash to its URL, query kept, as a static host does', async () => {
    const { base, server } = await previewBuild(path.join(site, 'build'));
    try {
      const bare = await fetchWithin(`${base}/docs/intro?from=test`, { redirect: 'manual' });
      assert.equal(bare.status, 301);
      assert.equal(bare.headers.get('location'), '/docs/intro/?from=test');
      assert.equal((await fetchWithin(`${base}/docs/intro/`)).status, 200);
      // A file is not a folder: it is sent as it is.
      assert.equal((await fetchWithin(`${base}/sitemap.xml`, { redirect: 'manual' })).status, 200);
    } finally {
      server.close();
    }
  });

  test('links, the canonical URL and the sitemap end with a slash', () => {
    const intro = parseChecked(readOut(site, 'docs/intro/index.html'));
    const links = hrefs(intro);
    // The navbar's and footer's `to`, the sidebar (a doc, a generated index, a link item), a .md link, a written link, the pagination.
    for (const href of ['/docs/intro/', '/blog/', '/docs/guides/setup/', '/docs/category/guides/', '/about/'])
      assert.ok(links.includes(href), `${href} in ${links}`);
    assert.ok(!links.includes('/docs/intro'), 'no link without its slash');
    assert.equal(linkHref(intro, 'canonical'), 'https://slashes.example.com/docs/intro/');
    const setup = hrefs(parseChecked(readOut(site, 'docs/guides/setup/index.html')));
    assert.ok(setup.includes('/docs/intro/#next-steps'), 'the hash stays after the slash');
    const blog = hrefs(parseChecked(readOut(site, 'blog/index.html')));
    assert.ok(blog.includes('/blog/page/2/'), 'the next page of the blog');
    assert.ok(blog.includes('/blog/tags/news/'), 'a tag');
    const urls = sitemapUrls(site);
    assert.ok(urls.includes('https://slashes.example.com/'));
    for (const route of PAGES) assert.ok(urls.includes(`https://slashes.example.com${route}/`), `${route}/ in the sitemap`);
    assert.deepEqual(
      urls.filter((url) => url !== 'https://slashes.example.com/' && !url.endsWith('/')),
      [],
    );
    const hits = searchUrls(site);
    assert.ok(hits.includes('https://slashes.example.com/docs/intro/#next-steps'), `a heading's hit in ${hits}`);
    assert.deepEqual(
      hits.filter((url) => !/\/(#[\w-]+)?$/.test(url)),
      [],
    );
  });
});

describe('trailingSlash: false', () => {
  let site: string;
  before(() => (site = buildWith(false)));

  test('every page but the home page is a file of its own name', () => {
    for (const route of PAGES) assert.ok(existsSync(path.join(site, 'build', `${route.slice(1)}.html`)), `${route}.html`);
    assert.ok(existsSync(path.join(site, 'build', 'index.html')));
    assert.ok(existsSync(path.join(site, 'build', '404.html')));
    assert.ok(!existsSync(path.join(site, 'build', 'docs', 'intro', 'index.html')));
  });

  test('preview answers a page at its URL, with no redirect', async () => {
    const { base, server } = await previewBuild(path.join(site, 'build'));
    try {
      assert.equal((await fetchWithin(`${base}/docs/intro`, { redirect: 'manual' })).status, 200);
    } finally {
      server.close();
    }
  });

  test('links, the canonical URL and the sitemap have no trailing slash', () => {
    const intro = parseChecked(readOut(site, 'docs/intro.html'));
    const links = hrefs(intro);
    for (const href of ['/docs/intro', '/blog', '/docs/guides/setup', '/docs/category/guides', '/about'])
      assert.ok(links.includes(href), `${href} in ${links}`);
    assert.deepEqual(
      links.filter((href) => href.length > 1 && href.startsWith('/') && href.endsWith('/')),
      [],
    );
    assert.equal(linkHref(intro, 'canonical'), 'https://slashes.example.com/docs/intro');
    const blog = hrefs(parseChecked(readOut(site, 'blog.html')));
    assert.ok(blog.includes('/blog/page/2'));
    const urls = sitemapUrls(site);
    for (const route of PAGES) assert.ok(urls.includes(`https://slashes.example.com${route}`), `${route} in the sitemap`);
    assert.deepEqual(
      urls.filter((url) => url !== 'https://slashes.example.com/' && url.endsWith('/')),
      [],
    );
    const hits = searchUrls(site);
    assert.ok(hits.includes('https://slashes.example.com/docs/intro#next-steps'), `a heading's hit in ${hits}`);
    assert.deepEqual(
      hits.filter((url) => url !== 'https://slashes.example.com/' && /\/(#[\w-]+)?$/.test(url)),
      [],
    );
  });
});

describe('trailingSlash in real Chromium', { skip: skipBrowser }, () => {
  const sites = new Map<boolean, string>();
  before(() => {
    sites.set(true, buildWith(true));
    sites.set(false, buildWith(false));
  });

  for (const trailingSlash of [true, false]) {
    test(`trailingSlash: ${trailingSlash}: a click lands on the link's URL, and a reload of it shows the page`, async () => {
      const { base, server } = await previewBuild(path.join(sites.get(trailingSlash)!, 'build'));
      const browser = await launchChromium();
      try {
        const setup = trailingSlash ? '/docs/guides/setup/' : '/docs/guides/setup';
        // A static host answers the page's own URL with it.
        const answer = await fetchWithin(`${base}${setup}`);
        assert.equal(answer.status, 200);
        assert.match(await answer.text(), /<h1[^>]*>Setup<\/h1>/);

        const page = await browser.newPage();
        await page.goto(`${base}${trailingSlash ? '/docs/intro/' : '/docs/intro'}`);
        await page.waitForSelector('html[data-docsite-ready]');
        await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
        await page.click(`article a[href="${setup}"]`);
        await page.waitForFunction(() => document.querySelector('article h1')?.textContent === 'Setup');
        assert.equal(new URL(page.url()).pathname, setup);
        assert.equal(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded), true, 'the client router took the click');

        await page.reload();
        await page.waitForSelector('html[data-docsite-ready]');
        assert.equal(await page.textContent('article h1'), 'Setup');
        assert.equal(new URL(page.url()).pathname, setup);
      } finally {
        await browser.close();
        server.close();
      }
    });
  }
});
