/** What a Docusaurus config's options become in docsite's config, and which ones are named as unsupported. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { mapDocusaurusConfig } from '../../../src/config/docusaurus/map';
import { siteConfigSchema } from '../../../src/config/schema';

const map = (config: Record<string, unknown>, folders: string[] = []) =>
  mapDocusaurusConfig(config, { siteDir: '/site', hasFolder: (name) => folders.includes(name) });

test('prism themes known by their colours become Shiki themes; algolia, colour mode and the docs versions carry over', () => {
  const { raw, unsupported } = map({
    title: 'Mapped',
    url: 'https://mapped.example.com',
    presets: [
      [
        '@docusaurus/preset-classic',
        {
          docs: {
            path: 'documentation',
            routeBasePath: '/',
            sidebarPath: '/site/sidebars.ts',
            lastVersion: 'current',
            versions: { current: { label: 'Next' } },
          },
        },
      ],
    ],
    themeConfig: {
      prism: { theme: { plain: { backgroundColor: '#f6f8fa' } }, darkTheme: { plain: { backgroundColor: '#282A36' } }, additionalLanguages: ['rust'] },
      algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'mapped', contextualSearch: true },
      colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
      navbar: { title: 'Mapped', items: [{ type: 'docsVersionDropdown', position: 'right' }, { type: 'search' }, { label: 'Docs', to: '/intro' }] },
    },
  });
  assert.deepEqual(unsupported, []);
  const site = siteConfigSchema.parse(raw);
  assert.deepEqual(site.codeThemes, { light: 'github-light', dark: 'dracula' });
  assert.ok(site.search, 'the algolia block turns search on');
  assert.deepEqual(
    { appId: site.search.algolia?.appId, indexName: site.search.algolia?.indexName, contextual: site.search.algolia?.contextualSearch },
    { appId: 'APP', indexName: 'mapped', contextual: true },
  );
  assert.equal(site.colorMode.defaultMode, 'dark');
  assert.deepEqual(
    [site.docs.path, site.docs.routeBasePath, site.docs.sidebarPath, site.docs.lastVersion, site.docs.tocMaxHeadingLevel],
    ['documentation', '', 'sidebars.ts', 'current', 4],
  );
  assert.deepEqual(
    site.navbar.items.map((item) => ('type' in item ? item.type : 'label' in item ? item.label : undefined)),
    ['docsVersionDropdown', 'search', 'Docs'],
  );
});

test('navbar item types, plugins, a second preset and options docsite lacks are each named by their path', () => {
  const { unsupported, sitePlugins } = map(
    {
      title: 'Mapped',
      noIndex: true,
      presets: [
        ['classic', { blog: false, docs: { editLocalizedFiles: true } }],
        ['some-company-preset', {}],
      ],
      plugins: ['@docusaurus/plugin-vercel-analytics', () => ({ name: 'inline' })],
      themeConfig: {
        navbar: { title: 'Other', logo: { src: 'logo.svg', width: 32 }, items: [{ type: 'custom-switch' }] },
        footer: {
          links: [
            { title: 'Column', items: [] },
            { label: 'Flat', href: 'https://x' },
          ],
        },
      },
    },
    ['blog'],
  );
  assert.deepEqual(
    unsupported.map((item) => item.path),
    [
      'noIndex',
      'presets[0].blog',
      'presets[0].docs.editLocalizedFiles',
      'presets[1]',
      'plugins[0]',
      'themeConfig.navbar.logo.width',
      'themeConfig.navbar.items[0]',
      'themeConfig.footer.links[1]',
    ],
  );
  // The inline function is the site's own plugin: it runs, it is not named.
  assert.deepEqual(
    sitePlugins.map((entry) => [entry.path, typeof entry.plugin]),
    [['plugins[1]', 'function']],
  );
});

test("the config's scripts, stylesheets and headTags become head markup; clientModules become site paths", () => {
  const { raw, unsupported } = map({
    title: 'Tags',
    scripts: ['https://cdn.example.com/a.js', { src: '/b.js', async: true }],
    stylesheets: [{ href: 'https://cdn.example.com/a.css', integrity: 'sha384-x' }],
    headTags: [{ tagName: 'meta', attributes: { name: 'x', content: 'a "quoted" value' } }, { tagName: 'bad name' }],
    clientModules: ['/site/src/client/a.js', './src/client/b.js'],
  });
  assert.deepEqual(
    unsupported.map((item) => item.path),
    ['headTags[1]'],
  );
  assert.deepEqual((raw.htmlTags as { head: string[] }).head, [
    '<script src="https://cdn.example.com/a.js"></script>',
    '<script src="/b.js" async></script>',
    '<link rel="stylesheet" href="https://cdn.example.com/a.css" integrity="sha384-x">',
    '<meta name="x" content="a &quot;quoted&quot; value">',
  ]);
  assert.deepEqual(raw.clientModules, ['src/client/a.js', 'src/client/b.js']);
});

test('themeConfig.metadata becomes a <meta> per entry in the head, after the headTags; an entry that is not an object is named', () => {
  const { raw, unsupported } = map({
    title: 'Meta',
    headTags: [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example.com' } }],
    themeConfig: { metadata: [{ name: 'keywords', content: 'pipes, streams' }, { property: 'og:kind', content: 'a <b> & "c"' }, 'loose text'] },
  });
  assert.deepEqual(
    unsupported.map((item) => item.path),
    ['themeConfig.metadata[2]'],
  );
  assert.deepEqual((raw.htmlTags as { head: string[] }).head, [
    '<link rel="preconnect" href="https://fonts.example.com">',
    '<meta name="keywords" content="pipes, streams">',
    '<meta property="og:kind" content="a &lt;b> &amp; &quot;c&quot;">',
  ]);
});

test("Docusaurus's own plugins map by package or short name; an unknown one and an option docsite lacks are named; a second docs plugin is a docs set", () => {
  const { raw, unsupported, routeRedirects } = map({
    title: 'Official',
    // The preset's googleTagManager is the same plugin's options.
    presets: [['classic', { googleTagManager: { containerId: 'GTM-PRESET' } }]],
    plugins: [
      ['@docusaurus/plugin-client-redirects', { redirects: [{ from: ['/a', '/b'], to: '/docs/x' }], fromExtensions: ['html'] }],
      ['client-redirects', { id: 'second', redirects: [{ from: '/c', to: 'https://elsewhere.example.com/' }], createRedirects: () => undefined }],
      ['docusaurus-plugin-google-gtag', { trackingID: ['G-ONE'], anonymizeIP: true }],
      ['google-tag-manager', { containerId: 'GTM-ABC' }],
      [
        '@docusaurus/plugin-pwa',
        { debug: true, offlineModeActivationStrategies: ['standalone'], pwaHead: [{ tagName: 'link', rel: 'manifest', href: '/m.json' }] },
      ],
      // A plugin with an option docsite cannot honour is named whole: --skip-unsupported-plugins leaves all of it out.
      ['docusaurus-plugin-pwa', { offlineMode: true, swCustom: './sw.js', pwaHead: [{ tagName: 'meta', name: 'left-out' }] }],
      '@docusaurus/plugin-debug',
      '@docusaurus/theme-mermaid',
      ['@docusaurus/plugin-content-docs', { id: 'community', path: 'community' }],
      '@docusaurus/plugin-made-up',
      ['@docusaurus/plugin-svgr', {}],
      '@docusaurus/plugin-google-analytics',
      '@docusaurus/remark-plugin-npm2yarn',
    ],
    themes: ['@docusaurus/theme-mermaid'],
  });
  assert.deepEqual(
    unsupported.map((item) => [item.path, item.plugin]),
    [
      ['plugins[5].offlineMode', 'docusaurus-plugin-pwa'],
      ['plugins[5].swCustom', 'docusaurus-plugin-pwa'],
      ['plugins[9]', '@docusaurus/plugin-made-up'],
      ['plugins[11]', '@docusaurus/plugin-google-analytics'],
    ],
  );
  assert.match(unsupported.at(-1)!.reason, /use google-gtag/);
  // A second docs plugin with its own id is a docs set of its own.
  assert.deepEqual(
    (raw.extraDocs as { id: string; path: string }[]).map((set) => [set.id, set.path]),
    [['community', 'community']],
  );
  assert.deepEqual(raw.redirects, [
    { from: '/a', to: '/docs/x' },
    { from: '/b', to: '/docs/x' },
    { from: '/c', to: 'https://elsewhere.example.com/' },
  ]);
  assert.deepEqual(
    routeRedirects.map((item) => [item.path, item.fromExtensions, typeof item.createRedirects]),
    [
      ['plugins[0]', ['html'], 'undefined'],
      ['plugins[1]', [], 'function'],
    ],
  );
  const site = siteConfigSchema.parse(raw);
  assert.deepEqual(site.gtag, { trackingID: 'G-ONE', anonymizeIP: true });
  assert.equal(site.serviceWorker, true);
  assert.ok(site.htmlTags.head.some((tag) => tag.includes('gtm.js?id=\'+encodeURIComponent("GTM-ABC")')));
  assert.ok(site.htmlTags.head.includes('<link rel="manifest" href="/m.json">'));
  assert.ok(!site.htmlTags.head.some((tag) => tag.includes('left-out')));
  assert.ok(site.htmlTags.head.some((tag) => tag.includes('gtm.js?id=\'+encodeURIComponent("GTM-PRESET")')));
  assert.deepEqual(
    site.htmlTags.preBody.map((tag) => /ns\.html\?id=([\w-]+)/.exec(tag)?.[1]),
    ['GTM-PRESET', 'GTM-ABC'],
  );
});

test("local-search plugins and themes of the community give way to docsite's own search: neither run nor named", () => {
  const { unsupported, sitePlugins } = map({
    title: 'Mapped',
    plugins: [
      ['/site/node_modules/@easyops-cn/docusaurus-search-local/dist/server/server/index.js', { hashed: true }],
      'docusaurus-lunr-search',
      './src/plugins/own',
    ],
    themes: [['@easyops-cn/docusaurus-search-local', { language: ['en'] }]],
  });
  assert.deepEqual(unsupported, []);
  assert.deepEqual(
    sitePlugins.map((entry) => entry.path),
    ['plugins[2]'],
  );
});

test('search is on only where the config has one: algolia, or a local-search plugin or theme; else `search: false`, as Docusaurus draws no box', () => {
  const searchOf = (config: Record<string, unknown>) => siteConfigSchema.parse(map({ title: 'Mapped', ...config }).raw).search;
  assert.equal(searchOf({}), false);
  assert.equal(searchOf({ presets: [['classic', {}]], themeConfig: { navbar: { items: [{ type: 'search' }] } } }), false);
  assert.deepEqual(searchOf({ themes: ['@easyops-cn/docusaurus-search-local'] }), {
    searchPagePath: 'search',
    placeholder: 'Search docs',
    contextualSearch: true,
  });
  assert.equal((searchOf({ plugins: ['docusaurus-lunr-search'] }) || undefined)?.searchPagePath, 'search');
  const algolia = searchOf({ themeConfig: { algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'mapped', searchPagePath: false } } });
  assert.ok(algolia);
  assert.deepEqual([algolia.algolia?.indexName, algolia.searchPagePath], ['mapped', false]);
});

test("a blog Docusaurus turns on is built even without its folder: the preset's unless `blog: false`, and each blog plugin", () => {
  const blogsOf = (config: Record<string, unknown>) => {
    const site = siteConfigSchema.parse(map({ title: 'Mapped', ...config }).raw);
    return [site.blog.emptyWhenMissing ?? false, ...site.extraBlogs.map((set) => set.emptyWhenMissing ?? false)];
  };
  assert.deepEqual(blogsOf({ presets: [['classic', {}]] }), [true]);
  assert.deepEqual(blogsOf({ presets: ['@docusaurus/preset-classic'] }), [true]);
  assert.deepEqual(blogsOf({ presets: [['classic', { blog: { postsPerPage: 3 } }]] }), [true]);
  assert.deepEqual(blogsOf({ presets: [['classic', { blog: false }]] }), [false]);
  assert.deepEqual(blogsOf({ presets: [['classic', { blog: false }]], plugins: [['@docusaurus/plugin-content-blog', { id: 'changelog' }]] }), [false, true]);
  assert.deepEqual(blogsOf({}), [false]);
});

test('a site whose installed blog plugin is older than 3.10 gets no empty blog and author pages under authors/, as its Docusaurus writes them', () => {
  const withBlogPlugin = (version: string) => {
    const siteDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-blog-version-'));
    const pkg = path.join(siteDir, 'node_modules', '@docusaurus', 'plugin-content-blog');
    mkdirSync(path.join(pkg, 'lib'), { recursive: true });
    writeFileSync(path.join(siteDir, 'package.json'), '{"name":"site"}');
    writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@docusaurus/plugin-content-blog', version, exports: { '.': './lib/index.js' } }));
    writeFileSync(path.join(pkg, 'lib', 'index.js'), '');
    const config = { title: 'Mapped', presets: [['classic', {}]], plugins: [['@docusaurus/plugin-content-blog', { id: 'changelog' }]] };
    const site = siteConfigSchema.parse(mapDocusaurusConfig(config, { siteDir, hasFolder: () => false }).raw);
    return [site.blog, ...site.extraBlogs].map((blog) => [blog.emptyWhenMissing ?? false, blog.authorPagesSegment]);
  };
  // And it paged an author's posts under authors/, where 3.10 pages them under page/.
  assert.deepEqual(withBlogPlugin('3.7.0'), [
    [false, 'authors'],
    [false, 'authors'],
  ]);
  assert.deepEqual(withBlogPlugin('3.9.2'), [
    [false, 'authors'],
    [false, 'authors'],
  ]);
  assert.deepEqual(withBlogPlugin('3.10.0'), [
    [true, 'page'],
    [true, 'page'],
  ]);
  assert.deepEqual(withBlogPlugin('4.0.0'), [
    [true, 'page'],
    [true, 'page'],
  ]);
});

test("a community plugin runs as the site's own when installed (a shorthand too); Docusaurus's own are mapped; a missing one is named", () => {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'docsite-community-plugins-'));
  for (const name of ['docusaurus-plugin-sass', 'docusaurus-plugin-client-redirects-fork']) {
    mkdirSync(path.join(siteDir, 'node_modules', name), { recursive: true });
    writeFileSync(path.join(siteDir, 'node_modules', name, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
    writeFileSync(path.join(siteDir, 'node_modules', name, 'index.js'), 'module.exports = () => ({ name: "x" });\n');
  }
  const { unsupported, sitePlugins } = mapDocusaurusConfig(
    {
      title: 'Community',
      plugins: [
        'docusaurus-plugin-sass',
        ['sass', {}],
        'client-redirects-fork',
        ['docusaurus-plugin-client-redirects', { redirects: [{ from: '/old', to: '/new' }] }],
        'docusaurus-plugin-not-here',
        '@docusaurus/plugin-vercel-analytics',
      ],
    },
    { siteDir, hasFolder: () => false },
  );
  assert.deepEqual(
    sitePlugins.map((entry) => [entry.path, entry.plugin, entry.quoted]),
    [
      ['plugins[0]', 'docusaurus-plugin-sass', 'docusaurus-plugin-sass'],
      ['plugins[1]', 'docusaurus-plugin-sass', 'sass'],
      ['plugins[2]', 'docusaurus-plugin-client-redirects-fork', 'client-redirects-fork'],
    ],
  );
  assert.deepEqual(
    unsupported.map((item) => [item.path, item.reason]),
    [
      ['plugins[4]', "the plugin docusaurus-plugin-not-here is not installed in the site's node_modules"],
      [
        'plugins[5]',
        "the plugin @docusaurus/plugin-vercel-analytics cannot run: docsite does not add Vercel's analytics script yet; the config's `scripts` can load it",
      ],
    ],
  );
});

test("a blog plugin with its own id is a second blog read by the blog's options; one without an id is the site's blog when the preset has none", () => {
  const notesPlugin = () => undefined;
  const { raw, unsupported } = map({
    title: 'Blogs',
    presets: [['classic', { blog: false }]],
    plugins: [
      ['@docusaurus/plugin-content-blog', { path: './news', routeBasePath: '/news/', blogTitle: 'News' }],
      [
        'content-blog',
        { id: 'changelog', path: './changelog', routeBasePath: 'changelog', blogTitle: 'Changelog', blogSidebarCount: 'ALL', onInlineAuthors: 'ignore' },
      ],
      // A second blog of the same id, and an option docsite does not know, are named where they are written; its own markdown plugins are its own.
      ['@docusaurus/plugin-content-blog', { id: 'changelog', path: './again' }],
      ['@docusaurus/plugin-content-blog', { id: 'notes', remarkPlugins: [notesPlugin], madeUp: true }],
    ],
  });
  assert.deepEqual(
    unsupported.map((item) => [item.path, item.reason]),
    [
      ['plugins[2]', 'the blog id "changelog" is used twice'],
      ['plugins[3].madeUp', 'not an option docsite knows'],
    ],
  );
  const site = siteConfigSchema.parse(raw);
  assert.deepEqual(site.extraBlogs[1]!.remarkPlugins, [notesPlugin]);
  assert.equal(site.extraBlogs[0]!.remarkPlugins, undefined);
  assert.deepEqual([site.blog.path, site.blog.routeBasePath, site.blog.title], ['news', 'news', 'News']);
  assert.deepEqual(
    site.extraBlogs.map((set) => [set.id, set.path, set.routeBasePath, set.title, set.blogSidebarCount]),
    [
      ['changelog', 'changelog', 'changelog', 'Changelog', 'ALL'],
      ['notes', 'notes', 'notes', 'Blog', 5],
    ],
  );
});

test("a pages plugin with its own id is a pages instance of its own; one without an id is the site's pages when the preset's are off", () => {
  const sign = () => undefined;
  const { raw, unsupported } = map({
    title: 'Pages',
    presets: [['classic', { pages: false }]],
    plugins: [
      ['@docusaurus/plugin-content-pages', { path: 'site-pages', routeBasePath: '/', include: ['**/*.md'] }],
      ['content-pages', { id: 'more', path: './more-pages', routeBasePath: '/more/', exclude: ['**/draft-*'], remarkPlugins: [sign] }],
      // The same id twice, and an option docsite lacks, are named where they are written.
      ['@docusaurus/plugin-content-pages', { id: 'more', path: 'again' }],
      ['@docusaurus/plugin-content-pages', { id: 'other', mdxPageComponent: '@theme/MyPage' }],
    ],
  });
  assert.deepEqual(
    unsupported.map((item) => [item.path, item.reason]),
    [
      ['plugins[2]', 'the pages id "more" is used twice'],
      ['plugins[3].mdxPageComponent', 'replacing the Markdown page component is not supported yet'],
    ],
  );
  const site = siteConfigSchema.parse(raw);
  assert.deepEqual([site.pages.path, site.pages.routeBasePath, site.pages.include], ['site-pages', '', ['**/*.md']]);
  assert.deepEqual(
    site.extraPages.map((set) => [set.id, set.path, set.routeBasePath, set.exclude, set.remarkPlugins]),
    [
      ['more', 'more-pages', 'more', ['**/draft-*'], [sign]],
      ['other', 'other', undefined, undefined, undefined],
    ],
  );
  // Beside the preset's own pages, an entry without an id is a second "default" instance, as Docusaurus says.
  const twice = map({ title: 'Pages', presets: [['classic', {}]], plugins: [['@docusaurus/plugin-content-pages', { path: 'more' }]] });
  assert.deepEqual(
    twice.unsupported.map((item) => [item.path, item.reason]),
    [['plugins[0]', 'the classic preset already has the pages plugin "default": a second pages instance needs its own `id`']],
  );
});

test('a themeConfig key docsite does not know goes to useThemeConfig() when it is JSON, and is named when it is not; a known key it cannot honour stays named', () => {
  const { raw, unsupported } = map({
    title: 'Mapped',
    url: 'https://mapped.example.com',
    themeConfig: {
      giscus: { repo: 'owner/name', mapping: 'title' },
      zoom: { selector: '.markdown img' },
      feed: { render: () => null },
      mermaid: { theme: 'dark' },
    },
  });
  assert.deepEqual(raw.themeConfigExtra, { giscus: { repo: 'owner/name', mapping: 'title' }, zoom: { selector: '.markdown img' } });
  assert.deepEqual(
    unsupported.map((entry) => entry.path),
    ['themeConfig.feed', 'themeConfig.mermaid'],
  );
  assert.match(unsupported[0]!.reason, /must be JSON/);
});
