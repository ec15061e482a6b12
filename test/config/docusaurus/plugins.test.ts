/**
 * A Docusaurus site's own plugins run (test/fixtures/docusaurus-plugins: one inline, one by path):
 * the route a plugin adds renders its component with createData's JSON, global data reaches every
 * page, injected and configured tags are in every page's HTML, client modules run in the browser
 * before hydration, postBuild writes into the output, skipped lifecycles are named in the summary,
 * a plugin that cannot run stops the build at its line unless --skip-unsupported-plugins is given,
 * and serve runs the plugins again when the config or a plugin file changes. Docusaurus's own plugins
 * in the same config (client-redirects, Google Tag Manager, sitemap, pwa, ideal-image, debug,
 * theme-mermaid) map onto docsite's redirect pages, head tags, sitemap, service worker and theme. A
 * second blog plugin (a changelog) builds as a blog of its own, and the site's Footer made of the
 * theme's footer parts (src/theme/Footer) renders the config's footer.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { before, describe, test } from 'node:test';
import { browserSkipReason, launchChromium } from '../../support/browser';
import { byClass, byTag, parseChecked, text } from '../../support/dom';
import { copyFixture, fetchWithin, previewBuild, readOut, runCli, startServe, stopProcess, until } from '../../support/helpers';

const GTM_FRAME =
  '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-PLUG1N" height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>';

/** Where a redirect page sends the visitor: its refresh target, checked against its canonical link and its script. */
function redirectTarget(html: string): string | undefined {
  const target = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(html)?.[1];
  assert.ok(html.includes(`<link rel="canonical" href="${target}">`) && html.includes(`location.replace(${JSON.stringify(target)})`), html);
  return target;
}

