/**
 * `docsite build` in a Docusaurus site's own folder: docusaurus.config.* is read (CommonJS with
 * require and __dirname; TypeScript with an async config function and a JSON import), its options
 * become the navbar, footer, stylesheet and routes, the content is read from the site folder's root,
 * options docsite cannot honour stop the build with one located error, and site.config.ts wins.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { byClass, byTag, parseChecked, text, type Doc, type El } from '../../support/dom';
import { buildSite } from '../../support/built-fixture';
import { copyFixture, readOut, runCli } from '../../support/helpers';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, `${route}/index.html`));
const linkNamed = (root: Doc | El, label: string): El => {
  const found = byTag(root, 'a').find((a) => text(a) === label);
  assert.ok(found, `a link named "${label}"`);
  return found;
};
/** The text of every stylesheet the page links to (the build writes assets at its root, whatever the base URL). */
const stylesOf = (site: string, html: string, baseUrl = '/'): string =>
  [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)]
    .map((match) => readFileSync(path.join(site, 'build', match[1]!.slice(baseUrl.length)), 'utf8'))
    .join('\n');
/** Whether any built file holds `needle` (the config's customFields travel in a script). */
const builtFilesHold = (dir: string, needle: string): boolean =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).some(
    (entry) => entry.isFile() && /\.(js|html|json)$/.test(entry.name) && readFileSync(path.join(entry.parentPath, entry.name), 'utf8').includes(needle),
  );

