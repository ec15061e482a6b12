/**
 * Navbar item types of a site's own and the dark footer (test/fixtures/docusaurus-navbar-items): the
 * site's src/theme/NavbarItem/ComponentTypes spreads the theme's map and adds `custom-*` types, one
 * drawn by its own markup and one by the theme's `default` type. The built pages show both in the
 * navbar with the item's props, and `footer--dark`; a type nothing draws stops the build at the item
 * in the config and leaves the output as it was; a docsite site.config takes the same items; the
 * docsVersion item links to the version read. In
 * Chromium the site's item hydrates, shows in the phone menu, and the dark footer is dark in light mode.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { browserSkipReason, openBuiltSite, type BuiltSiteInBrowser } from '../support/browser';
import { byClass, byTag, hasClass, parseChecked, text, type Doc } from '../support/dom';
import { copyFixture, outputFiles, readOut, runCli } from '../support/helpers';

const FIXTURE = 'docusaurus-navbar-items';
const page = (site: string, route: string): Doc => parseChecked(readOut(site, route === '' ? 'index.html' : `${route}/index.html`));

/** The config with `items` added after the navbar's last item. */
function addNavbarItems(site: string, items: string[]): void {
  const file = path.join(site, 'docusaurus.config.js');
  const last = "{ href: 'https://code.tides.example.org', label: 'Code', position: 'right' },";
  const source = readFileSync(file, 'utf8');
  assert.ok(source.includes(last));
  writeFileSync(file, source.replace(last, [last, ...items].join('\n        ')));
}