describe("a Docusaurus site's own plugins", () => {
  let site: string;
  let stdout: string;
  let stderr: string;
  before(() => {
    site = copyFixture('docusaurus-plugins');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    stdout = result.stdout;
    stderr = result.stderr;
  });

  test('the route a plugin added renders its component, with its props and the JSON it wrote with createData', () => {
    const html = readOut(site, 'greeting/index.html');
    const doc = parseChecked(html);
    // The plugin's /greeting takes the place of the folder page src/pages/greeting/index.jsx (/greeting/),
    // which would throw without the plugin's data, and is no duplicate.
    assert.deepEqual(byTag(doc, 'h1').map(text), ['Plugin page']);
    assert.doesNotMatch(stdout + stderr, /Duplicate route/);
    // loadContent saw the context: the default locale and the base URL.
    assert.equal(text(byClass(doc, 'greeting-data')[0]!), 'Hello from a plugin (en, /)');
    assert.match(html, /<title>Plugin page \| Plugin Site<\/title>/);
  });

  test("the route's component draws Docusaurus's blog sidebar and read-more link from the theme", () => {
    const doc = parseChecked(readOut(site, 'greeting/index.html'));
    const sidebar = byClass(doc, 'blog-sidebar')[0]!;
    assert.equal(text(byClass(sidebar, 'blog-sidebar__title')[0]!), 'Earlier greetings');
    // By year, newest first as given; the unlisted item is left out; the page shown is marked current.
    assert.deepEqual(byClass(sidebar, 'blog-sidebar__year').map(text), ['2025', '2024']);
    const links = byClass(sidebar, 'blog-sidebar__link');
    assert.deepEqual(
      links.map((link) => [text(link), link.attribs.href]),
      [
        ['Spring greeting', '/greeting'],
        ['Winter greeting', '/docs/second'],
      ],
    );
    assert.equal(links[0]!.attribs['aria-current'], 'page');
    const more = byClass(doc, 'blog-preview__more')[0]!;
    assert.equal(more.attribs.href, '/docs/second');
    assert.equal(more.attribs['aria-label'], 'Read more about Winter greeting');
    assert.equal(text(more), 'Read more');
  });

  test("theme-common's PageMetadata writes the page's head, and ThemedComponent draws one part per colour mode", () => {
    const html = readOut(site, 'greeting/index.html');
    const metas = byTag(parseChecked(html.slice(0, html.indexOf('</head>'))), 'meta').map((meta) => meta.attribs);
    const content = (key: string, value: string) => metas.filter((meta) => meta[key] === value).map((meta) => meta.content);
    // After the site's own description (the page's Head tags are added, not merged).
    assert.equal(content('name', 'description').at(-1), 'Greetings from a plugin', JSON.stringify(metas));
    assert.equal(content('property', 'og:description').at(-1), 'Greetings from a plugin');
    assert.deepEqual(content('name', 'keywords'), ['greeting,plugin']);
    assert.deepEqual(content('property', 'og:image'), ['https://plugins.example.com/img/photo-small.png']);
    const parts = byClass(parseChecked(html), 'greeting-mode');
    assert.deepEqual(
      parts.map((part) => [text(part), part.attribs.class]),
      [
        ['light greeting', 'greeting-mode themed-img themed-img--light'],
        ['dark greeting', 'greeting-mode themed-img themed-img--dark'],
      ],
    );
  });

  test('what setGlobalData shared is read by a page component through usePluginData', () => {
    const doc = parseChecked(readOut(site, 'docs/intro/index.html'));
    assert.equal(text(byClass(doc, 'global-greeting')[0]!), 'Hello from a plugin');
  });

  test("the config's scripts, stylesheets and headTags and the plugin's injected tags are in every page's HTML, not in its code", () => {
    for (const file of ['index.html', 'docs/intro/index.html', 'docs/second/index.html', 'greeting/index.html', '404.html']) {
      const html = readOut(site, file);
      const head = html.slice(0, html.indexOf('</head>'));
      for (const tag of [
        '<script src="/top-level.js" defer></script>',
        '<link rel="stylesheet" href="https://cdn.example.com/extra.css">',
        '<link rel="preconnect" href="https://cdn.example.com">',
        '<meta name="plugin-meta" content="from greeting">',
      ])
        assert.ok(head.includes(tag), `${file}: ${tag}`);
      // Google Tag Manager's frame (from the config's official plugin) comes first after <body>, then the site plugin's tag.
      assert.ok(html.includes(`<body>\n${GTM_FRAME}\n<div id="pre-body-mark">before the page</div>\n<div id="__docsite">`), `${file}: pre-body tags`);
      assert.match(html, /<script>window\.postBodyMark = "after the page";<\/script>\n<\/body>/, `${file}: post-body tag`);
    }
    // The tags are the HTML's: the site data the browser loads does not carry them again.
    const assets = path.join(site, 'build', 'assets');
    for (const name of readdirSync(assets).filter((file) => file.endsWith('.js')))
      assert.ok(!readFileSync(path.join(assets, name), 'utf8').includes('plugin-meta'), name);
  });

  test("the site's own Footer, made of the theme's footer parts, shows the config's columns, logo and HTML copyright, and a row of its own", () => {
    for (const file of ['index.html', 'docs/intro/index.html', 'changelog/index.html']) {
      const [footer, ...more] = byTag(parseChecked(readOut(site, file)), 'footer').filter((node) => node.attribs.class === 'footer');
      assert.ok(footer && more.length === 0, `${file}: one site footer`);
      // The config's columns: a titled one with a link and HTML of the site's own, then one without a title.
      const columns = byClass(footer, 'footer__column');
      assert.deepEqual(
        columns.map((column) => byClass(column, 'footer__title').map(text)),
        [['Docs'], []],
      );
      const links = byTag(footer, 'a').map((link) => [text(link), link.attribs.href, link.attribs.target ?? '']);
      assert.deepEqual(links, [
        ['Introduction', '/docs/intro', ''],
        ['Changelog', '/changelog', ''],
        ['Source', 'https://code.plugins.example.com', '_blank'],
        // Links/Simple: the site's own row, separated by dots, with HTML of its own.
        ['Status', 'https://status.plugins.example.com', '_blank'],
        ['Guide', '/docs/intro', ''],
        // LinkItem used on its own, below the copyright.
        ['Imprint', '/docs/second', ''],
      ]);
      assert.equal(text(byClass(footer, 'made-note')[0]!), 'Made with plugins');
      assert.equal(text(byClass(footer, 'service-note')[0]!), 'Hosted on a plugin');
      assert.equal(text(byClass(footer, 'review-note')[0]!), 'Reviewed each spring', "a themeConfig key of the site's own reaches useThemeConfig()");
      assert.equal(byClass(footer, 'footer__link-separator').length, 2);
      assert.equal(byClass(footer, 'imprint-link').length, 1, "LinkItem keeps the item's className");
      const [logo] = byTag(footer, 'img');
      assert.deepEqual([logo?.attribs.src, logo?.attribs.alt], ['/img/photo-small.png', 'Plugin Site logo']);
      // The copyright is HTML, as Docusaurus writes it.
      const [copyright] = byClass(footer, 'footer__copyright');
      assert.equal(text(copyright!), 'Copyright © Plugin Site, built by plugins');
      assert.deepEqual(byTag(copyright!, 'em').map(text), ['built by plugins']);
    }
  });

  test('a second blog (the changelog) has its own list, post pages, tags, author page, archive and feeds at its route', () => {
    const list = parseChecked(readOut(site, 'changelog/index.html'));
    assert.deepEqual(byTag(list, 'h1').map(text), ['Changelog']);
    // Newest first; a post without a slug is routed by its file's date, one with a slug by the slug.
    assert.deepEqual(
      byClass(list, 'blog-preview__title').map((title) => [text(title), byTag(title, 'a')[0]?.attribs.href]),
      [
        ['The second release', '/changelog/second-release'],
        ['The first release', '/changelog/2025/03/01/first-release'],
      ],
    );
    const second = parseChecked(readOut(site, 'changelog/second-release/index.html'));
    assert.deepEqual(byTag(second, 'h1').map(text), ['The second release']);
    // Its .md link to the other post leads to that post's route.
    assert.ok(byTag(second, 'a').some((link) => link.attribs.href === '/changelog/2025/03/01/first-release' && text(link) === 'the first release'));
    const first = readOut(site, 'changelog/2025/03/01/first-release/index.html');
    assert.match(first, /It greets every visitor with a message from a plugin\./);
    // Tags, the author authors.yml gives a page, and the archive, all under /changelog.
    const release = parseChecked(readOut(site, 'changelog/tags/release/index.html'));
    assert.deepEqual(byTag(release, 'h1').map(text), ['2 posts tagged with "release"']);
    assert.match(readOut(site, 'changelog/tags/index.html'), /redirects/);
    const author = parseChecked(readOut(site, 'changelog/authors/mira/index.html'));
    assert.deepEqual(byTag(author, 'h1').map(text), ['Mira Okafor']);
    assert.deepEqual(byClass(author, 'blog-preview__title').map(text), ['The second release', 'The first release']);
    assert.match(readOut(site, 'changelog/archive/index.html'), /The first release/);
    // Its own feeds, named by the blog's title and linked from its pages' heads.
    for (const feed of ['rss.xml', 'atom.xml']) {
      const xml = readOut(site, `changelog/${feed}`);
      assert.match(xml, /<title>Plugin Site Changelog<\/title>/, feed);
      assert.ok(xml.includes('https://plugins.example.com/changelog/second-release'), feed);
    }
    assert.ok(
      readOut(site, 'changelog/index.html').includes(
        '<link rel="alternate" type="application/rss+xml" href="https://plugins.example.com/changelog/rss.xml" title="Plugin Site Changelog RSS Feed">',
      ),
    );
    // The site has no blog of its own (`blog: false`): nothing is written at /blog.
    assert.ok(!existsSync(path.join(site, 'build', 'blog')));
  });

  test("postBuild ran once the output was complete, with the output folder, every route's path and what each page's HTML asks of robots", () => {
    const report = JSON.parse(readOut(site, 'plugin-stats.json')) as { outDir: string; routes: string[]; described: string[]; noIndex: string[] };
    assert.equal(report.outDir, 'build');
    for (const route of ['/', '/docs/intro', '/docs/second', '/greeting']) assert.ok(report.routes.includes(route), route);
    // routesBuildMetadata describes every route; only the page not found asks robots to stay away.
    assert.deepEqual(report.described, report.routes);
    assert.deepEqual(report.noIndex, ['/404.html']);
    assert.match(readOut(site, '404.html'), /<meta name="robots" content="noindex, nofollow">/);
    assert.doesNotMatch(readOut(site, 'docs/intro/index.html'), /name="robots"/);
    // The home page it edited has precompressed copies of what it is now, not of what it was.
    const home = readOut(site, 'index.html');
    assert.match(home, /<!-- \d+ routes -->$/);
    assert.equal(brotliDecompressSync(readFileSync(path.join(site, 'build', 'index.html.br'))).toString(), home);
    assert.equal(gunzipSync(readFileSync(path.join(site, 'build', 'index.html.gz'))).toString(), home);
  });

  test("the docs config's exclude leaves its files out, in place of the default list", () => {
    assert.ok(!existsSync(path.join(site, 'build', 'docs', 'drafts')));
    const report = JSON.parse(readOut(site, 'plugin-stats.json')) as { routes: string[] };
    assert.ok(!report.routes.some((route) => route.includes('drafts')), report.routes.join(' '));
    // An underscore file is left out only by the default list: this config's list keeps it.
    assert.deepEqual(byTag(parseChecked(readOut(site, 'docs/_kept/index.html')), 'h1').map(text), ['Kept']);
  });

  test("the client-redirects plugin's redirects, createRedirects and fromExtensions each write a page that forwards to its route", () => {
    const expected: Record<string, string> = {
      // redirects: one `from` and a list of them.
      'old-intro/index.html': '/docs/intro',
      'older/intro/index.html': '/docs/intro',
      // createRedirects, called with every route.
      'guide/intro/index.html': '/docs/intro',
      'guide/second/index.html': '/docs/second',
      // fromExtensions: the route with .html, written as that file.
      'docs/intro.html': '/docs/intro',
      'greeting.html': '/greeting',
    };
    for (const [file, target] of Object.entries(expected)) assert.equal(redirectTarget(readOut(site, file)), target, file);
    // The home page gets no `/.html`, and the pages the redirects point at are still the pages.
    assert.ok(!existsSync(path.join(site, 'build', '.html')));
    assert.equal(text(byTag(parseChecked(readOut(site, 'docs/intro/index.html')), 'h1')[0]!), 'Introduction');
    // The redirects are not pages: the sitemap (the sitemap plugin's entry) lists the pages only.
    const sitemap = readOut(site, 'sitemap.xml');
    for (const route of ['/', '/docs/intro', '/docs/second', '/greeting']) assert.ok(sitemap.includes(`<loc>https://plugins.example.com${route}</loc>`), route);
    assert.doesNotMatch(sitemap, /old-intro|guide|\.html</);
  });

  test("Google Tag Manager's container starts in every page's head, and the PWA plugin's head tags and docsite's service worker are there", () => {
    for (const file of ['index.html', 'docs/intro/index.html', 'greeting/index.html', '404.html']) {
      const html = readOut(site, file);
      const head = html.slice(0, html.indexOf('</head>'));
      assert.ok(head.includes('<link rel="preconnect" href="https://www.googletagmanager.com">'), file);
      assert.match(head, /<script>window\.dataLayer=window\.dataLayer\|\|\[\];.*gtm\.js\?id=.*"GTM-PLUG1N".*<\/script>/, file);
      assert.ok(head.includes('<link rel="manifest" href="/manifest.json">'), file);
      assert.ok(head.includes('<meta name="theme-color" content="rgb(37, 194, 160)">'), file);
    }
    assert.ok(existsSync(path.join(site, 'build', 'sw.js')), 'the service worker');
    assert.equal(JSON.parse(readOut(site, 'manifest.json')).short_name, 'Plugins');
  });

  test('@theme/IdealImage shows an imported or required image, and the sized object of the plugin as a srcset', () => {
    const images = byTag(parseChecked(readOut(site, 'docs/intro/index.html')), 'img');
    const attrs = (alt: string) => images.find((image) => image.attribs.alt === alt)?.attribs;
    assert.match(attrs('A photo')?.src ?? '', /^\/assets\/photo-[0-9a-f]+\.png$/);
    assert.equal(attrs('A photo')?.loading, 'lazy');
    assert.ok(existsSync(path.join(site, 'build', attrs('A photo')!.src!)));
    // require('./photo.png') gives the module, whose default export is the image.
    assert.equal(attrs('A required photo')?.src, attrs('A photo')?.src);
    assert.deepEqual(
      [attrs('A sized photo')?.src, attrs('A sized photo')?.srcset, attrs('A sized photo')?.width, attrs('A sized photo')?.shouldautodownload],
      ['/img/photo-large.png', '/img/photo-small.png 320w, /img/photo-large.png 640w', '640', undefined],
    );
  });

  test('the build summary names the lifecycle docsite skipped', () => {
    assert.match(stdout, /plugin greeting: configureWebpack skipped/);
  });

  test(
    'in Chromium, the client modules ran in order before the page hydrated, and a client navigation reaches the Tag Manager data layer',
    { skip: browserSkipReason() },
    async () => {
      const { base, server } = await previewBuild(path.join(site, 'build'));
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(String(error)));
        await page.goto(`${base}/docs/intro`);
        await page.waitForSelector('html[data-docsite-ready]');
        // The ideal images hydrated as they were rendered: the required one is the module's image in the browser too.
        assert.deepEqual(pageErrors, []);
        assert.match((await page.$eval('img[alt="A required photo"]', (image) => image.getAttribute('src'))) ?? '', /^\/assets\/photo-[0-9a-f]+\.png$/);
        const seen = await page.evaluate(() => ({
          config: document.documentElement.getAttribute('data-client-module'),
          plugin: (window as unknown as { pluginClientModule?: string }).pluginClientModule,
          postBody: (window as unknown as { postBodyMark?: string }).postBodyMark,
          greeting: document.querySelector('.global-greeting')?.textContent,
        }));
        assert.deepEqual(seen, { config: 'config', plugin: 'config then plugin', postBody: 'after the page', greeting: 'Hello from a plugin' });
        // Google Tag Manager's data layer: the container started, and a client navigation is pushed as Docusaurus's plugin pushes it.
        const events = () => page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event));
        assert.deepEqual(await events(), ['gtm.js']);
        await page.evaluate(() =>
          Array.from(document.querySelectorAll('a'))
            .find((link) => link.textContent === 'second doc')!
            .click(),
        );
        await page.waitForFunction(() => location.pathname === '/docs/second');
        await page.waitForFunction(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer).includes('docusaurus.routeDidUpdate'));
        assert.deepEqual(await events(), ['gtm.js', 'docusaurus.routeDidUpdate']);
      } finally {
        await browser.close();
        server.close();
      }
    },
  );
});

