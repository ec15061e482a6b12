/**
 * A Docusaurus site whose second docs instance has versions of its own
 * (test/fixtures/docusaurus-instance-versions: the SDK reference, id sdk, with sdk_versions.json,
 * sdk_versioned_docs/ and sdk_versioned_sidebars/, beside the main docs' own versions, in English
 * and French): routes, sidebars per version, banners, badges, noindex, the two version dropdowns,
 * the navbar doc items, search facets, the client hooks, the instance's version options, and the
 * errors that remain.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { all, byClass, byTag, parseChecked, text, type Doc } from '../support/dom';
import { copyFixture, readOut, runCli } from '../support/helpers';

const FIXTURE = 'docusaurus-instance-versions';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, path.join(route, 'index.html')));
const built = (site: string, route: string) => existsSync(path.join(site, 'build', route, 'index.html'));
const sidebarLinks = (doc: Doc) => byClass(byTag(doc, 'aside')[0]!, 'menu__link').flatMap((el) => (el.attribs.href ? [el.attribs.href] : []));
const banner = (doc: Doc) => byClass(doc, 'version-banner')[0];
const robots = (doc: Doc) => all(doc, (el) => el.name === 'meta' && el.attribs.name === 'robots').map((el) => el.attribs.content);
/** The version dropdown the config gives this class: its label, its links by label, the active one. */
const dropdown = (doc: Doc, className: string) => {
  const root = byClass(doc, 'navbar-dropdown--versions').find((el) => el.attribs.class!.split(' ').includes(className));
  assert.ok(root, `a version dropdown with the class ${className}`);
  return {
    label: text(byClass(root, 'navbar__label')[0]!),
    links: Object.fromEntries(byClass(root, 'navbar-dropdown__link').map((el) => [text(el), el.attribs.href!])),
    active: byClass(root, 'navbar-dropdown__link--active').map(text),
  };
};

/** A copy of the fixture with its config's text changed by `edit`, built: the CLI's result. */
function buildEdited(edit: (config: string) => string) {
  const site = copyFixture(FIXTURE);
  const file = path.join(site, 'docusaurus.config.js');
  const before = readFileSync(file, 'utf8');
  const after = edit(before);
  assert.notEqual(after, before, 'the edit changes the config');
  writeFileSync(file, after);
  return { site, result: runCli(['build', site]) };
}

