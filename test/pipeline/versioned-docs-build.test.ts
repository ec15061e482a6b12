/**
 * Versioned docs in Docusaurus's layout (test/fixtures/docusaurus-versioned: versions.json, two
 * older versions and the docs folder, no config): routes, sidebars, banners, noindex, sitemap,
 * search facets and the version dropdown's links; `docsite docs:version`; the docs config keys;
 * localized docs with the locale dropdown; and `docsite serve` picking up an edit to an old version.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { all, byClass, byTag, parseChecked, text, type Doc } from '../support/dom';
import { copyFixture, fetchWithin, readOut, runCli, startServe, until } from '../support/helpers';

const FIXTURE = 'docusaurus-versioned';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, path.join(route, 'index.html')));
const sidebarLinks = (doc: Doc) => byClass(byTag(doc, 'aside')[0]!, 'menu__link').flatMap((el) => (el.attribs.href ? [el.attribs.href] : []));
const banner = (doc: Doc) => byClass(doc, 'version-banner')[0];
const dropdown = (doc: Doc, kind: 'versions' | 'locales') => {
  const root = byClass(doc, `navbar-dropdown--${kind}`)[0];
  assert.ok(root, `a ${kind} dropdown`);
  return {
    label: text(byClass(root, 'navbar__label')[0]!),
    links: Object.fromEntries(byClass(root, 'navbar-dropdown__link').map((el) => [text(el), el.attribs.href!])),
    active: byClass(root, 'navbar-dropdown__link--active').map(text),
  };
};
const robots = (doc: Doc) => all(doc, (el) => el.name === 'meta' && el.attribs.name === 'robots').map((el) => el.attribs.content);

describe('a Docusaurus versioned docs folder built with no config', () => {
  let site: string;
  let title: string;
  before(() => {
    site = copyFixture(FIXTURE);
    title = path.basename(site);
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
  });

  test('the latest version is at /docs, the docs folder at /docs/next, older versions at /docs/<name>', () => {
    const h1 = (route: string) => text(byTag(page(site, route), 'h1')[0]!);
    assert.match(text(byTag(page(site, '/docs/intro'), 'article')[0]!), /guide to release two/);
    assert.match(text(byTag(page(site, '/docs/next/intro'), 'article')[0]!), /release being written now/);
    assert.match(text(byTag(page(site, '/docs/1.0/intro'), 'article')[0]!), /guide to the first release/);
    assert.equal(h1('/docs/guides/upgrade'), 'Upgrading from 1.0');
    assert.equal(h1('/docs/next/guides/batching'), 'Batching');
    assert.equal(h1('/docs/1.0/legacy'), 'Legacy transport');
    // A doc lives only in the versions that have it.
    for (const missing of ['docs/1.0/guides/upgrade', 'docs/guides/batching', 'docs/next/legacy', 'docs/2.0/intro']) {
      assert.equal(existsSync(path.join(site, 'build', missing, 'index.html')), false, missing);
    }
  });

  test('each version has its own sidebar, and relative links stay in their version', () => {
    assert.deepEqual(sidebarLinks(page(site, '/docs/1.0/intro')), ['/docs/1.0/intro', '/docs/1.0/legacy']);
    const next = page(site, '/docs/next/guides/install');
    assert.deepEqual(sidebarLinks(next), ['/docs/next/intro', '/docs/next/guides/install', '/docs/next/guides/batching']);
    assert.deepEqual(sidebarLinks(page(site, '/docs/guides/upgrade')), ['/docs/intro', '/docs/guides/install', '/docs/guides/upgrade']);
    const links = (route: string) => byTag(byTag(page(site, route), 'article')[0]!, 'a').map((el) => el.attribs.href);
    assert.deepEqual(links('/docs/1.0/intro'), ['/docs/1.0/guides/install', '/docs/1.0/legacy']);
    assert.deepEqual(links('/docs/next/intro'), ['/docs/next/guides/install', '/docs/next/guides/batching']);
    assert.deepEqual(links('/docs/intro'), ['/docs/guides/install', '/docs/guides/upgrade']);
    // The lazily loaded sidebar files are the versions' own.
    const sidebarFile = (route: string) => {
      const match = /"?src"?:"(\/_docsite\/sidebars\/[^"]+)"/.exec(readFileSync(path.join(site, 'build', 'assets', readdirRoute(site, route)), 'utf8'));
      return match?.[1];
    };
    const files = new Set(['/docs/intro', '/docs/next/intro', '/docs/1.0/intro'].map(sidebarFile));
    assert.equal(files.size, 3);
    const oldSidebar = readOut(site, [...files].find((file) => file?.includes('version-1.0'))!.slice(1));
    assert.match(oldSidebar, /\/docs\/1\.0\/guides\/install/);
    assert.doesNotMatch(oldSidebar, /batching|upgrade/);
  });

  test('unreleased and unmaintained versions carry a banner pointing at the same page in the latest version', () => {
    const next = banner(page(site, '/docs/next/guides/install'));
    assert.ok(next);
    assert.match(text(next), new RegExp(`^This is unreleased documentation for ${title} Next version\\.`));
    assert.equal(byTag(next, 'a')[0]!.attribs.href, '/docs/guides/install');
    const old = banner(page(site, '/docs/1.0/intro'));
    assert.ok(old);
    assert.match(text(old), new RegExp(`^This is documentation for ${title} 1\\.0, which is no longer actively maintained\\.`));
    assert.match(text(old), /latest version \(2\.0\)/);
    assert.equal(byTag(old, 'a')[0]!.attribs.href, '/docs/intro');
    // A page the latest version lacks: the banner leads to the latest version's first doc.
    assert.equal(byTag(banner(page(site, '/docs/1.0/legacy'))!, 'a')[0]!.attribs.href, '/docs/intro');
    assert.equal(banner(page(site, '/docs/intro')), undefined);
    assert.equal(text(byClass(page(site, '/docs/1.0/legacy'), 'version-badge')[0]!), 'Version: 1.0');
  });

  test('the docs under /docs/next are kept out of search engines and the sitemap; the others are listed', () => {
    assert.deepEqual(robots(page(site, '/docs/next/intro')), ['noindex, nofollow']);
    assert.deepEqual(robots(page(site, '/docs/intro')), []);
    assert.deepEqual(robots(page(site, '/docs/1.0/intro')), []);
    const sitemap = readOut(site, 'sitemap.xml');
    for (const route of ['/docs/intro', '/docs/guides/upgrade', '/docs/1.0/intro', '/docs/1.0/legacy'])
      assert.ok(sitemap.includes(`<loc>http://localhost:3000${route}</loc>`), route);
    assert.doesNotMatch(sitemap, /\/docs\/next\//);
  });

  test('each version is its own search facet', () => {
    const records = JSON.parse(readOut(site, '_docsite/search/records.json')) as { url: string; docusaurus_tag: string; version: string[] }[];
    const facetsOf = (route: string) => {
      const found = records.filter((record) => record.url.startsWith(`http://localhost:3000${route}`));
      assert.ok(found.length > 0, route);
      return [...new Set(found.map((record) => `${record.docusaurus_tag} ${record.version.join(',')}`))];
    };
    assert.deepEqual(facetsOf('/docs/intro'), ['docs-default-2.0 2.0']);
    assert.deepEqual(facetsOf('/docs/next/guides/batching'), ['docs-default-current current']);
    assert.deepEqual(facetsOf('/docs/1.0/legacy'), ['docs-default-1.0 1.0']);
    const home = records.filter((record) => record.url === 'http://localhost:3000/');
    assert.deepEqual([...new Set(home.map((record) => `${record.docusaurus_tag} ${record.version.join(',')}`))], ['default ']);
  });

  test("the version dropdown leads to the same page in each version, or to the version's first doc", () => {
    const install = dropdown(page(site, '/docs/guides/install'), 'versions');
    assert.equal(install.label, '2.0');
    assert.deepEqual(install.links, { Next: '/docs/next/guides/install', '2.0': '/docs/guides/install', '1.0': '/docs/1.0/guides/install' });
    assert.deepEqual(install.active, ['2.0']);
    const upgrade = dropdown(page(site, '/docs/guides/upgrade'), 'versions');
    assert.deepEqual(upgrade.links, { Next: '/docs/next/intro', '2.0': '/docs/guides/upgrade', '1.0': '/docs/1.0/intro' });
    const legacy = dropdown(page(site, '/docs/1.0/legacy'), 'versions');
    assert.equal(legacy.label, '1.0');
    assert.deepEqual(legacy.active, ['1.0']);
    // Outside the docs: each version's first doc, the latest shown.
    const home = dropdown(parseChecked(readOut(site, 'index.html')), 'versions');
    assert.equal(home.label, '2.0');
    assert.deepEqual(home.links, { Next: '/docs/next/intro', '2.0': '/docs/intro', '1.0': '/docs/1.0/intro' });
  });
});

/** The file under build/assets of a route's chunk, from the route manifest. */
function readdirRoute(site: string, route: string): string {
  const manifest = JSON.parse(readOut(site, '_docsite/routes.json')) as Record<string, string>;
  return path.basename(manifest[route]!);
}