describe('a plugin docsite cannot run', () => {
  test('stops the build at its line with exit 1 and no output; --skip-unsupported-plugins builds without it and names it', () => {
    const site = copyFixture('docusaurus-plugins');
    const file = path.join(site, 'docusaurus.config.js');
    const config = readFileSync(file, 'utf8')
      .replace('    async loadContent() {\n', "    async loadContent() {\n      throw new Error('the greetings service is down');\n")
      .replace("'./src/plugins/stats-plugin',\n", "'./src/plugins/stats-plugin',\n    '@docusaurus/plugin-vercel-analytics',\n");
    writeFileSync(file, config);
    // The folder page the plugin's route stands in for needs the plugin's data: it goes with the plugin.
    rmSync(path.join(site, 'src', 'pages', 'greeting'), { recursive: true });
    const at = (needle: string, from = 0) => {
      const offset = config.indexOf(needle, from);
      assert.notEqual(offset, -1, needle);
      const before = config.slice(0, offset).split('\n');
      return `docusaurus.config.js:${before.length}:${before.at(-1)!.length + 1}`;
    };
    const failed = runCli(['build', site]);
    assert.equal(failed.status, 1, failed.stderr);
    assert.ok(failed.stderr.includes(at('greetingPlugin', config.indexOf('plugins:'))), failed.stderr);
    assert.match(failed.stderr, /the plugin greeting cannot run: its loadContent threw: the greetings service is down/);
    assert.ok(failed.stderr.includes(at("'@docusaurus/plugin-vercel-analytics'")), failed.stderr);
    assert.match(failed.stderr, /--skip-unsupported-plugins/);
    assert.match(failed.stderr, /PLUGIN_FAILED/);
    assert.match(failed.stderr, /CONFIG_UNSUPPORTED/);
    assert.match(failed.stderr, /2 errors: docusaurus\.config\.js uses what docsite cannot build yet/);
    assert.ok(!existsSync(path.join(site, 'build')), 'no output folder');

    const skipped = runCli(['build', site, '--skip-unsupported-plugins']);
    assert.equal(skipped.status, 0, skipped.stderr);
    assert.match(skipped.stdout, /plugin greeting left out \(--skip-unsupported-plugins\): the plugin greeting cannot run: its loadContent threw/);
    assert.match(skipped.stdout, /plugin @docusaurus\/plugin-vercel-analytics left out/);
    // The other plugin ran; nothing of the one left out is in the output.
    assert.ok(existsSync(path.join(site, 'build', 'plugin-stats.json')));
    assert.ok(!existsSync(path.join(site, 'build', 'greeting')));
    assert.doesNotMatch(readOut(site, 'docs/intro/index.html'), /plugin-meta/);
    assert.equal(text(byClass(parseChecked(readOut(site, 'docs/intro/index.html')), 'global-greeting')[0]!), 'no global data');

    // A postBuild that throws fails the build at the plugin's line, after the output was written.
    const plugin = path.join(site, 'src', 'plugins', 'stats-plugin.js');
    writeFileSync(plugin, readFileSync(plugin, 'utf8').replace('      const report =', "      throw new Error('no disk space left');\n      const report ="));
    const late = runCli(['build', site, '--skip-unsupported-plugins']);
    assert.equal(late.status, 1, late.stderr);
    assert.ok(late.stderr.includes(at("'./src/plugins/stats-plugin'")), late.stderr);
    assert.match(late.stderr, /the plugin stats failed: its postBuild threw: no disk space left/);
    assert.match(late.stderr, /The new output was written before these errors\.\n$/);
    assert.doesNotMatch(late.stderr, /previous build output was left/);
  });
});