describe("a second docs instance with versions of its own, beside the main docs' versions", () => {
  let site: string;
  before(() => {
    site = copyFixture(FIXTURE);
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test('its newest release is at its route, its docs folder under next/, an older release at the path its options give', () => {
    const article = (route: string) => text(byTag(page(site, route), 'article')[0]!);
    assert.match(article('/sdk/overview'), /Release two of the SDK/);
    assert.match(article('/sdk/next/overview'), /canary SDK/);
    assert.match(article('/sdk/legacy/overview'), /first SDK/);
    for (const route of ['sdk/api/client', 'sdk/next/api/client', 'sdk/next/api/streams', 'sdk/legacy/setup']) assert.ok(built(site, route), route);
    // A doc is only in the versions that have it; the release path replaces the version name.
    for (const route of ['sdk/api/streams', 'sdk/legacy/api/client', 'sdk/1.0/overview', 'sdk/2.0/overview', 'sdk/setup'])
      assert.equal(built(site, route), false, route);
    // The main docs keep their own versions and routes.
    assert.ok(built(site, 'docs/intro') && built(site, 'docs/next/firing'));
    // The French build has every version, a translated page in place of its original.
    assert.equal(text(byTag(page(site, '/fr/sdk/overview'), 'h1')[0]!), 'Aperçu du SDK');
    assert.match(text(byTag(page(site, '/fr/sdk/legacy/overview'), 'article')[0]!), /first SDK/);
  });

  test('each version has its own sidebar, and a relative link stays in its version', () => {
    assert.deepEqual(sidebarLinks(page(site, '/sdk/next/api/streams')), ['/sdk/next/overview', '/sdk/next/api/client', '/sdk/next/api/streams']);
    assert.deepEqual(sidebarLinks(page(site, '/sdk/api/client')), ['/sdk/overview', '/sdk/api/client']);
    assert.deepEqual(sidebarLinks(page(site, '/sdk/legacy/setup')), ['/sdk/legacy/overview', '/sdk/legacy/setup']);
    const links = (route: string) => byTag(byTag(page(site, route), 'article')[0]!, 'a').map((el) => el.attribs.href);
    assert.deepEqual(links('/sdk/overview'), ['/sdk/api/client']);
    assert.deepEqual(links('/sdk/legacy/overview'), ['/sdk/legacy/setup']);
    assert.deepEqual(links('/sdk/next/api/client'), ['/sdk/next/api/streams']);
  });

  test("banners, badges and noindex follow the instance's own versions and labels", () => {
    const canary = banner(page(site, '/sdk/next/api/streams'));
    assert.ok(canary);
    assert.match(text(canary), /^This is unreleased documentation for Kiln Manual Canary version\./);
    assert.match(text(canary), /latest version \(2\.0\)/);
    // The page the latest release lacks: its banner leads to the release's first doc.
    assert.equal(byTag(canary, 'a')[0]!.attribs.href, '/sdk/overview');
    assert.equal(byTag(banner(page(site, '/sdk/next/api/client'))!, 'a')[0]!.attribs.href, '/sdk/api/client');
    const old = banner(page(site, '/sdk/legacy/setup'));
    assert.ok(old);
    assert.match(text(old), /^This is documentation for Kiln Manual 1\.x \(old\), which is no longer actively maintained\./);
    assert.equal(banner(page(site, '/sdk/api/client')), undefined);
    assert.equal(text(byClass(page(site, '/sdk/legacy/setup'), 'version-badge')[0]!), 'Version: 1.x (old)');
    assert.equal(text(byClass(page(site, '/sdk/api/client'), 'version-badge')[0]!), 'Version: 2.0');
    // The main docs' banners are their own: their 1.0 is the latest, their docs folder is "Next".
    assert.equal(banner(page(site, '/docs/intro')), undefined);
    assert.match(text(banner(page(site, '/docs/next/firing'))!), /Kiln Manual Next version/);
    // noIndex: true on 1.0, and the docs folder (not the latest) by default: out of the sitemap too.
    assert.deepEqual(robots(page(site, '/sdk/legacy/overview')), ['noindex, nofollow']);
    assert.deepEqual(robots(page(site, '/sdk/next/overview')), ['noindex, nofollow']);
    assert.deepEqual(robots(page(site, '/sdk/overview')), []);
    const sitemap = readOut(site, 'sitemap.xml');
    assert.match(sitemap, /<loc>https:\/\/kiln\.example\.com\/sdk\/api\/client<\/loc>/);
    assert.doesNotMatch(sitemap, /\/sdk\/(legacy|next)\//);
  });

  test("each version dropdown lists its own instance's versions; on a page of that instance it leads to the same page", () => {
    const client = page(site, '/sdk/api/client');
    const sdk = dropdown(client, 'sdk-versions');
    assert.equal(sdk.label, '2.0');
    assert.deepEqual(sdk.links, { Canary: '/sdk/next/api/client', '2.0': '/sdk/api/client', '1.x (old)': '/sdk/legacy/overview' });
    assert.deepEqual(sdk.active, ['2.0']);
    // The main docs' dropdown is not moved by the SDK page: each version's first doc, the latest shown.
    const manual = dropdown(client, 'manual-versions');
    assert.equal(manual.label, '1.0');
    assert.deepEqual(manual.links, { Next: '/docs/next/intro', '1.0': '/docs/intro' });
    const legacy = dropdown(page(site, '/sdk/legacy/setup'), 'sdk-versions');
    assert.equal(legacy.label, '1.x (old)');
    assert.deepEqual(legacy.links, { Canary: '/sdk/next/overview', '2.0': '/sdk/overview', '1.x (old)': '/sdk/legacy/setup' });
    // On a page of the main docs the SDK dropdown shows its latest release.
    const intro = page(site, '/docs/next/intro');
    assert.equal(dropdown(intro, 'sdk-versions').label, '2.0');
    assert.deepEqual(dropdown(intro, 'manual-versions').links, { Next: '/docs/next/intro', '1.0': '/docs/intro' });
    assert.deepEqual(dropdown(page(site, '/fr/sdk/overview'), 'sdk-versions').links, {
      Canary: '/fr/sdk/next/overview',
      '2.0': '/fr/sdk/overview',
      '1.x (old)': '/fr/sdk/legacy/overview',
    });
  });

  test("navbar doc and docSidebar items with docsPluginId lead into the instance's latest release", () => {
    const links = Object.fromEntries(byClass(page(site, '/sdk/next/api/streams'), 'navbar__link').map((el) => [text(el), el.attribs.href]));
    assert.equal(links.SDK, '/sdk/overview');
    assert.equal(links['Client API'], '/sdk/api/client');
    assert.equal(links.Manual, '/docs/intro');
  });

  test("each of its versions is its own search facet, and the hooks read the page's own instance and version", () => {
    const records = JSON.parse(readOut(site, '_docsite/search/records.json')) as { url: string; docusaurus_tag: string }[];
    const tags = (route: string) => [
      ...new Set(records.filter((record) => record.url === `https://kiln.example.com${route}`).map((record) => record.docusaurus_tag)),
    ];
    assert.deepEqual(tags('/sdk/api/client'), ['docs-sdk-2.0']);
    assert.deepEqual(tags('/sdk/next/api/streams'), ['docs-sdk-current']);
    assert.deepEqual(tags('/sdk/legacy/setup'), ['docs-sdk-1.0']);
    const facts = Object.fromEntries(byTag(byClass(page(site, '/sdk/api/client'), 'version-facts')[0]!, 'li').map((el) => [el.attribs.class, text(el)]));
    assert.deepEqual(facts, { 'sdk-active': '2.0 2.0', 'main-active': 'none', 'docs-version': 'sdk 2.0 2.0 true', 'sdk-versions': 'current, 2.0, 1.0' });
  });

  test("an older version's edit link is its file under sdk_versioned_docs, as Docusaurus makes it", () => {
    const edit = (route: string) => byClass(page(site, route), 'edit-this-page')[0]!.attribs.href;
    assert.equal(edit('/sdk/api/client'), 'https://example.com/kiln/edit/main/sdk_versioned_docs/version-2.0/api/client.mdx');
    assert.equal(edit('/sdk/next/overview'), 'https://example.com/kiln/edit/main/sdk/overview.md');
  });
});

describe("a second docs instance's version options", () => {
  test('includeCurrentVersion false and onlyIncludeVersions build only the versions named; a single version is a plain link, not a menu', () => {
    const { site, result } = buildEdited((config) =>
      config.replace(/versions: \{\n[^]*?\n {8}\},/, "includeCurrentVersion: false,\n        onlyIncludeVersions: ['2.0'],"),
    );
    assert.equal(result.status, 0, result.stderr);
    assert.ok(built(site, 'sdk/overview') && built(site, 'sdk/api/client'));
    for (const route of ['sdk/next/overview', 'sdk/1.0/overview', 'sdk/legacy/overview']) assert.equal(built(site, route), false, route);
    const client = page(site, '/sdk/api/client');
    assert.equal(banner(client), undefined);
    const menus = byClass(client, 'navbar-dropdown--versions').filter((el) => el.attribs.class!.split(' ').includes('sdk-versions'));
    assert.equal(menus.length, 0, 'no menu for one version');
    const only = all(client, (el) => el.name === 'a' && el.attribs['aria-label'] === 'Docs version: 2.0');
    assert.deepEqual(
      only.map((el) => el.attribs.href),
      ['/sdk/overview'],
    );
    assert.equal(byClass(client, 'version-badge').length, 0, 'no badge for one version');
  });

  test('a lastVersion naming no version of the instance is an error that names the instance (exit 1, nothing written)', () => {
    const { site, result } = buildEdited((config) => config.replace("routeBasePath: 'sdk',", "routeBasePath: 'sdk',\n        lastVersion: '3.0',"));
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /docs instance "sdk"'s lastVersion names the version "3\.0", which does not exist\. Available versions: current, 2\.0, 1\.0/);
    assert.equal(existsSync(path.join(site, 'build')), false);
  });

  test('a version dropdown naming no docs instance is an error at its line in the config', () => {
    const { site, result } = buildEdited((config) => config.replace("docsPluginId: 'sdk', position: 'right'", "docsPluginId: 'skd', position: 'right'"));
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /docusaurus\.config\.js:\d+:\d+/);
    assert.match(result.stderr, /docsPluginId "skd" names no docs set of the docs\. The docs sets are: "default", "sdk"/);
    assert.equal(existsSync(path.join(site, 'build')), false);
  });

  test('what a second instance still lacks (a sidebar generator of its own) is one located error, exit 1, nothing written', () => {
    const { site, result } = buildEdited((config) =>
      config.replace("routeBasePath: 'sdk',", "routeBasePath: 'sdk',\n        sidebarItemsGenerator: function generate() {},"),
    );
    assert.equal(result.status, 1, result.stderr);
    assert.match(result.stderr, /docusaurus\.config\.js:\d+:\d+/);
    assert.match(result.stderr, /sidebarItemsGenerator[^\n]*a custom sidebar generator is not supported yet/);
    assert.equal(existsSync(path.join(site, 'build')), false);
  });
});

describe('docsite docs:version:<id>', () => {
  test("snapshots the instance's folder and sidebars under its own names; an id that names no instance is refused (exit 2, nothing written)", () => {
    const site = copyFixture(FIXTURE);
    const made = runCli(['docs:version:sdk', '3.0', site]);
    assert.equal(made.status, 0, made.stderr);
    assert.deepEqual(JSON.parse(readFileSync(path.join(site, 'sdk_versions.json'), 'utf8')), ['3.0', '2.0', '1.0']);
    assert.equal(
      readFileSync(path.join(site, 'sdk_versioned_docs/version-3.0/api/streams.md'), 'utf8'),
      readFileSync(path.join(site, 'sdk/api/streams.md'), 'utf8'),
    );
    const sidebars = JSON.parse(readFileSync(path.join(site, 'sdk_versioned_sidebars/version-3.0-sidebars.json'), 'utf8'));
    assert.deepEqual(sidebars, { sdk: ['overview', { type: 'category', label: 'API', items: ['api/client', 'api/streams'] }] });
    // The main docs' versions are untouched.
    assert.deepEqual(JSON.parse(readFileSync(path.join(site, 'versions.json'), 'utf8')), ['1.0']);
    const refused = runCli(['docs:version:skd', '3.1', site]);
    assert.equal(refused.status, 2, refused.stderr);
    assert.match(refused.stderr, /no docs set with the id "skd" to version\. The docs sets are: "default", "sdk"/);
    assert.equal(existsSync(path.join(site, 'skd_versions.json')), false);
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    // The new release is the latest: at the instance's route; 2.0 moves under its name.
    assert.match(text(byTag(page(site, '/sdk/api/streams'), 'article')[0]!), /Temperature readings/);
    assert.match(text(byTag(page(site, '/sdk/2.0/overview'), 'article')[0]!), /Release two/);
  });
});