describe('docsite docs:version', () => {
  test('snapshots the docs and their sidebar as the newest version', () => {
    const site = copyFixture(FIXTURE);
    const made = runCli(['docs:version', '3.0', site]);
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /Versioned the docs as 3\.0/);
    const content = path.join(site, 'content');
    assert.deepEqual(JSON.parse(readFileSync(path.join(content, 'versions.json'), 'utf8')), ['3.0', '2.0', '1.0']);
    assert.equal(
      readFileSync(path.join(content, 'versioned_docs/version-3.0/guides/batching.md'), 'utf8'),
      readFileSync(path.join(content, 'docs/guides/batching.md'), 'utf8'),
    );
    assert.ok(existsSync(path.join(content, 'versioned_docs/version-3.0/guides/_category_.json')));
    assert.deepEqual(JSON.parse(readFileSync(path.join(content, 'versioned_sidebars/version-3.0-sidebars.json'), 'utf8')), {
      docs: ['intro', { type: 'category', label: 'Guides', items: ['guides/install', 'guides/batching'] }],
    });
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    assert.equal(text(byTag(page(site, '/docs/guides/batching'), 'h1')[0]!), 'Batching');
    assert.ok(existsSync(path.join(site, 'build/docs/2.0/guides/upgrade/index.html')));
    assert.deepEqual(Object.keys(dropdown(page(site, '/docs/intro'), 'versions').links), ['Next', '3.0', '2.0', '1.0']);
  });

  test('refuses a version that exists or a name that cannot be one, writing nothing', () => {
    const site = copyFixture(FIXTURE);
    const versionsFile = path.join(site, 'content', 'versions.json');
    const before = readFileSync(versionsFile, 'utf8');
    const existing = runCli(['docs:version', '2.0', site]);
    assert.equal(existing.status, 2);
    assert.match(existing.stderr, /The docs version "2\.0" already exists/);
    for (const [name, reason] of [
      ['1/2', /holds a slash/],
      ['current', /names the docs folder itself/],
      ['two words', /space/],
    ] as const) {
      const refused = runCli(['docs:version', name, site]);
      assert.equal(refused.status, 2, name);
      assert.match(refused.stderr, reason);
    }
    assert.equal(readFileSync(versionsFile, 'utf8'), before);
    assert.equal(existsSync(path.join(site, 'content', 'versioned_docs', 'version-current')), false);
  });

  test("a leftover sidebars file of the new version is the maintainer's: refused, left as it was", () => {
    const site = copyFixture(FIXTURE);
    const leftover = path.join(site, 'content', 'versioned_sidebars', 'version-3.0-sidebars.json');
    writeFileSync(leftover, '{"mine": []}\n');
    const refused = runCli(['docs:version', '3.0', site]);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /The docs version "3\.0" already exists \(content\/versioned_sidebars\/version-3\.0-sidebars\.json is there\)/);
    assert.equal(readFileSync(leftover, 'utf8'), '{"mine": []}\n');
    assert.equal(existsSync(path.join(site, 'content', 'versioned_docs', 'version-3.0')), false);
  });
});