describe('client redirects docsite cannot write', () => {
  test('a path createRedirects returns that is already a page stops the build with exit 1, naming the plugin option', () => {
    const site = copyFixture('docusaurus-plugins');
    const file = path.join(site, 'docusaurus.config.js');
    const config = readFileSync(file, 'utf8');
    const shadowing = "existingPath === '/docs/intro' ? '/docs/second' : existingPath.replace('/docs/', '/guide/')";
    writeFileSync(file, config.replace("existingPath.replace('/docs/', '/guide/')", `(${shadowing})`));
    const failed = runCli(['build', site]);
    assert.equal(failed.status, 1, failed.stderr);
    assert.match(
      failed.stderr,
      /docusaurus\.config\.js: The redirect from \/docs\/second \(made by createRedirects of plugins\[2\] for \/docs\/intro\) would replace the page at that path\. \[REDIRECT_SHADOWS_PAGE\]/,
    );
    assert.ok(!existsSync(path.join(site, 'build')), 'no output folder');
  });
});

describe('serve', () => {
  test('answers a path that cannot be decoded with 400; runs the plugins again when the config changes, and when a plugin file does', async () => {
    const site = copyFixture('docusaurus-plugins');
    const { base, child } = await startServe(site);
    try {
      const greeting = async () => text(byClass(parseChecked(await (await fetchWithin(`${base}/greeting`)).text()), 'greeting-data')[0]!);
      assert.equal(await greeting(), 'Hello from a plugin (en, /)');
      // A path that cannot be decoded: status 400 and the text alone, as a Docusaurus site has no 400 page.
      const badPath = await fetchWithin(`${base}/docs/%E0%A4%A`);
      assert.deepEqual([badPath.status, await badPath.text()], [400, 'Pathname could not be decoded']);
      const config = path.join(site, 'docusaurus.config.js');
      writeFileSync(config, readFileSync(config, 'utf8').replace("greeting: 'Hello from a plugin'", "greeting: 'Hello again'"));
      assert.deepEqual(await until(async () => ((await greeting()) === 'Hello again (en, /)' ? [] : ['the old greeting']), 30_000), []);
      // The path plugin's client module is named anew: the page boots a new runtime with it.
      const plugin = path.join(site, 'src', 'plugins', 'stats-plugin.js');
      const runtimeOf = async () => /modulepreload" href="([^"]*runtime-[^"]+)"/.exec(await (await fetchWithin(`${base}/greeting`)).text())?.[1];
      const before = await runtimeOf();
      writeFileSync(plugin, readFileSync(plugin, 'utf8').replace("'../client/count-visits.js'", "'../client/mark-html.js'"));
      assert.deepEqual(await until(async () => ((await runtimeOf()) !== before ? [] : ['the same runtime']), 30_000), []);
    } finally {
      await stopProcess(child);
    }
  });
});