describe('a classic Docusaurus site with a CommonJS config', () => {
  let site: string;
  before(() => {
    site = copyFixture('docusaurus-site');
    // Folders a Docusaurus site has beside its content, which must not be read as content: a link
    // that leads nowhere fails any walk that goes through it.
    mkdirSync(path.join(site, 'node_modules', 'some-package'), { recursive: true });
    symlinkSync(path.join(site, 'nowhere'), path.join(site, 'node_modules', 'some-package', 'broken'));
    writeFileSync(path.join(site, 'node_modules', 'some-package', 'README.md'), '# Not a doc\n');
    mkdirSync(path.join(site, 'src', 'components'), { recursive: true });
    symlinkSync(path.join(site, 'nowhere'), path.join(site, 'src', 'components', 'broken'));
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test('the docs are at the configured routeBasePath, with the sidebar of sidebars.js; the blog and static files are built', () => {
    for (const route of ['handbook/intro', 'handbook/guides/setup', 'handbook/guides/deploy', 'blog', 'blog/2024/05/01/welcome']) {
      assert.ok(existsSync(path.join(site, 'build', route, 'index.html')), route);
    }
    assert.ok(!existsSync(path.join(site, 'build', 'docs')), 'nothing at docsite’s default docs route');
    assert.equal(readFileSync(path.join(site, 'build', 'img', 'logo.svg'), 'utf8'), readFileSync(path.join(site, 'static', 'img', 'logo.svg'), 'utf8'));
    const sidebar = byClass(page(site, 'handbook/guides/setup'), 'sidebar')[0]!;
    assert.deepEqual(byClass(sidebar, 'menu__label').map(text), ['Introduction', 'Guides', 'Setting up', 'Deploying']);
    assert.equal(linkNamed(sidebar, 'Deploying').attribs.href, '/handbook/guides/deploy');
    // node_modules is not content: its README did not become a page anywhere.
    assert.ok(!builtFilesHold(path.join(site, 'build'), 'Not a doc'));
  });

  test("prism's magic comments: the site's own kind gives its line its class, the default kind and `{1}` highlight theirs", () => {
    const code = byTag(page(site, 'handbook/guides/deploy'), 'pre')[0]!;
    const lines = byClass(code, 'line').map((line) => [line.attribs.class, text(line)]);
    assert.deepEqual(lines, [
      ['line highlighted theme-code-block-highlighted-line', 'npm run build'],
      ['line code-block-error-line', 'cp -r build /nowhere'],
      ['line highlighted theme-code-block-highlighted-line', 'rsync -a build/ host:/srv/site/'],
    ]);
  });

  test("an author's page is where authors.yml puts it, as under Docusaurus: its permalink, its key in kebab case, or no page (asked for none, or not asked)", () => {
    const authors = path.join(site, 'build', 'blog', 'authors');
    for (const route of ['everything-by-bob', 'jane-editor']) assert.ok(existsSync(path.join(authors, route, 'index.html')), route);
    for (const route of ['ada', 'bob', 'JaneEditor', 'quiet']) assert.ok(!existsSync(path.join(authors, route)), `no page at /blog/authors/${route}`);
    const list = byClass(page(site, 'blog/authors'), 'main-wrapper')[0] ?? page(site, 'blog/authors');
    assert.equal(linkNamed(list, 'Bob Reviewer').attribs.href, '/blog/authors/everything-by-bob');
    assert.equal(linkNamed(list, 'Jane Editor').attribs.href, '/blog/authors/jane-editor');
    assert.ok(!text(list).includes('Quiet Contributor'), 'an author with page: false is not listed among the author pages');
  });

  test('the navbar and footer come from themeConfig, the edit link from editUrl, the tagline from a required JSON file', () => {
    const intro = page(site, 'handbook/intro');
    const navbar = byClass(intro, 'navbar')[0]!;
    assert.equal(text(byClass(navbar, 'navbar__title')[0]!), 'Fixture Docs');
    assert.equal(byClass(navbar, 'navbar__logo')[0]!.attribs.src, '/img/logo.svg');
    assert.equal(linkNamed(navbar, 'Handbook').attribs.href, '/handbook/intro');
    assert.equal(linkNamed(navbar, 'News').attribs.href, '/blog');
    assert.equal(linkNamed(navbar, 'Source code').attribs.href, 'https://github.com/example/fixture-docs');
    const footer = byClass(intro, 'footer')[0]!;
    assert.deepEqual(byClass(footer, 'footer__title').map(text), ['Learn', 'Elsewhere']);
    assert.equal(linkNamed(footer, 'Getting started').attribs.href, '/handbook/intro');
    assert.match(text(footer), /Made for the docsite tests/);
    assert.equal(byClass(intro, 'edit-this-page')[0]!.attribs.href, 'https://github.com/example/fixture-docs/tree/main/docs/intro.md');
    assert.match(readOut(site, 'handbook/guides/deploy/index.html'), /<meta name="description" content="Docs read straight from a Docusaurus config"/);
    // customFields computed from __dirname inside the config.
    assert.ok(
      builtFilesHold(path.join(site, 'build'), `siteFolder:"${path.basename(site)}"`) ||
        builtFilesHold(path.join(site, 'build'), `"siteFolder":"${path.basename(site)}"`),
    );
  });

  test('src/pages: a React page in a .js file with JSX and a CSS module, a Markdown page, and no page from an underscored file', () => {
    const home = page(site, '');
    assert.equal(text(byClass(home, 'hero__title')[0]!), 'Fixture Docs');
    assert.equal(linkNamed(home, 'Open the handbook').attribs.href, '/handbook/intro');
    assert.match(readOut(site, 'index.html'), /<title>Welcome \| Fixture Docs<\/title>/);
    // The CSS module's class is on the banner, and its rule is in the page's stylesheet under that name.
    const banner = byClass(home, 'hero')[0]!
      .attribs.class!.split(' ')
      .find((name) => name !== 'hero')!;
    assert.ok(banner && banner !== 'banner', `a scoped class name (${banner})`);
    assert.ok(stylesOf(site, readOut(site, 'index.html')).includes(`.${banner}`), 'the scoped rule is in the stylesheet');
    assert.equal(text(byTag(page(site, 'about'), 'h1')[0]!), 'About the fixture');
    assert.ok(!existsSync(path.join(site, 'build', '_draft')), 'no page from _draft.js');
    assert.ok(!builtFilesHold(path.join(site, 'build'), 'Draft text that must not be published'));
  });

  test('navbar doc and docSidebar items link to their doc and to the first page of their sidebar; one item is active on a page of their sidebar, the first', () => {
    const deploy = page(site, 'handbook/guides/deploy');
    // A .md link written from the site folder (docs/intro.md) resolves, as Docusaurus resolves it.
    assert.equal(linkNamed(byClass(deploy, 'theme-doc-markdown')[0] ?? deploy, 'the introduction').attribs.href, '/handbook/intro');
    const navbar = byClass(deploy, 'navbar')[0]!;
    assert.equal(linkNamed(navbar, 'Setup guide').attribs.href, '/handbook/guides/setup');
    assert.equal(linkNamed(navbar, 'All guides').attribs.href, '/handbook/intro');
    assert.deepEqual(byClass(navbar, 'navbar__link--active').map(text), ['All guides']);
    assert.deepEqual(byClass(byClass(page(site, 'blog'), 'navbar')[0]!, 'navbar__link--active').map(text), ['News']);
  });

  test('a second docs instance (plugin-content-docs with id community): its pages at its route, with its own sidebar, edit URL and navbar item', () => {
    for (const route of ['community/welcome', 'community/support']) assert.ok(existsSync(path.join(site, 'build', route, 'index.html')), route);
    const welcome = page(site, 'community/welcome');
    const sidebar = byClass(welcome, 'sidebar')[0]!;
    assert.deepEqual(byClass(sidebar, 'menu__link').map(text), ['Community welcome', 'Getting help']);
    assert.equal(linkNamed(sidebar, 'Getting help').attribs.href, '/community/support');
    assert.equal(byClass(welcome, 'edit-this-page')[0]!.attribs.href, 'https://github.com/example/fixture-docs/edit/main/community/welcome.md');
    // The navbar item names the instance by docsPluginId: it leads to the first page of that instance's sidebar and is the active one
    // there, though both instances have a sidebar named handbook.
    for (const route of ['community/welcome', 'community/support', 'handbook/guides/deploy']) {
      const navbar = byClass(page(site, route), 'navbar')[0]!;
      assert.equal(linkNamed(navbar, 'Community').attribs.href, '/community/welcome');
      // A doc item finds its doc by its id in that instance: the main docs have no doc `support`.
      assert.equal(linkNamed(navbar, 'Get help').attribs.href, '/community/support');
      assert.deepEqual(byClass(navbar, 'navbar__link--active').map(text), route.startsWith('community') ? ['Community'] : ['All guides'], route);
    }
    // The handbook keeps its own sidebar: the community's docs are not in it.
    assert.ok(!byClass(byClass(page(site, 'handbook/guides/deploy'), 'sidebar')[0]!, 'menu__link').some((link) => text(link) === 'Getting help'));
    assert.match(readOut(site, 'sitemap.xml'), /<loc>https:\/\/fixture-docs\.example\.com\/community\/support<\/loc>/);
    // A site's component reads every docs instance by its plugin id.
    assert.deepEqual(byTag(byClass(page(site, ''), 'docs-instances')[0]!, 'li').map(text), ['default: /handbook', 'community: /community']);
  });

  test('markdown links cross between the docs instances; search indexes the second one under its own tag, which contextual search includes', () => {
    assert.equal(linkNamed(page(site, 'handbook/intro'), 'the community').attribs.href, '/community/support');
    const welcome = page(site, 'community/welcome');
    assert.equal(linkNamed(welcome, 'how to ask for help').attribs.href, '/community/support');
    assert.equal(linkNamed(welcome, 'the handbook').attribs.href, '/handbook/intro');
    const records = JSON.parse(readOut(site, '_docsite/search/records.json')) as { url: string; docusaurus_tag: string; content: string | null }[];
    const support = records.filter((record) => record.url === 'https://fixture-docs.example.com/community/support');
    assert.ok(
      support.some((record) => record.content?.includes('fixture forum')),
      'the community doc’s text is indexed',
    );
    assert.deepEqual([...new Set(support.map((record) => record.docusaurus_tag))], ['docs-community-current']);
    assert.ok(builtFilesHold(path.join(site, 'build'), 'docusaurus_tag:docs-community-current'), 'the facet filters include the community docs');
  });

  test("a blog post's edit link is the blog's editUrl followed by the post's path in the site", () => {
    const post = page(site, 'blog/2024/05/01/welcome');
    assert.equal(byClass(post, 'edit-this-page')[0]!.attribs.href, 'https://github.com/example/fixture-docs/edit/main/blog/2024-05-01-welcome.md');
  });

  test("the preset's theme.customCss (a require.resolve path) is in the page's stylesheet", () => {
    const css = stylesOf(site, readOut(site, 'handbook/intro/index.html'));
    assert.match(css, /--fixture-accent:\s*#2e8555/);
    assert.match(css, /\.fixture-banner\s*\{/);
  });

  test("the stylesheet holds Infima, before the site's custom CSS, as every Docusaurus site expects", () => {
    const css = stylesOf(site, readOut(site, 'handbook/intro/index.html'));
    const infima = css.indexOf('.hero__title');
    assert.ok(infima >= 0, "Infima's rules are in the stylesheet");
    assert.ok(/\.col--4\s*\{/.test(css), "Infima's grid is in the stylesheet");
    assert.ok(infima < css.indexOf('.fixture-banner'), "the site's custom CSS comes after Infima, so it overrides it");
  });
});

describe('a Docusaurus site with a TypeScript config exporting an async function', () => {
  let site: string;
  before(() => {
    site = copyFixture('docusaurus-site-ts');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test('docs from the configured path at routeBasePath "/" under the base URL, with values from the JSON import, __dirname and require.resolve', () => {
    const start = page(site, 'start');
    assert.equal(linkNamed(byClass(start, 'navbar')[0]!, 'Release 4.5.6').attribs.href, '/typed/start');
    assert.match(readOut(site, 'start/index.html'), /data-theme="dark"/);
    assert.ok(builtFilesHold(path.join(site, 'build'), `folder:"${path.basename(site)}",manifest:"package.json"`));
    assert.match(stylesOf(site, readOut(site, 'start/index.html'), '/typed/'), /\.typed-fixture-rule\s*\{\s*color:\s*(rebeccapurple|#639)/);
  });

  test('a doc named index at routeBasePath "/" is the home page of the site', () => {
    const home = parseChecked(readOut(site, 'index.html'));
    assert.equal(text(byTag(home, 'h1')[0]!), 'Typed home');
    assert.ok(!existsSync(path.join(site, 'build', 'index', 'index.html')));
  });

  test("the navbar's menus of links (typed or implied by items), a path without its leading slash, and a link drawn by the site's CSS", () => {
    const navbar = byClass(page(site, 'start'), 'navbar')[0]!;
    assert.equal(text(byClass(navbar, 'navbar__title')[0]!), 'Typed docs', "the navbar's own title, not the site's");
    const more = byClass(navbar, 'more-menu')[0]!;
    assert.equal(text(byClass(more, 'navbar-dropdown__toggle')[0]!), 'More');
    assert.equal(linkNamed(more, 'Start again').attribs.href, '/typed/start');
    assert.equal(linkNamed(more, 'Elsewhere').attribs.href, 'https://example.com/elsewhere');
    const support = byClass(navbar, 'navbar-dropdown').find((menu) => text(byClass(menu, 'navbar-dropdown__toggle')[0]!) === 'Support')!;
    assert.ok(support, 'an item with items is a menu');
    assert.equal(linkNamed(support, 'Sponsor').attribs.href, 'https://example.com/sponsor');
    const github = byClass(navbar, 'header-github-link')[0]!;
    assert.equal(github.attribs.href, 'https://github.com/example/typed');
    assert.equal(github.attribs['aria-label'], 'GitHub repository');
    assert.equal(byClass(github, 'navbar__label').length, 0, 'no text of its own');
    const hub = byClass(navbar, 'hub-text')[0]!;
    assert.equal(text(hub), 'The hub');
    assert.equal((hub.parent!.parent as El).attribs.href, 'https://example.com/hub', "a link's HTML is the link's content");
    assert.equal(text(byClass(navbar, 'fixture-note')[0]!), 'Beta');
  });

  test("a footer of one row of links, with an item of the site's HTML and a copyright line in HTML", () => {
    const footer = byClass(page(site, 'start'), 'footer')[0]!;
    assert.equal(byClass(footer, 'footer__title').length, 0, 'one column with no title');
    assert.equal(linkNamed(footer, 'Start').attribs.href, '/typed/start');
    assert.equal(linkNamed(footer, 'Built by the fixture').attribs.class, 'fixture-badge');
    const copyright = byClass(footer, 'footer__copyright')[0]!;
    assert.equal(text(byTag(copyright, 'b')[0]!), 'all rights kept');
    assert.equal(text(copyright), 'Typed Fixture, all rights kept');
  });

  test('what Docusaurus writes and no more: no blog (`blog: false`), no search page or box (no search configured), no 400 page', () => {
    const build = path.join(site, 'build');
    for (const file of ['blog', 'search', '400.html']) assert.ok(!existsSync(path.join(build, file)), file);
    const navbar = byClass(page(site, 'start'), 'navbar')[0]!;
    assert.deepEqual([...byClass(navbar, 'navbar__search'), ...byClass(navbar, 'DocSearch-Button')], []);
    // No search files either (index, records, worker, stylesheet), and nothing a page or sw.js has names one.
    assert.ok(!existsSync(path.join(build, '_docsite', 'search')));
    for (const file of ['start/index.html', 'index.html', '404.html', 'sw.js']) assert.doesNotMatch(readOut(site, file), /_docsite\/search/, file);
  });

  test('the same site with `themeConfig.algolia` gets its search box and its search files', () => {
    const withSearch = copyFixture('docusaurus-site-ts');
    const file = path.join(withSearch, 'docusaurus.config.ts');
    const config = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      config.replace(
        "colorMode: { defaultMode: 'dark' },",
        "colorMode: { defaultMode: 'dark' },\n      algolia: { appId: 'FIXTURE', apiKey: 'search-only', indexName: 'typed' },",
      ),
    );
    buildSite(withSearch);
    const navbar = byClass(parseChecked(readOut(withSearch, 'start/index.html')), 'navbar')[0]!;
    assert.equal(byClass(navbar, 'DocSearch-Button').length, 1);
    for (const name of ['records.json', 'modal.css']) assert.ok(existsSync(path.join(withSearch, 'build', '_docsite', 'search', name)), name);
  });
});

describe('a Docusaurus blog turned on with no blog folder', () => {
  test('writes the empty list Docusaurus writes, and no archive, tags, authors or feeds', () => {
    const site = copyFixture('docusaurus-site-ts');
    const file = path.join(site, 'docusaurus.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('          blog: false,\n', ''));
    buildSite(site);
    const build = path.join(site, 'build');
    // The page and its compressed copies.
    assert.deepEqual(
      readdirSync(path.join(build, 'blog')).filter((name) => !/\.(br|gz)$/.test(name)),
      ['index.html'],
    );
    const blog = page(site, 'blog');
    assert.equal(text(byTag(blog, 'h1')[0]!), 'Blog');
    assert.deepEqual(byTag(byTag(blog, 'main')[0]!, 'article'), [], 'no post in the list');
    assert.doesNotMatch(readOut(site, 'blog/index.html'), /rss\.xml|atom\.xml/, 'no feed is announced');
  });
});

describe('a Docusaurus config with options docsite cannot honour', () => {
  test('one error names every unsupported plugin and option at its line and column; exit 1 and no output', () => {
    const site = copyFixture('docusaurus-site');
    const file = path.join(site, 'docusaurus.config.js');
    const config = readFileSync(file, 'utf8')
      .replace('  future: { v4: true },\n', "  future: { v4: true },\n  webpack: { jsLoader: 'babel' },\n")
      .replace('  plugins: [\n', "  plugins: [\n    '@docusaurus/plugin-vercel-analytics',\n    ['docusaurus-plugin-sass', {}],\n")
      .replace("          routeBasePath: '/handbook',\n", "          routeBasePath: '/handbook',\n          editLocalizedFiles: true,\n")
      // The same unknown key in two navbar items: each error is at its own item.
      .replace("label: 'Handbook', position: 'left' },", "label: 'Handbook', position: 'left', rel: 'first' },")
      .replace("label: 'News', position: 'left' },", "label: 'News', position: 'left', rel: 'second' },");
    writeFileSync(file, config);
    const at = (needle: string) => {
      const offset = config.indexOf(needle);
      assert.notEqual(offset, -1, needle);
      const before = config.slice(0, offset).split('\n');
      return `docusaurus.config.js:${before.length}:${before.at(-1)!.length + 1}`;
    };
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stderr);
    for (const [where, name] of [
      [at("'@docusaurus/plugin-vercel-analytics'"), '@docusaurus/plugin-vercel-analytics'],
      [at("'docusaurus-plugin-sass'"), 'docusaurus-plugin-sass'],
      [at('webpack:'), 'webpack'],
      [at('editLocalizedFiles:'), 'editLocalizedFiles'],
      [at("rel: 'first'"), 'themeConfig.navbar.items[0].rel'],
      [at("rel: 'second'"), 'themeConfig.navbar.items[1].rel'],
    ] as const) {
      assert.ok(result.stderr.includes(where), `${name} at ${where}:\n${result.stderr}`);
      assert.ok(result.stderr.includes(name), name);
    }
    assert.match(result.stderr, /6 errors: docusaurus\.config\.js uses what docsite cannot build yet/);
    // A community plugin is not one docsite maps: it is missing from the site's packages.
    assert.match(result.stderr, /docusaurus-plugin-sass is not installed in the site's node_modules/);
    assert.match(result.stderr, /CONFIG_UNSUPPORTED/);
    assert.ok(!existsSync(path.join(site, 'build')), 'no output folder');
  });
});

describe('docs instances that share an id', () => {
  test('a second docs plugin without an id, and one reusing an id: one error at both, exit 1 and no output', () => {
    const site = copyFixture('docusaurus-site');
    const file = path.join(site, 'docusaurus.config.js');
    const config = readFileSync(file, 'utf8').replace(
      '  plugins: [\n',
      "  plugins: [\n    ['content-docs', { path: 'guides' }],\n    ['@docusaurus/plugin-content-docs', { id: 'community', path: 'more' }],\n",
    );
    writeFileSync(file, config);
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stderr);
    const line = (needle: string) => config.slice(0, config.indexOf(needle)).split('\n').length;
    assert.ok(result.stderr.includes(`docusaurus.config.js:${line("['content-docs'")}:`), result.stderr);
    assert.match(result.stderr, /needs its own `id`/);
    // The second entry with the id community is the fixture's own, further down: it is the one named twice.
    assert.ok(result.stderr.includes(`docusaurus.config.js:${line("'@docusaurus/plugin-content-docs',\n")}:`), result.stderr);
    assert.match(result.stderr, /id "community" is used twice/);
    assert.match(result.stderr, /2 errors: docusaurus\.config\.js uses what docsite cannot build yet/);
    assert.ok(!existsSync(path.join(site, 'build')), 'no output folder');
  });
});

describe('the output folder of a site whose content lies at its root', () => {
  test('may not be one of its content folders, nor the site folder itself (exit 2, nothing written)', () => {
    const site = copyFixture('docusaurus-site');
    for (const [outDir, named] of [
      ['docs', /content folder docs/],
      ['static/out', /content folder static/],
      ['.', /contains the content folder docs/],
    ] as const) {
      const result = runCli(['build', site, '--out-dir', outDir]);
      assert.equal(result.status, 2, `${outDir}: ${result.stderr}`);
      assert.match(result.stderr, named, outDir);
    }
    assert.ok(!existsSync(path.join(site, 'static', 'out')));
    assert.ok(existsSync(path.join(site, 'docs', 'intro.md')));
  });
});

describe('a folder with both site.config.ts and docusaurus.config.js', () => {
  test("docsite's own config wins, with its content/ layout", () => {
    const site = copyFixture('docusaurus-site');
    writeFileSync(path.join(site, 'site.config.ts'), "export default { title: 'Native config' };\n");
    mkdirSync(path.join(site, 'content', 'docs'), { recursive: true });
    writeFileSync(path.join(site, 'content', 'docs', 'welcome.md'), '# Native welcome\n');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(readOut(site, 'docs/welcome/index.html'), /<title>Native welcome \| Native config<\/title>/);
    assert.ok(!existsSync(path.join(site, 'build', 'handbook')));
  });
});

describe("a Docusaurus site's _category_.json", () => {
  test('is read as Docusaurus reads it, as YAML: a trailing comma is allowed and the label shows in the sidebar', () => {
    const site = copyFixture('docusaurus-site-ts');
    mkdirSync(path.join(site, 'guides', 'topics'), { recursive: true });
    writeFileSync(path.join(site, 'guides', 'topics', '_category_.json'), '{\n  "label": "Topics by hand",\n  "position": 3,\n}\n');
    writeFileSync(path.join(site, 'guides', 'topics', 'first.md'), '# First topic\n\nThe first of the topics.\n');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const sidebar = byClass(page(site, 'topics/first'), 'sidebar')[0]!;
    assert.ok(byClass(sidebar, 'menu__label').map(text).includes('Topics by hand'), 'the category label from the file');
  });
});