describe('the docs config keys of versions', () => {
  const withConfig = (docs: string, extra = '') => {
    const site = copyFixture(FIXTURE);
    writeFileSync(
      path.join(site, 'site.config.ts'),
      `export default { title: 'Tern', docs: ${docs},${extra} navbar: { items: [{ type: 'docsVersionDropdown', position: 'right' }] } };\n`,
    );
    return site;
  };

  test("lastVersion, onlyIncludeVersions, a version's label, path and banner, and editCurrentVersion", () => {
    const site = withConfig(
      "{ lastVersion: 'current', onlyIncludeVersions: ['current', '1.0'], versions: { '1.0': { label: '1.x', path: 'one', banner: 'none', badge: false } }, editUrl: 'https://edit.example.com/', editCurrentVersion: true }",
    );
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    assert.equal(text(byTag(page(site, '/docs/guides/batching'), 'h1')[0]!), 'Batching');
    assert.equal(banner(page(site, '/docs/guides/batching')), undefined);
    assert.deepEqual(robots(page(site, '/docs/intro')), [], 'the docs folder at the root is indexed');
    assert.equal(text(byTag(page(site, '/docs/one/legacy'), 'h1')[0]!), 'Legacy transport');
    assert.equal(banner(page(site, '/docs/one/legacy')), undefined);
    assert.equal(byClass(page(site, '/docs/one/legacy'), 'version-badge').length, 0);
    assert.equal(text(byClass(page(site, '/docs/intro'), 'version-badge')[0]!), 'Version: Next');
    assert.equal(existsSync(path.join(site, 'build/docs/2.0')), false);
    assert.equal(existsSync(path.join(site, 'build/docs/next')), false);
    assert.deepEqual(dropdown(page(site, '/docs/one/intro'), 'versions').links, { Next: '/docs/intro', '1.x': '/docs/one/intro' });
    // An older version's doc is edited in the docs folder, where the next version is written.
    assert.equal(byClass(page(site, '/docs/one/intro'), 'edit-this-page')[0]?.attribs.href, 'https://edit.example.com/docs/intro.md');
  });

  test('includeCurrentVersion: false leaves the docs folder out', () => {
    const site = withConfig('{ includeCurrentVersion: false }');
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    assert.equal(existsSync(path.join(site, 'build/docs/next')), false);
    assert.deepEqual(Object.keys(dropdown(page(site, '/docs/intro'), 'versions').links), ['2.0', '1.0']);
  });

  test('a version the site does not have is an error listing the ones it has; the previous build stays', () => {
    const site = withConfig("{ lastVersion: '9.9' }");
    writeFileSync(
      path.join(site, 'site.config.ts'),
      readFileSync(path.join(site, 'site.config.ts'), 'utf8').replace("lastVersion: '9.9'", "lastVersion: '1.0'"),
    );
    assert.equal(runCli(['build', site]).status, 0);
    writeFileSync(
      path.join(site, 'site.config.ts'),
      readFileSync(path.join(site, 'site.config.ts'), 'utf8').replace("lastVersion: '1.0'", "lastVersion: '9.9'"),
    );
    const failed = runCli(['build', site]);
    assert.equal(failed.status, 1);
    assert.match(failed.stderr, /site\.config\.ts/);
    assert.match(failed.stderr, /"9\.9", which does not exist\. Available versions: current, 2\.0, 1\.0/);
    assert.ok(existsSync(path.join(site, 'build/docs/intro/index.html')), 'the previous output is intact');
  });

  test('an older version without its sidebars file has no sidebar, as in Docusaurus', () => {
    const site = copyFixture(FIXTURE);
    rmSync(path.join(site, 'content/versioned_sidebars/version-1.0-sidebars.json'));
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    assert.equal(byTag(page(site, '/docs/1.0/legacy'), 'aside').length, 0);
    assert.equal(byTag(page(site, '/docs/intro'), 'aside').length, 1);
  });

  test('a broken versions.json names the file', () => {
    const site = copyFixture(FIXTURE);
    writeFileSync(path.join(site, 'content', 'versions.json'), '["2.0", "0.5"]');
    const failed = runCli(['build', site]);
    assert.equal(failed.status, 1);
    assert.match(failed.stderr, /content\/versions\.json/);
    assert.match(failed.stderr, /"0\.5", but content\/versioned_docs\/version-0\.5\/ does not exist/);
  });
});