describe("a Docusaurus site's own navbar item types and its dark footer", () => {
  let site: string;
  before(() => {
    site = copyFixture(FIXTURE);
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test("a custom-* item renders the site's component in the navbar, on its side, with the item's props", () => {
    for (const route of ['', 'docs/intro', 'docs/harbours']) {
      const doc = page(site, route);
      const [right] = byClass(doc, 'navbar__items--right');
      const [clock] = byClass(right!, 'tide-clock');
      assert.ok(clock, `${route}: the site's TideClock is among the right-hand items`);
      assert.equal(clock.attribs['data-port'], 'Saltmarsh');
      assert.equal(text(clock), 'High water at Saltmarsh: 06:40');
      // className is one of the props, as Docusaurus passes it; server-rendered, the effect has not run.
      assert.ok(hasClass(clock, 'tide-clock--compact'));
      assert.equal(clock.attribs['data-live'], 'no');
      assert.ok(
        byClass(right!, 'navbar__item').some((wrapper) => byClass(wrapper, 'tide-clock').length === 1),
        "the component's own wrapper",
      );
      // Before the Code link, as written in the config.
      assert.ok(text(right!).indexOf('High water') < text(right!).indexOf('Code'), `${route}: items keep the config's order`);
    }
  });

  test("a custom-* item may draw itself with the theme's own item types (ComponentTypes.default)", () => {
    const doc = page(site, 'docs/harbours');
    const left = byClass(doc, 'navbar__items')[0]!;
    const links = byTag(left, 'a').map((link) => [link.attribs.href, text(link), link.attribs.class]);
    assert.deepEqual(links, [
      ['/docs/intro', 'Guide', 'navbar__link navbar__link--active'],
      ['/docs/harbours', 'HARBOURS', 'navbar__link navbar__link--active harbour-link'],
    ]);
    // On another page the site's link is not the active one.
    const intro = byTag(byClass(page(site, 'docs/intro'), 'navbar__items')[0]!, 'a');
    assert.equal(intro[1]?.attribs.class, 'navbar__link harbour-link');
  });

  test('footer.style dark puts footer--dark on the footer, as Docusaurus does', () => {
    for (const route of ['', 'docs/intro']) {
      const footers = byTag(page(site, route), 'footer').filter((node) => hasClass(node, 'footer'));
      assert.equal(footers.length, 1);
      assert.equal(footers[0]!.attribs.class, 'footer footer--dark');
      assert.match(text(footers[0]!), /Tide Tables, charted by volunteers/);
    }
  });

  test('without footer.style the footer is light: no footer--dark', () => {
    const light = copyFixture(FIXTURE);
    const config = path.join(light, 'docusaurus.config.js');
    writeFileSync(config, readFileSync(config, 'utf8').replace("style: 'dark',", ''));
    const result = runCli(['build', light]);
    assert.equal(result.status, 0, result.stderr);
    const [footer] = byTag(page(light, 'docs/intro'), 'footer').filter((node) => hasClass(node, 'footer'));
    assert.equal(footer?.attribs.class, 'footer');
  });
});

describe("a navbar dropdown's html entries and links labelled with HTML", () => {
  test('an html entry is written as it is in its own <li> with its className; a link with html shows that HTML as its label', () => {
    const site = copyFixture(FIXTURE);
    addNavbarItems(site, [
      "{ type: 'dropdown', label: 'Charts', position: 'left', items: [",
      "  { label: 'Reading a table', to: '/docs/intro' },",
      "  { type: 'html', value: '<hr class=\"chart-rule\"/>', className: 'chart-separator' },",
      "  { html: '<b>Harbours</b> list', to: 'docs/harbours', className: 'harbour-entry' },",
      '] },',
    ]);
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const doc = page(site, 'docs/harbours');
    const [menu] = byClass(doc, 'navbar-dropdown__menu');
    assert.ok(menu, 'the dropdown is drawn');
    const entries = byTag(menu, 'li');
    assert.equal(entries.length, 3);
    assert.equal(text(entries[0]!), 'Reading a table');
    assert.equal(entries[1]!.attribs.class, 'chart-separator');
    assert.equal(byClass(entries[1]!, 'chart-rule').length, 1, 'the html is written as it is');
    const [link] = byTag(entries[2]!, 'a');
    assert.equal(link?.attribs.href, '/docs/harbours');
    assert.equal(link?.attribs.class, 'navbar-dropdown__link navbar-dropdown__link--active harbour-entry');
    assert.equal(byTag(link!, 'b').length, 1, 'the label is the HTML');
    assert.equal(text(link!), 'Harbours list');
  });

  test('an entry of a type docsite cannot draw in a dropdown is an error at it', () => {
    const site = copyFixture(FIXTURE);
    addNavbarItems(site, ["{ type: 'dropdown', label: 'Charts', items: [{ type: 'docsVersion' }] },"]);
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /themeConfig\.navbar\.items\[4\]\.items\[0\]\.type: dropdown entries of type docsVersion are not supported yet/);
  });
});

describe("footer links with keys of the site's own", () => {
  const edit = (site: string, items: string) => {
    const file = path.join(site, 'docusaurus.config.js');
    const column = "links: [{ title: 'Guide', items: [{ label: 'Reading a table', to: '/docs/intro' }] }],";
    const source = readFileSync(file, 'utf8');
    assert.ok(source.includes(column));
    writeFileSync(file, source.replace(column, `links: [{ title: 'Guide', className: 'guide-column', items: [${items}] }],`));
  };

  test('other keys of a link are attributes of its <a>; className is kept on links, html items and columns', () => {
    const site = copyFixture(FIXTURE);
    edit(
      site,
      [
        "{ label: 'Reading a table', to: '/docs/intro', rel: 'help', 'data-track': 'footer-guide', tabIndex: 0, className: 'guide-link' },",
        "{ label: 'Code', href: 'https://code.tides.example.org', target: '_self', position: 'left' },",
        "{ html: '<em>Offline charts</em>', className: 'offline-note' },",
      ].join(' '),
    );
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const footer = byTag(page(site, 'docs/intro'), 'footer').find((node) => hasClass(node, 'footer'))!;
    assert.equal(byClass(footer, 'guide-column').length, 1, "the column's class");
    const [guide, code] = byTag(footer, 'a');
    assert.equal(guide?.attribs.href, '/docs/intro');
    assert.equal(text(guide!), 'Reading a table');
    assert.equal(guide?.attribs.rel, 'help');
    assert.equal(guide?.attribs['data-track'], 'footer-guide');
    assert.equal(guide?.attribs.tabindex, '0');
    assert.ok(hasClass(guide!, 'guide-link'));
    assert.equal(code?.attribs.href, 'https://code.tides.example.org');
    assert.equal(code?.attribs.target, '_self', "the site's target wins over the new tab");
    assert.equal(code?.attribs.position, 'left', 'passed through to the <a>, as Docusaurus does');
    const [note] = byClass(footer, 'offline-note');
    assert.equal(note && byTag(note, 'em').length, 1);
  });

  test('a key whose value is not a plain value, or a React handler, is an error at it', () => {
    const site = copyFixture(FIXTURE);
    edit(site, "{ label: 'Reading a table', to: '/docs/intro', extra: { deep: true }, onClick: 'track()' },");
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stdout);
    assert.match(result.stderr, /themeConfig\.footer\.links\[0\]\.items\[0\]\.extra: a footer link's other keys become attributes of the link/);
    assert.match(result.stderr, /themeConfig\.footer\.links\[0\]\.items\[0\]\.onClick: cannot be an attribute of the link/);
  });
});

describe('a built-in type the site replaces in its ComponentTypes', () => {
  test("is named in the build summary: the config's items of that type are still drawn by the theme", () => {
    const site = copyFixture(FIXTURE);
    const file = path.join(site, 'src', 'theme', 'NavbarItem', 'ComponentTypes.js');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace("  'custom-harbour': HarbourLink,", "  'custom-harbour': HarbourLink,\n  docsVersionDropdown: HarbourLink,"),
    );
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout + result.stderr,
      /src\/theme\/NavbarItem\/ComponentTypes\.js replaces the navbar item types docsVersionDropdown: the config's items of those types are drawn by docsite's own components/,
    );
  });
});

