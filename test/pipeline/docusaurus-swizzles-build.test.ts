/// <reference lib="dom" />
/**
 * A versioned Docusaurus site's swizzled components under their Docusaurus names
 * (test/fixtures/docusaurus-swizzled): an ejected DocVersionBanner reading the docs plugin's hooks,
 * an ejected ColorModeToggle driven by `value`/`onChange` with `@theme/Icon/*` icons, a Footer
 * wrapping `@theme-original/Footer`, a TOC wrapping `@theme-original/TOC`, a Root with a provider that
 * the MDXContent wrapper reads, and an override of a part the theme lacks, which the build warns of. The built pages show
 * the site's components in place of the theme's; the stylesheet's url() fonts and images (static and
 * beside it) are published; navbar links keep `target` and `activeBaseRegex`; a second docs instance
 * shows its own last update; and in Chromium the site's toggle switches the mode.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { byClass, byTag, hasClass, parseChecked, text, type Doc } from '../support/dom';
import { copyFixture, readOut, runCli } from '../support/helpers';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, `${route}/index.html`));

describe('a versioned Docusaurus site with swizzled components', () => {
  let site: string;
  let output: string;
  before(() => {
    site = copyFixture('docusaurus-swizzled');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    output = result.stdout + result.stderr;
  });

  test("the site's Root is around every page and its MDXContent around every page's Markdown, reading the Root's provider", () => {
    for (const route of ['docs/intro', 'docs/next/intro']) {
      const doc = page(site, route);
      const [root] = byClass(doc, 'lantern-root');
      assert.ok(root && byClass(root, 'navbar').length === 1 && byClass(root, 'footer').length === 1, `${route}: Root holds the navbar and footer`);
      const [content] = byClass(doc, 'lantern-content');
      assert.equal(content?.attribs['data-keeper'], 'the night watch', `${route}: MDXContent reads the value Root provides`);
      assert.ok(byTag(content, 'p').length > 0, `${route}: the Markdown is inside the site's MDXContent`);
      assert.equal(byClass(byClass(doc, 'theme-doc-markdown')[0]!, 'lantern-content').length, 1);
    }
    assert.equal(byClass(parseChecked(readOut(site, '404.html')), 'lantern-root').length, 1, 'the 404 page is inside Root too');
  });

  test('an override of a component the theme does not render is named in a warning, and the build goes on', () => {
    assert.match(
      output,
      /src\/theme\/DocItem\/Footer\/index\.js: Nothing imports this override: docsite's theme has no component `DocItem\/Footer`.*\[THEME_OVERRIDE_UNUSED\]/,
    );
    // The overrides in use are not named.
    for (const used of ['Root', 'MDXContent', 'Footer/index', 'TOC']) assert.ok(!output.includes(`src/theme/${used}`), `${used} is in use`);
    assert.ok(!readFileSync(path.join(site, 'build', 'docs', 'intro', 'index.html'), 'utf8').includes('Trimmed nightly'));
  });

  test("the site's DocVersionBanner replaces the theme's on a version other than the latest, and links to the same doc there", () => {
    const preview = page(site, 'docs/next/intro');
    const [banner] = byClass(preview, 'lantern-banner');
    assert.ok(banner, 'the ejected banner is on the unreleased version');
    assert.equal(banner.attribs['data-version'], 'current');
    assert.match(text(banner), /You are reading the 2\.0 \(preview\) guide\./);
    assert.equal(byTag(banner, 'a')[0]?.attribs.href, '/docs/intro');
    assert.equal(byClass(preview, 'version-banner').length, 0, "the theme's own banner gives way");
    // The latest version has no banner, the site's or the theme's.
    const latest = page(site, 'docs/intro');
    assert.equal(byClass(latest, 'lantern-banner').length + byClass(latest, 'version-banner').length, 0);
  });

  test("the site's ColorModeToggle is in the navbar, given the mode shown, with Docusaurus's mode icons", () => {
    const doc = page(site, 'docs/intro');
    const [button] = byClass(doc, 'lantern-toggle__button');
    assert.ok(button, 'the ejected toggle is rendered');
    assert.equal(button.attribs['data-mode'], 'light');
    assert.equal(button.attribs['aria-label'], 'Use dark mode');
    const icons = byTag(button, 'svg');
    assert.deepEqual(
      icons.map((icon) => [icon.attribs.class, icon.attribs.width]),
      [
        ['lantern-toggle__light', '24'],
        ['lantern-toggle__dark', '24'],
      ],
    );
    assert.equal(byClass(doc, 'color-mode-toggle').length, 0, "the theme's own toggle gives way");
    // themeConfig.navbar has no title: none is shown, not the site's.
    assert.equal(byClass(doc, 'navbar__title').length, 0);
  });

  test("the site's Footer wraps the theme's: its own row, then the theme's footer with the config's copyright", () => {
    const doc = page(site, 'docs/next/wicks');
    const [row] = byClass(doc, 'lantern-sponsors');
    assert.equal(text(row!), 'Kept alight by volunteers.');
    const footers = byTag(doc, 'footer').filter((footer) => text(footer).includes('Lantern Kit footer line'));
    assert.equal(footers.length, 1, "the theme's footer is still there");
  });

  test("the stylesheet's url() files are published: beside the CSS under assets/ by content hash, root-relative from static/", () => {
    const css = readdirSync(path.join(site, 'build', 'assets'))
      .filter((name) => name.endsWith('.css'))
      .map((name) => readFileSync(path.join(site, 'build', 'assets', name), 'utf8'))
      .join('\n');
    const urls = [...css.matchAll(/url\(["']?([^"')]+)["']?\)/g)].map((match) => match[1]!);
    assert.ok(urls.includes('/fonts/lantern-serif.ttf'), urls.join(' '));
    assert.equal(readFileSync(path.join(site, 'build', 'fonts', 'lantern-serif.ttf'), 'utf8'), 'stand-in font bytes\n');
    const icons = urls.find((url) => /^\/assets\/lantern-icons-[0-9a-f]{10}\.woff2\?v=2#icons$/.test(url));
    assert.ok(icons, urls.join(' '));
    assert.equal(readFileSync(path.join(site, 'build', icons.replace(/[?#].*$/, '')), 'utf8'), 'stand-in woff2 bytes\n');
    const flame = urls.find((url) => /^\/assets\/flame-[0-9a-f]{10}\.svg$/.test(url));
    assert.ok(flame && existsSync(path.join(site, 'build', flame)), urls.join(' '));
  });

  test('navbar links keep their target and follow activeBaseRegex; a second docs instance shows its own last update', () => {
    const navLinks = (doc: Doc) => byClass(doc, 'navbar__link').filter((a) => a.name === 'a');
    const workshopPage = page(site, 'workshop/tools');
    const byLabel = new Map(navLinks(workshopPage).map((a) => [text(a), a]));
    assert.equal(byLabel.get('Forum')?.attribs.target, '_self', 'a link to another site stays in this tab when told');
    assert.equal(byLabel.get('Forum')?.attribs.rel, undefined);
    assert.equal(byLabel.get('Wicks')?.attribs.target, '_blank', 'a site link opens a new tab when told');
    assert.equal(byLabel.get('Wicks')?.attribs.rel, 'noopener noreferrer');
    // An external link's own HTML is its whole content; a label gets the external mark.
    assert.equal(byClass(byLabel.get('Code')!, 'icon-external').length, 0);
    assert.equal(byClass(byLabel.get('Forum')!, 'icon-external').length, 1);
    // activeBaseRegex marks Workshop on every page of the workshop, not only the one it links to.
    assert.deepEqual(
      navLinks(workshopPage)
        .filter((a) => hasClass(a, 'navbar__link--active'))
        .map(text),
      ['Workshop'],
    );
    assert.match(text(byTag(workshopPage, 'body')[0]!), /Last updated on Apr 1, 2024 by Ada Wick/);
    assert.doesNotMatch(text(byTag(page(site, 'docs/intro'), 'body')[0]!), /Last updated/);
  });

  test("a wrapper of Docusaurus's TOC gets the theme's table of contents, with the page's headings", () => {
    const [wrapper] = byClass(page(site, 'docs/next/wicks'), 'lantern-toc');
    assert.ok(wrapper, 'the TOC wrapper is rendered');
    assert.deepEqual(
      byTag(wrapper, 'a').map((a) => [text(a), a.attribs.href]),
      [
        ['Flat wicks', '#flat-wicks'],
        ['Round wicks', '#round-wicks'],
      ],
    );
    assert.equal(text(byClass(wrapper, 'lantern-toc__note')[0]!), 'Headings of this page');
  });
});

describe('the swizzled colour-mode toggle in Chromium', { skip: browserSkipReason() }, () => {
  let opened: BuiltSiteInBrowser;
  before(async () => {
    opened = await openBuiltSite(copyFixture('docusaurus-swizzled'));
  });
  after(async () => {
    await opened?.close();
  });

  test('a click on it switches to dark mode and the button follows; the choice is kept for the next page', async () => {
    const context = await opened.browser.newContext({ viewport: { width: 1280, height: 700 } });
    try {
      const tab = await context.newPage();
      await tab.goto(`${opened.base}/docs/intro`);
      await tab.waitForSelector('html[data-docsite-ready]');
      await tab.click('button.lantern-toggle__button');
      await tab.waitForSelector('html[data-theme="dark"]');
      await tab.waitForSelector('button.lantern-toggle__button[data-mode="dark"][aria-label="Use light mode"]');
      await tab.goto(`${opened.base}/docs/next/wicks`);
      await tab.waitForSelector('html[data-docsite-ready]');
      assert.equal(await tab.evaluate(() => document.documentElement.getAttribute('data-theme')), 'dark');
      await tab.waitForSelector('button.lantern-toggle__button[data-mode="dark"]');
    } finally {
      await context.close();
    }
  });
});