describe('localized docs and the locale dropdown', () => {
  let site: string;
  before(() => {
    site = copyFixture(FIXTURE);
    writeFileSync(
      path.join(site, 'site.config.ts'),
      `export default {
  title: 'Tern',
  i18n: { defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: { en: { label: 'English' }, fr: { label: 'Français', htmlLang: 'fr-FR' } } },
  navbar: { items: [{ type: 'docsVersionDropdown', position: 'right' }, { type: 'localeDropdown', position: 'right' }] },
  docs: {
    editUrl: ({ version, versionDocsDirPath, docPath, permalink, locale }) => \`https://edit.example.com/\${locale}/\${version}/\${versionDocsDirPath}/\${docPath}?page=\${permalink}\`,
    showLastUpdateTime: true,
  },
};\n`,
    );
    const translated = path.join(site, 'content/i18n/fr/docusaurus-plugin-content-docs/current');
    mkdirSync(path.join(translated, 'guides'), { recursive: true });
    writeFileSync(
      path.join(translated, 'intro.md'),
      '---\nlast_update:\n  date: 2024-03-05\n---\n\n# Bienvenue\n\nTern relie de petits services. Voir [l’installation](./guides/install.md).\n',
    );
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
  });

  test('a translated doc is read from i18n/<locale>/ and shown at /<locale>/docs/...; an untranslated one as it is', () => {
    const fr = page(site, '/fr/docs/next/intro');
    assert.equal(text(byTag(fr, 'h1')[0]!), 'Bienvenue');
    assert.equal(byTag(fr, 'html')[0]!.attribs.lang, 'fr-FR');
    // Its relative link reaches the untranslated doc in the same locale and version.
    assert.deepEqual(
      byTag(byTag(fr, 'article')[0]!, 'a').map((el) => el.attribs.href),
      ['/fr/docs/next/guides/install'],
    );
    assert.equal(text(byTag(page(site, '/fr/docs/next/guides/install'), 'h1')[0]!), 'Installing');
    assert.equal(text(byTag(page(site, '/fr/docs/1.0/intro'), 'h1')[0]!), 'Welcome to Tern');
    assert.equal(byTag(page(site, '/docs/next/intro'), 'html')[0]!.attribs.lang, 'en');
    assert.deepEqual(sidebarLinks(page(site, '/fr/docs/next/guides/install')), [
      '/fr/docs/next/intro',
      '/fr/docs/next/guides/install',
      '/fr/docs/next/guides/batching',
    ]);
  });

  test('the locale dropdown and hreflang links lead to the same page in each locale', () => {
    const en = page(site, '/docs/next/intro');
    const locales = dropdown(en, 'locales');
    assert.equal(locales.label, 'English');
    assert.deepEqual(locales.links, { English: '/docs/next/intro', Français: '/fr/docs/next/intro' });
    const alternates = all(en, (el) => el.name === 'link' && el.attribs.rel === 'alternate' && !!el.attribs.hreflang).map(
      (el) => `${el.attribs.hreflang} ${el.attribs.href}`,
    );
    assert.deepEqual(alternates, [
      'en http://localhost:3000/docs/next/intro',
      'fr-FR http://localhost:3000/fr/docs/next/intro',
      'x-default http://localhost:3000/docs/next/intro',
    ]);
    const fr = page(site, '/fr/docs/next/intro');
    assert.equal(dropdown(fr, 'locales').label, 'Français');
    // The version dropdown stays in the locale.
    assert.deepEqual(dropdown(fr, 'versions').links, { Next: '/fr/docs/next/intro', '2.0': '/fr/docs/intro', '1.0': '/fr/docs/1.0/intro' });
    // A page only the default locale has: each locale's first doc.
    assert.deepEqual(dropdown(parseChecked(readOut(site, 'index.html')), 'locales').links, { English: '/docs/intro', Français: '/fr/docs/intro' });
  });

  test("the docs' editUrl function gets each doc's locale, version and folder; a last update is written in the page's locale", () => {
    const edit = (route: string) => byClass(page(site, route), 'edit-this-page')[0]?.attribs.href;
    assert.equal(edit('/fr/docs/next/intro'), 'https://edit.example.com/fr/current/docs/intro.md?page=/fr/docs/next/intro');
    assert.equal(edit('/docs/1.0/intro'), 'https://edit.example.com/en/1.0/versioned_docs/version-1.0/intro.md?page=/docs/1.0/intro');
    const updated = byClass(page(site, '/fr/docs/next/intro'), 'theme-last-updated')[0];
    // In the locale's words too, as Docusaurus's theme translations give them.
    assert.equal(updated && text(updated).replace(/\s+/g, ' ').trim(), 'Dernière mise à jour le 5 mars 2024');
    // The fixture is not a git repository: pages without front matter dates show none.
    assert.equal(byClass(page(site, '/docs/next/intro'), 'theme-last-updated').length, 0);
  });

  test('localized pages search in their own language', () => {
    const records = JSON.parse(readOut(site, '_docsite/search/records.json')) as { url: string; language: string; docusaurus_tag: string }[];
    const fr = records.filter((record) => record.url.includes('/fr/docs/next/intro'));
    assert.ok(fr.length > 0);
    assert.deepEqual([...new Set(fr.map((record) => `${record.language} ${record.docusaurus_tag}`))], ['fr docs-default-current']);
  });
});

describe('docsite serve on a versioned site', () => {
  let site: string;
  let child: ChildProcess | undefined;
  after(() => child?.kill());

  test('serves every version, and an edit to an old version shows like any page', async () => {
    site = copyFixture(FIXTURE);
    const served = await startServe(site);
    child = served.child;
    const html = async (route: string) => (await fetchWithin(`${served.base}${route}`)).text();
    assert.match(await html('/docs/1.0/legacy'), /older wire format/);
    assert.match(await html('/docs/next/guides/batching'), /travel in one frame/);
    assert.match(await html('/docs/guides/upgrade'), /Rename every/);
    const file = path.join(site, 'content/versioned_docs/version-1.0/legacy.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('older wire format', 'retired wire format'));
    const problems = await until(async () => ((await html('/docs/1.0/legacy')).includes('retired wire format') ? [] : ['the edit is not served yet']), 30_000);
    assert.deepEqual(problems, []);
    assert.match(text(banner(parseChecked(await html('/docs/1.0/legacy')))!), /no longer actively maintained/);
  });
});
