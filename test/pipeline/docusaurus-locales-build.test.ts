/// <reference lib="dom" />
/**
 * A Docusaurus site in two locales (test/fixtures/docusaurus-locales: English at /, French at
 * /fr/, translations committed under i18n/fr/): every page is built in each locale, a
 * translated markdown page replaces its original, <Translate> and translate() show code.json's
 * messages, the navbar and footer show navbar.json's and footer.json's labels with their links
 * into the locale, the sidebar current.json's category labels, the theme's own words
 * @docusaurus/theme-translations' (code.json first); each blog (the preset's and a second instance)
 * again under /fr/ with every post, a translated one in its translation, its links, authors, feeds
 * and theme words in the locale; each page's code holds its own locale's words only; and in Chromium the locale dropdown leads to the same page in the other locale, whose navbar
 * then speaks it.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { browserSkipReason, launchChromium } from '../support/browser';
import { all, byClass, byTag, parseChecked, text, type Doc, type El } from '../support/dom';
import { copyFixture, previewBuild, readOut, runCli } from '../support/helpers';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, path.join(route, 'index.html')));
const byId = (doc: Doc, id: string): El | undefined => all(doc, (el) => el.attribs.id === id)[0];
/** Every file under `dir` with its bytes, by its path. */
const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file).toString('base64')];
      })
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
const navbarLinks = (doc: Doc) =>
  byClass(byTag(doc, 'nav')[0]!, 'navbar__link').flatMap((el) => (el.attribs.href ? [[text(el), el.attribs.href] as const] : []));