describe("Docusaurus's docsVersion item, drawn by the theme's ComponentTypes", () => {
  test('links to the version being read, labelled as it, unless the item gives its own label and path', () => {
    const site = copyFixture('docusaurus-swizzled');
    const file = path.join(site, 'docusaurus.config.js');
    const dropdown = "{ type: 'docsVersionDropdown', position: 'right', dropdownActiveClassDisabled: true },";
    const source = readFileSync(file, 'utf8');
    assert.ok(source.includes(dropdown));
    const items = [
      dropdown,
      "{ type: 'docsVersion', position: 'left' },",
      "{ type: 'docsVersion', position: 'left', label: 'Preview', to: '/docs/next/intro' },",
    ];
    writeFileSync(file, source.replace(dropdown, items.join('\n        ')));
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const links = (route: string) =>
      byTag(byClass(page(site, route), 'navbar__items')[0]!, 'a')
        .slice(2)
        .map((link) => [text(link), link.attribs.href]);
    assert.deepEqual(links('docs/intro'), [
      ['1.0', '/docs/intro'],
      ['Preview', '/docs/next/intro'],
    ]);
    assert.deepEqual(links('docs/next/intro'), [
      ['2.0 (preview)', '/docs/next/intro'],
      ['Preview', '/docs/next/intro'],
    ]);
  });
});

describe('a navbar item type nothing draws', () => {
  test("a custom-* type the site's ComponentTypes lacks and a type that is neither Docusaurus's nor custom-* are errors at their items; the output stays as it was", () => {
    const site = copyFixture(FIXTURE);
    const first = runCli(['build', site]);
    assert.equal(first.status, 0, first.stderr);
    const before = outputFiles(path.join(site, 'build'));
    addNavbarItems(site, ["{ type: 'custom-rainfall', position: 'right' },", "{ type: 'weatherVane', position: 'left' },"]);
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stdout);
    assert.match(
      result.stderr,
      /docusaurus\.config\.js:25:17: themeConfig\.navbar\.items\[4\]: the navbar item type "custom-rainfall" is not among those src\/theme\/NavbarItem\/ComponentTypes\.js exports \(custom-tideClock, custom-harbour\)/,
    );
    assert.match(result.stderr, /Add 'custom-rainfall': MyItem to the object src\/theme\/NavbarItem\/ComponentTypes\.js exports/);
    assert.match(
      result.stderr,
      /docusaurus\.config\.js:26:17: themeConfig\.navbar\.items\[5\]: the navbar item type "weatherVane" is not one of Docusaurus's \(default, localeDropdown, search, dropdown, html, doc, docSidebar, docsVersion, docsVersionDropdown\), and a type of the site's own starts with custom-/,
    );
    assert.match(result.stderr, /name its type custom-weatherVane/);
    assert.match(result.stderr, /CONFIG_INVALID_VALUE/);
    assert.deepEqual(outputFiles(path.join(site, 'build')), before, 'the previous output is intact');
  });

  test('a custom-* type on a site with no ComponentTypes of its own is an error at the item, and nothing is written', () => {
    const site = copyFixture(FIXTURE);
    rmSync(path.join(site, 'src', 'theme'), { recursive: true });
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stdout);
    assert.match(
      result.stderr,
      /docusaurus\.config\.js:22:17: themeConfig\.navbar\.items\[1\]: the navbar item type "custom-harbour" is the site's own, and the site has no src\/theme\/NavbarItem\/ComponentTypes to draw it/,
    );
    assert.match(result.stderr, /docusaurus\.config\.js:23:17: themeConfig\.navbar\.items\[2\]: the navbar item type "custom-tideClock"/);
    assert.ok(!existsSync(path.join(site, 'build')), 'no output folder');
  });
});