describe('a Docusaurus site with two locales', () => {
  let site: string;
  before(() => {
    site = copyFixture('docusaurus-locales');
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
  });

  test('each page is built in each locale, a translated markdown page in its translation', () => {
    for (const route of ['', 'about', 'colophon', 'docs', 'docs/setup/wick', 'docs/setup/oil']) {
      assert.ok(existsSync(path.join(site, 'build', route, 'index.html')), route);
      assert.ok(existsSync(path.join(site, 'build/fr', route, 'index.html')), `fr/${route}`);
    }
    assert.equal(text(byTag(page(site, 'fr/about'), 'h1')[0]!), 'À propos de ce guide');
    assert.equal(text(byTag(page(site, 'about'), 'h1')[0]!), 'About this guide');
    // Untranslated: shown as it is, in the locale's frame.
    const colophon = page(site, 'fr/colophon');
    assert.equal(text(byTag(colophon, 'h1')[0]!), 'Colophon');
    assert.equal(byTag(colophon, 'html')[0]!.attribs.lang, 'fr-FR');
    // The locale's own not-found page, in its frame, where Docusaurus writes it.
    const notFound = parseChecked(readOut(site, 'fr/404.html'));
    assert.equal(byTag(notFound, 'html')[0]!.attribs.lang, 'fr-FR');
    assert.equal(navbarLinks(notFound)[0]![0], 'Manuel');
  });

  test('an image written as a bare path (`flame.svg`) is the file beside the doc, as in Docusaurus', () => {
    const image = byTag(byTag(page(site, 'docs/setup/wick'), 'article')[0]!, 'img')[0]!;
    assert.match(image.attribs.src!, /^\/assets\/flame-[\w-]+\.svg$/);
  });

  test("the home page's <Translate> and translate() show code.json's messages in French, the written ones in English", () => {
    const fr = page(site, 'fr');
    assert.equal(text(byId(fr, 'greeting')!), 'Bonjour, reader');
    assert.equal(text(byId(fr, 'current-locale')!), 'fr');
    assert.equal(text(byId(fr, 'untranslated')!), 'Only in English');
    assert.equal(text(byId(fr, 'to-manual')!), 'Ouvrir le manuel');
    // A page's path leads into the locale, and so does a static file's, with or without an extension: to the locale's copy.
    assert.equal(byId(fr, 'to-manual')!.attribs.href, '/fr/docs/');
    assert.equal(byId(fr, 'lamp')!.attribs.src, '/fr/img/lamp.svg');
    assert.equal(byId(fr, 'chart')!.attribs.href, '/fr/files/wick-chart');
    assert.equal(byId(fr, 'sheet')!.attribs.href, '/fr/files/care-sheet.txt');
    assert.equal(text(byTag(fr, 'title')[0]!), 'Accueil | Lantern Guide');
    const en = page(site, '');
    assert.equal(text(byId(en, 'greeting')!), 'Hello, reader');
    assert.equal(text(byId(en, 'current-locale')!), 'en');
    assert.equal(byId(en, 'to-manual')!.attribs.href, '/docs/');
    assert.equal(byId(en, 'lamp')!.attribs.src, '/img/lamp.svg');
    assert.equal(byId(en, 'chart')!.attribs.href, '/files/wick-chart');
  });

  test("a Markdown link or image written with a site path leads into the page's locale, as Docusaurus's Link does", () => {
    const targets = (route: string) => {
      const article = byTag(page(site, route), 'article')[0]!;
      return {
        links: byTag(article, 'a')
          .map((a) => a.attribs.href)
          .filter((href) => href !== undefined && !href.startsWith('#')),
        images: byTag(article, 'img').map((img) => img.attribs.src),
      };
    };
    assert.deepEqual(targets('fr/docs'), {
      links: ['/fr/docs/setup/wick', '/fr/docs/setup/oil', '/fr/files/care-sheet.txt'],
      images: ['/fr/img/lamp.svg'],
    });
    assert.deepEqual(targets('docs'), { links: ['/docs/setup/wick', '/docs/setup/oil', '/files/care-sheet.txt'], images: ['/img/lamp.svg'] });
  });

  test('every file of static/ is written again under /fr/, as Docusaurus writes it, with its compressed copies', () => {
    for (const file of ['img/lamp.svg', 'files/wick-chart', 'files/care-sheet.txt']) {
      const own = readFileSync(path.join(site, 'static', file));
      assert.deepEqual(readFileSync(path.join(site, 'build', file)), own, file);
      assert.deepEqual(readFileSync(path.join(site, 'build/fr', file)), own, `fr/${file}`);
    }
    // The locale's copies of a text file of 1 KB or more, the same bytes as the default locale's.
    for (const suffix of ['.br', '.gz']) {
      const copy = readFileSync(path.join(site, 'build/fr/files/care-sheet.txt' + suffix));
      assert.deepEqual(copy, readFileSync(path.join(site, 'build/files/care-sheet.txt' + suffix)), suffix);
    }
    assert.equal(
      gunzipSync(readFileSync(path.join(site, 'build/fr/files/care-sheet.txt.gz'))).toString(),
      readFileSync(path.join(site, 'static/files/care-sheet.txt'), 'utf8'),
    );
  });

  test('a build after a static file is removed leaves none of its copies, and one after no change writes the same bytes', () => {
    const again = copyFixture('docusaurus-locales');
    // A text file large enough for compressed copies, which no page links to.
    writeFileSync(path.join(again, 'static/files/old-notes.txt'), 'Notes from last winter, kept for a while.\n'.repeat(40));
    const build = (label: string) => {
      const result = runCli(['build', again]);
      assert.equal(result.status, 0, `${label}: ${result.stderr}`);
    };
    build('cold');
    const before = snapshot(path.join(again, 'build'));
    assert.ok(before['fr/files/old-notes.txt.br'], 'the locale copy has its compressed copies');
    build('unchanged');
    assert.deepEqual(snapshot(path.join(again, 'build')), before);
    rmSync(path.join(again, 'static/files/old-notes.txt'));
    writeFileSync(path.join(again, 'static/files/wick-chart'), 'Wick widths, measured again.\n');
    build('edited');
    for (const file of ['files/old-notes.txt', 'files/old-notes.txt.br', 'fr/files/old-notes.txt', 'fr/files/old-notes.txt.gz'])
      assert.ok(!existsSync(path.join(again, 'build', file)), file);
    assert.equal(readFileSync(path.join(again, 'build/fr/files/wick-chart'), 'utf8'), 'Wick widths, measured again.\n');
    // The next cold build writes what the incremental one did.
    const edited = snapshot(path.join(again, 'build'));
    rmSync(path.join(again, '.docsite'), { recursive: true, force: true });
    rmSync(path.join(again, 'build'), { recursive: true, force: true });
    build('cold again');
    assert.deepEqual(snapshot(path.join(again, 'build')), edited);
  });

  test('the local-search theme the site lists gives it search files', () => {
    for (const file of ['index.json', 'records.json', 'worker.js', 'modal.css']) assert.ok(existsSync(path.join(site, 'build/_docsite/search', file)), file);
  });

  test("the navbar and footer show the locale's labels and lead into the locale; href links stay as written", () => {
    const fr = page(site, 'fr/docs/setup/wick');
    assert.deepEqual(navbarLinks(fr), [
      ['Manuel', '/fr/docs/'],
      ['Soin de la mèche', '/fr/docs/setup/wick'],
      ['À propos', '/fr/about'],
      ['Shop', 'https://example.com/lanterns'],
    ]);
    assert.equal(text(byClass(fr, 'navbar__title')[0]!), 'Lanterne');
    // The doc item is the active one on the pages of its sidebar, in the locale too ("Manual" has a
    // relative activeBasePath, 'docs', which Docusaurus reads as a path under the base URL).
    assert.deepEqual(byClass(fr, 'navbar__link--active').map(text), ['Soin de la mèche']);
    const footer = byTag(fr, 'footer')[0]!;
    assert.match(text(footer), /Lire/);
    assert.match(text(footer), /Écrit pour les tests de docsite/);
    const footerLinks = byTag(footer, 'a').map((el) => [text(el), el.attribs.href]);
    assert.deepEqual(footerLinks.slice(0, 2), [
      ['Premiers pas', '/fr/docs/'],
      ['Elsewhere', 'https://example.com/elsewhere'],
    ]);
    assert.deepEqual(navbarLinks(page(site, 'docs/setup/wick')).slice(0, 3), [
      ['Manual', '/docs/'],
      ['Wick care', '/docs/setup/wick'],
      ['About', '/about'],
    ]);
  });

  test("the sidebar (written as an object of categories) has current.json's category label in French", () => {
    const sidebar = (route: string) => text(byTag(page(site, route), 'aside')[0]!);
    assert.match(sidebar('docs/setup/oil'), /First light.*Setting up/);
    assert.match(sidebar('fr/docs/setup/oil'), /Mise en route/);
    assert.doesNotMatch(sidebar('fr/docs/setup/oil'), /Setting up/);
    assert.match(sidebar('docs/setup/oil'), /Setting up/);
  });

  test("the theme's own words are the locale's: Docusaurus's translations, the site's code.json first; English pages keep docsite's", () => {
    const words = (route: string) => {
      const doc = page(site, route);
      const one = (name: string) => text(byClass(doc, name)[0]!);
      return {
        skip: one('skip-link'),
        toc: one('toc-mobile__summary'),
        tocLabel: byClass(doc, 'toc')[0]!.attribs['aria-label'],
        pager: byClass(doc, 'pagination-nav__sublabel').map(text),
        tip: one('admonition__title'),
        search: one('DocSearch-Button-Placeholder'),
      };
    };
    assert.deepEqual(words('fr/docs/setup/oil'), {
      skip: 'Aller au contenu principal',
      toc: 'Sur cette page',
      tocLabel: 'Sur cette page',
      pager: ['Précédent'],
      tip: 'Astuce',
      search: 'Chercher',
    });
    assert.deepEqual(words('docs/setup/oil'), {
      skip: 'Skip to main content',
      toc: 'On this page',
      tocLabel: 'On this page',
      pager: ['Previous'],
      tip: 'Tip',
      search: 'Search',
    });
    // The site's code.json names the next page its own way; the theme's word for the previous one stays.
    assert.deepEqual(byClass(page(site, 'fr/docs/setup/wick'), 'pagination-nav__sublabel').map(text), ['Précédent', 'Page suivante']);
    assert.deepEqual(byClass(page(site, 'docs/setup/wick'), 'pagination-nav__sublabel').map(text), ['Previous', 'Next']);
    const notFound = (file: string) => text(byTag(parseChecked(readOut(site, file)), 'h1')[0]!);
    assert.equal(notFound('fr/404.html'), 'Page introuvable');
    assert.equal(notFound('404.html'), 'Page Not Found');
  });

  test('each blog is whole under /fr/: every post, a translated one in its translation, the others as written', () => {
    const titles = (route: string) => byClass(page(site, route), 'blog-preview__title').map(text);
    assert.deepEqual(titles('fr/blog'), ['Oil in winter', 'Tailler la mèche']);
    assert.deepEqual(titles('blog'), ['Oil in winter', 'Trimming the wick']);
    const list = page(site, 'fr/blog');
    assert.equal(byTag(list, 'html')[0]!.attribs.lang, 'fr-FR');
    // options.json translates the blog's title, description and sidebar title.
    assert.equal(text(byTag(list, 'h1')[0]!), 'Carnet');
    assert.equal(text(byClass(list, 'blog-list__description')[0]!), "Notes sur l'entretien des lanternes");
    assert.equal(text(byClass(list, 'blog-sidebar__title')[0]!), 'Billets récents');
    assert.equal(text(byTag(page(site, 'blog'), 'h1')[0]!), 'Blog');

    const translated = page(site, 'fr/blog/2024/03/01/trimming-the-wick');
    assert.equal(text(byTag(translated, 'h1')[0]!), 'Tailler la mèche');
    assert.match(text(byClass(translated, 'blog-post__content')[0]!), /Une mèche courte brûle sans fumée/);
    // authors.yml translated beside the posts.
    assert.equal(text(byClass(translated, 'blog-author__title')[0]!), 'Allumeuse de réverbères');
    const untranslated = page(site, 'fr/blog/2024/04/02/winter-oil');
    assert.equal(text(byTag(untranslated, 'h1')[0]!), 'Oil in winter');
    assert.equal(byTag(untranslated, 'html')[0]!.attribs.lang, 'fr-FR');
    const english = page(site, 'blog/2024/03/01/trimming-the-wick');
    assert.equal(text(byTag(english, 'h1')[0]!), 'Trimming the wick');
    assert.equal(text(byClass(english, 'blog-author__title')[0]!), 'Lamplighter');

    // Each blog page names its address in the other locale, from either side (hreflang alternates).
    const alternates = (route: string) =>
      byTag(page(site, route), 'link')
        .filter((el) => el.attribs.rel === 'alternate' && el.attribs.hreflang)
        .map((el) => `${el.attribs.hreflang} ${new URL(el.attribs.href!).pathname}`);
    for (const english of ['blog/2024/03/01/trimming-the-wick', 'blog/tags/wick', 'news/2024/05/10/new-glass']) {
      const expected = [`en /${english}`, `fr-FR /fr/${english}`, `x-default /${english}`];
      assert.deepEqual(alternates(english), expected, english);
      assert.deepEqual(alternates(`fr/${english}`), expected, `fr/${english}`);
    }

    // The second blog instance, from i18n/fr/docusaurus-plugin-content-blog-news/.
    assert.equal(text(byTag(page(site, 'fr/news/2024/05/10/new-glass'), 'h1')[0]!), 'Nouveaux verres de lampe');
    assert.equal(text(byTag(page(site, 'news/2024/05/10/new-glass'), 'h1')[0]!), 'New glass chimneys');
  });

  test("a locale's posts link to each other, their tags and their list in the locale", () => {
    const contentLinks = (route: string) => byTag(byClass(page(site, route), 'blog-post__content')[0]!, 'a').map((el) => el.attribs.href);
    // The translated post to an untranslated one, and back; the English posts stay in English.
    assert.deepEqual(contentLinks('fr/blog/2024/03/01/trimming-the-wick'), ['/fr/blog/2024/04/02/winter-oil']);
    assert.deepEqual(contentLinks('fr/blog/2024/04/02/winter-oil'), ['/fr/blog/2024/03/01/trimming-the-wick']);
    assert.deepEqual(contentLinks('blog/2024/03/01/trimming-the-wick'), ['/blog/2024/04/02/winter-oil']);
    for (const route of ['fr/blog', 'fr/blog/2024/04/02/winter-oil', 'fr/blog/tags/wick', 'fr/blog/archive']) {
      const main = byTag(page(site, route), 'main')[0]!;
      const sidebar = byClass(page(site, route), 'blog-sidebar')[0]!;
      const hrefs = [...byTag(main, 'a'), ...byTag(sidebar, 'a')].map((el) => el.attribs.href!);
      assert.ok(hrefs.length > 0, route);
      for (const href of hrefs) assert.match(href, /^\/fr\/blog\//, `${route}: ${href}`);
    }
    assert.deepEqual(
      byClass(page(site, 'fr/blog/2024/04/02/winter-oil'), 'pagination-nav__link').map((el) => el.attribs.href),
      ['/fr/blog/2024/03/01/trimming-the-wick'],
    );
  });

  test("each locale's blog has its own feeds, in its language, announced by its pages", () => {
    const rss = readOut(site, 'fr/blog/rss.xml');
    assert.match(rss, /<language>fr<\/language>/);
    assert.match(rss, /<link>https:\/\/lantern\.example\.com\/fr\/blog<\/link>/);
    assert.match(rss, /Tailler la mèche[\s\S]*https:\/\/lantern\.example\.com\/fr\/blog\/2024\/03\/01\/trimming-the-wick/);
    assert.match(rss, /Oil in winter/);
    assert.match(readOut(site, 'fr/blog/atom.xml'), /Tailler la mèche/);
    assert.match(readOut(site, 'fr/news/atom.xml'), /Nouveaux verres de lampe/);
    const english = readOut(site, 'blog/rss.xml');
    assert.match(english, /Trimming the wick/);
    assert.doesNotMatch(english, /\/fr\/|Tailler/);
    const feeds = byTag(page(site, 'fr/blog'), 'link').filter((el) => el.attribs.type === 'application/rss+xml');
    assert.deepEqual(
      feeds.map((el) => el.attribs.href),
      ['https://lantern.example.com/fr/blog/rss.xml'],
    );
  });

  test("the blog's theme words and dates are the locale's; English pages keep docsite's", () => {
    const words = (route: string) => {
      const doc = page(site, route);
      const first = (name: string) => byClass(doc, name).map(text)[0];
      return {
        date: first('blog-meta')?.split(' · ')[0],
        readingTime: first('blog-meta__reading-time'),
        tags: first('blog-tags__label'),
        more: first('blog-preview__more'),
        pager: byClass(doc, 'pagination-nav__sublabel').map(text),
      };
    };
    assert.deepEqual(words('fr/blog'), { date: '2 avril 2024', readingTime: 'Une minute de lecture', tags: 'Tags :', more: 'Lire plus', pager: [] });
    assert.deepEqual(words('blog'), { date: 'April 2, 2024', readingTime: 'One min read', tags: 'Tags:', more: 'Read more', pager: [] });
    assert.deepEqual(words('fr/blog/2024/03/01/trimming-the-wick').pager, ['Article plus récent']);
    assert.deepEqual(words('blog/2024/03/01/trimming-the-wick').pager, ['Newer post']);
    const tagPage = page(site, 'fr/blog/tags/wick');
    assert.equal(text(byTag(tagPage, 'h1')[0]!), 'Un article tagués avec « wick »');
    assert.equal(text(byClass(tagPage, 'blog-list__all-tags')[0]!), 'Voir tous les tags');
    assert.equal(text(byTag(page(site, 'blog/tags/wick'), 'h1')[0]!), 'One post tagged with "wick"');
  });

  test("translate() called as a module loads (outside any component) gives the messages of the page's locale", () => {
    const cards = (route: string) => byTag(byId(page(site, route), 'cards')!, 'li').map(text);
    assert.deepEqual(cards('fr'), ['Lumière vive', 'Peu de fumée']);
    assert.deepEqual(cards(''), ['Bright light', 'Little smoke']);
  });

  test("translate() at the top of a swizzled theme component gives the messages of the page's locale", () => {
    const note = (route: string) => text(byId(page(site, route), 'footer-note')!);
    assert.equal(note('fr'), 'Mèche taillée chaque jour');
    assert.equal(note('fr/docs/setup/oil'), 'Mèche taillée chaque jour');
    assert.equal(note(''), 'Trimmed daily');
    assert.equal(note('docs/setup/oil'), 'Trimmed daily');
  });

  test("a page's code carries its own locale's navbar, footer and messages, and no other locale's", () => {
    /** The text of every script a page loads or preloads. */
    const scripts = (route: string) =>
      [...readOut(site, path.join(route, 'index.html')).matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => readOut(site, match[1]!));
    const french = (code: string) => code.includes('Lanterne') || code.includes('Sur cette page');
    assert.ok(scripts('fr/docs/setup/oil').some(french), 'a French page loads its locale');
    for (const route of ['', 'docs/setup/oil', 'about', 'blog']) assert.ok(!scripts(route).some(french), `${route || '/'} loads no French`);
  });

  test('a translation file that is not JSON stops the build at its line, naming the file', () => {
    const broken = copyFixture('docusaurus-locales');
    writeFileSync(path.join(broken, 'i18n/fr/docusaurus-theme-classic/navbar.json'), '{\n  "title": { "message": "Lanterne" },\n  oops\n}\n');
    const built = runCli(['build', broken]);
    assert.equal(built.status, 1);
    assert.match(built.stderr, /i18n\/fr\/docusaurus-theme-classic\/navbar\.json:3:\d+/);
    assert.match(built.stderr, /not valid JSON/);
    assert.equal(existsSync(path.join(broken, 'build')), false);
  });

  describe('in Chromium', { skip: browserSkipReason() }, () => {
    let browser: Browser;
    let base: string;
    let close: () => void;
    before(async () => {
      const preview = await previewBuild(path.join(site, 'build'));
      base = preview.base;
      close = () => preview.server.close();
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      close?.();
    });

    test('the locale dropdown leads to the same page in French, whose navbar and text are French; and back', async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      try {
        const tab = await context.newPage();
        const errors: string[] = [];
        tab.on('pageerror', (error) => errors.push(error.message));
        // A page whose browser render differs from its HTML (a locale's words) says so as React recovers.
        tab.on('console', (message) => message.type() === 'error' && /Recoverable|hydrat/i.test(message.text()) && errors.push(message.text()));
        await tab.goto(`${base}/about`);
        await tab.waitForSelector('html[data-docsite-ready]');
        await tab.click('.navbar-dropdown--locales .navbar-dropdown__toggle');
        await tab.locator('.navbar-dropdown--locales .navbar-dropdown__link', { hasText: 'Français' }).click();
        await tab.waitForURL(`${base}/fr/about`);
        await tab.waitForFunction(() => document.querySelector('h1')?.textContent === 'À propos de ce guide');
        assert.equal(await tab.locator('.navbar__items .navbar__link').first().innerText(), 'Manuel');
        // No label in localeConfigs: the locale's name in its own language, as Docusaurus gives it.
        assert.equal(await tab.locator('.navbar-dropdown--locales .navbar__label').innerText(), 'Français');

        await tab.goto(`${base}/fr/`);
        await tab.waitForSelector('html[data-docsite-ready]');
        assert.equal(await tab.locator('#greeting').innerText(), 'Bonjour, reader');
        assert.deepEqual(await tab.locator('#cards li').allInnerTexts(), ['Lumière vive', 'Peu de fumée']);
        // A swizzled component's module-level translate() runs after the locale's messages, in the browser too.
        assert.equal(await tab.locator('#footer-note').innerText(), 'Mèche taillée chaque jour');
        await tab.click('.navbar-dropdown--locales .navbar-dropdown__toggle');
        await tab.locator('.navbar-dropdown--locales .navbar-dropdown__link', { hasText: 'English' }).click();
        await tab.waitForURL(`${base}/`);
        await tab.waitForFunction(() => document.querySelector('#greeting')?.textContent === 'Hello, reader');
        assert.equal(await tab.locator('.navbar__items .navbar__link').first().innerText(), 'Manual');
        // Another locale's page is loaded whole, so its modules run with its own words.
        assert.deepEqual(await tab.locator('#cards li').allInnerTexts(), ['Bright light', 'Little smoke']);
        assert.equal(await tab.locator('#footer-note').innerText(), 'Trimmed daily');
        assert.equal(await tab.locator('.skip-link').innerText(), 'Skip to main content');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });
});