describe("a docsite site.config's own navbar item types and footer style", () => {
  const config = (navbarItem: string, footer: string) => `import { defineConfig } from 'docsite/config';

export default defineConfig({
  title: 'Fixture',
  url: 'https://fixture.example.com',
  navbar: {
    items: [
      { label: 'Docs', to: '/docs/intro' },
      ${navbarItem}
    ],
  },
  footer: { ${footer}copyright: 'Fixture footer' },
});
`;

  test('a custom-* item renders the component src/theme/NavbarItem/ComponentTypes maps it to; style dark gives footer--dark', () => {
    const site = copyFixture('basic-site');
    writeFileSync(path.join(site, 'site.config.ts'), config("{ type: 'custom-badge', position: 'right', text: 'beta' },", "style: 'dark', "));
    mkdirSync(path.join(site, 'src', 'theme', 'NavbarItem'), { recursive: true });
    writeFileSync(
      path.join(site, 'src', 'theme', 'NavbarItem', 'ComponentTypes.tsx'),
      `import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';

function Badge({ text, mobile }: { text: string; mobile?: boolean }) {
  return mobile ? <li className="badge-item">{text}</li> : <span className="badge-item">{text}</span>;
}

export default { ...ComponentTypes, 'custom-badge': Badge };
`,
    );
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const doc = page(site, 'docs/intro');
    const [badge] = byClass(byClass(doc, 'navbar__items--right')[0]!, 'badge-item');
    assert.equal(badge && text(badge), 'beta');
    assert.equal(byTag(doc, 'footer').find((node) => hasClass(node, 'footer'))?.attribs.class, 'footer footer--dark');
  });

  test("a custom-* type without a component, and style 'light' without Infima, are errors at their place in site.config.ts", () => {
    const site = copyFixture('basic-site');
    writeFileSync(path.join(site, 'site.config.ts'), config("{ type: 'custom-badge', position: 'right' },", ''));
    const missing = runCli(['build', site]);
    assert.equal(missing.status, 1, missing.stdout);
    assert.match(
      missing.stderr,
      /site\.config\.ts:9:15: navbar\.items\[1\]: the navbar item type "custom-badge" is the site's own, and the site has no src\/theme\/NavbarItem\/ComponentTypes/,
    );
    assert.ok(!existsSync(path.join(site, 'build')));
    writeFileSync(path.join(site, 'site.config.ts'), config('', "style: 'light', "));
    const light = runCli(['build', site]);
    assert.equal(light.status, 1, light.stdout);
    assert.match(light.stderr, /site\.config\.ts:12:13: footer\.style: 'light' has no effect here: docsite's footer is dark in both colour modes/);
    assert.ok(!existsSync(path.join(site, 'build')));
  });
});

describe('navbar items of the site and the dark footer in Chromium', { skip: browserSkipReason() }, () => {
  let opened: BuiltSiteInBrowser;
  before(async () => {
    opened = await openBuiltSite(copyFixture(FIXTURE));
  });
  after(async () => {
    await opened?.close();
  });

  test("the site's item is visible and hydrated in the navbar; the dark footer is dark in light mode", async () => {
    const context = await opened.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const tab = await context.newPage();
      const hydration: string[] = [];
      tab.on('console', (message) => {
        if (message.type() === 'error' && /hydrat/i.test(message.text())) hydration.push(message.text());
      });
      await tab.goto(`${opened.base}/docs/intro`);
      await tab.waitForSelector('html[data-docsite-ready]');
      await tab.waitForSelector('.navbar .tide-clock[data-live="yes"]', { state: 'visible' });
      assert.deepEqual(hydration, [], 'the server-rendered navbar hydrates as it is');
      assert.ok(await tab.isVisible('.navbar a.harbour-link'));
      assert.equal(await tab.evaluate(() => document.documentElement.getAttribute('data-theme')), 'light');
      const background = await tab.evaluate(() => getComputedStyle(document.querySelector('footer.footer--dark')!).backgroundColor);
      const [r, g, b] = background.match(/\d+/g)!.map(Number) as [number, number, number];
      const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      assert.ok(luminance < 0.3, `the footer's background ${background} is dark`);
      const pageBackground = await tab.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.notEqual(background, pageBackground);
    } finally {
      await context.close();
    }
  });

  test("in the phone menu the site's component draws its own entry, told it is the mobile one", async () => {
    const context = await opened.browser.newContext({ viewport: { width: 400, height: 800 } });
    try {
      const tab = await context.newPage();
      await tab.goto(`${opened.base}/docs/intro`);
      await tab.waitForSelector('html[data-docsite-ready]');
      // On a phone the bar's items are in the menu, not the bar.
      assert.equal(await tab.isVisible('.navbar .tide-clock'), false);
      await tab.click('button.navbar__toggle');
      const entry = await tab.waitForSelector('.mobile-drawer li.tide-clock__entry .tide-clock[data-live="yes"]', { state: 'visible' });
      assert.equal(await entry.textContent(), 'High water at Saltmarsh: 06:40');
      assert.ok(await tab.isVisible('.mobile-drawer a.harbour-link'), "the theme's default item, drawn for the menu");
    } finally {
      await context.close();
    }
  });
});
