/**
 * A Docusaurus 3 docs folder dropped into content/docs (test/fixtures/docusaurus-docs: partials,
 * `_category_.json`, images, `@theme/*` and `@docusaurus/*` imports, `@site/`, a `src/theme`
 * override) builds with no config; the same folder with Docusaurus's `markdown` settings; and a
 * broken one reports all of its errors in one run.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { byClass, byTag, parseChecked, text, type Doc, type El } from '../support/dom';
import { CLI_TIMEOUT_MS, cliPath, copyFixture, fetchWithin, readOut, runCli, startServe, until } from '../support/helpers';

/** `markdown` settings as a Docusaurus site writes them, under a base URL. */
export const MARKDOWN_CONFIG = `import { defineConfig } from 'docsite/config';

export default defineConfig({
  title: 'Docusaurus docs',
  baseUrl: '/base/',
  customFields: { release: '2.4.0' },
  markdown: {
    mermaid: true,
    format: 'detect',
    preprocessor: ({ filePath, fileContent }) => (filePath.endsWith('intro.md') ? fileContent.replaceAll('@@VERSION@@', '0.33.1') : fileContent),
  },
});
`;

const page = (site: string, route: string): Doc => parseChecked(readOut(site, `${route}/index.html`));
const article = (doc: Doc): El => byTag(doc, 'article')[0]!;
const linkTo = (root: Doc | El, label: string): El => {
  const found = byTag(root, 'a').find((a) => text(a) === label);
  assert.ok(found, `a link named "${label}"`);
  return found;
};
const tocInlineTexts = (root: Doc | El): string[][] => byClass(root, 'toc-inline').map((toc) => byTag(toc, 'a').map(text));
const preloads = (html: string): string[] => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);

describe('a Docusaurus docs folder with no config', () => {
  let site: string;
  before(() => {
    site = copyFixture('docusaurus-docs');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test('a partial links to its sibling doc relatively, resolved from its own folder wherever it is imported', () => {
    for (const route of ['docs/guides/install', 'docs/reference/components']) {
      const note = byClass(article(page(site, route)), 'admonition-note')[0]!;
      assert.equal(linkTo(note, 'the setup page').attribs.href, '/docs/guides/setup#first-run', route);
    }
  });

  test('localhost links are external on a site without a config, and relative .md links become routes', () => {
    const intro = article(page(site, 'docs/intro'));
    const local = linkTo(intro, 'the split view');
    assert.equal(local.attribs.href, 'http://localhost:3000/split/?isCollab=true');
    assert.equal(local.attribs.target, '_blank');
    assert.equal(linkTo(intro, 'how to install it').attribs.href, '/docs/guides/install');
    assert.equal(linkTo(intro, 'set it up').attribs.href, '/docs/guides/setup#first-run');
    // .md is MDX by default, as in Docusaurus: the braces are evaluated, the fence is plain code.
    assert.match(text(intro), /plain text in CommonMark: 4\./);
    assert.equal(byClass(intro, 'mermaid-diagram').length, 0);
    assert.ok(byTag(intro, 'pre').some((pre) => text(pre).includes('Write-->Build')));
  });

  test('<TOCInline toc={toc} /> lists levels 2 and 3; toc.slice() and min/maxHeadingLevel pick others', () => {
    const [whole, later] = tocInlineTexts(article(page(site, 'docs/guides/install')));
    assert.deepEqual(whole, ['Add the package', 'Pick an editor flavour', 'A deeper heading']);
    assert.deepEqual(later, ['A deeper heading', 'The deepest heading']);
    const links = byTag(byClass(article(page(site, 'docs/guides/install')), 'toc-inline')[0]!, 'a').map((a) => a.attribs.href);
    assert.deepEqual(links, ['#add-the-package', '#pick-an-editor-flavour', '#a-deeper-heading']);
  });

  test('a ```bash npm2yarn fence becomes npm, Yarn and pnpm tabs in the npm2yarn group', () => {
    const doc = page(site, 'docs/guides/install');
    const tabs = byClass(article(doc), 'tabs-container')[0]!;
    assert.deepEqual(
      byTag(tabs, 'button')
        .filter((button) => button.attribs.role === 'tab')
        .map(text),
      ['npm', 'Yarn', 'pnpm'],
    );
    const panels = byClass(tabs, 'tab-panel').map(text);
    assert.match(panels[0]!, /npm install --save lexical @lexical\/react/);
    assert.match(panels[1]!, /yarn add lexical @lexical\/react/);
    assert.match(panels[2]!, /pnpm add lexical @lexical\/react/);
    // The second tab group is the page's own <Tabs>, with its default tab selected.
    const flavour = byClass(article(doc), 'tabs-container')[1]!;
    assert.equal(text(byTag(flavour, 'button').find((button) => button.attribs.role === 'tab' && button.attribs['aria-selected'] === 'true')!), 'Plain text');
  });

  test('@theme and @docusaurus modules and @site/ imports render as in Docusaurus', () => {
    const html = readOut(site, 'docs/reference/components/index.html');
    const doc = parseChecked(html);
    const body = article(doc);
    // <Head> puts its title and meta in the document head, in place of the page's own title.
    const head = html.slice(0, html.indexOf('</head>'));
    assert.equal([...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]).join('|'), 'Component reference');
    assert.match(head, /<meta name="keywords" content="components, reference"\/?>/);
    assert.doesNotMatch(html.slice(html.indexOf('<body')), /<title>/);
    const heading = byTag(body, 'h2').find((h2) => h2.attribs.id === 'made-by-hand')!;
    assert.equal(byClass(heading, 'hash-link')[0]!.attribs.href, '#made-by-hand');
    assert.equal(text(byClass(byClass(body, 'admonition-warning')[0]!, 'admonition__title')[0]!), 'Mind the gap');
    const code = byClass(body, 'code-block').find((block) => block.attribs['data-language'] === 'js')!;
    assert.equal(text(byClass(code, 'code-block__title')[0]!), 'hello.js');
    assert.match(text(code), /console\.log\('hello'\);/);
    assert.equal(text(byClass(byTag(body, 'details')[0]!, 'details__summary')[0]!), 'More about this page');
    assert.equal(linkTo(body, 'to the setup page').attribs.href, '/docs/guides/setup');
    assert.equal(linkTo(body, 'elsewhere').attribs.target, '_blank');
    // A site without a config is named after its folder.
    assert.equal(text(byClass(body, 'site-title')[0]!), path.basename(site));
    assert.equal(text(byClass(body, 'logo-path')[0]!), '/img/logo.svg');
    assert.equal(text(byClass(body, 'release')[0]!), 'unset', 'no customFields: an empty object');
    assert.equal(text(byClass(body, 'greeting')[0]!), 'Hello, reader.');
    // <BrowserOnly> leaves its fallback in the built page; the browser test sees the children.
    assert.deepEqual(byClass(body, 'browser-only').map(text), ['Loading the window size']);
    assert.equal(text(byClass(body, 'where-rendered')[0]!), 'at build time');
    const image = byTag(body, 'img').find((img) => img.attribs.alt === 'A flow diagram')!;
    assert.match(image.attribs.src!, /^\/assets\/flow-[0-9a-f]+\.svg$/);
    assert.ok(readFileSync(path.join(site, 'build', image.attribs.src!)).length > 0);
  });

  test('the Docusaurus module surface renders on the server: Translate, router, docs hooks, ThemedImage, DocCardList, CSS modules, JSON and SVG imports', () => {
    const html = readOut(site, 'docs/reference/modules/index.html');
    const body = article(parseChecked(html));
    const one = (name: string) => text(byClass(body, name)[0]!);
    assert.equal(one('translated'), 'Welcome, reader!');
    assert.equal(byTag(byClass(body, 'translated')[0]!, 'b').length, 1, 'an element value stays an element');
    assert.equal(one('translated-fn'), 'You have 3 pages');
    assert.equal(one('interpolated'), 'Read the docs first.');
    assert.equal(one('where'), '/docs/reference/modules');
    assert.equal(one('doc-title'), 'Modules');
    assert.equal(one('doc-description'), 'What a Docusaurus site imports.');
    assert.equal(one('doc-front'), 'Modules');
    assert.equal(one('doc-toc'), 'Translated words, Facts about this page, What it looks like, Nearby');
    assert.equal(one('doc-plugin'), 'default');
    assert.equal(one('doc-version'), 'current');
    assert.equal(one('doc-all'), 'default');
    assert.equal(one('others'), 'default object object');
    assert.equal(one('spread'), 'has admonition spread');
    // Both images are in the page; the stylesheet shows the one for the mode.
    const themed = byTag(body, 'img').filter((img) => img.attribs.alt === 'Mode picture');
    assert.deepEqual(
      themed.map((img) => [img.attribs.src, img.attribs.class]),
      [
        ['/img/light.png', 'themed-img themed-img--light'],
        ['/img/dark.png', 'themed-img themed-img--dark'],
      ],
    );
    // The mode report renders the default mode; ThemeClassNames gives the class names sites style.
    assert.equal(one('mode-now'), 'light');
    assert.ok(byClass(body, 'theme-doc-markdown').length > 0);
    assert.equal(one('can-use-dom'), 'false');
    assert.deepEqual(
      byTag(byClass(body, 'doc-card-list')[0]!, 'a').map((a) => [a.attribs.href, text(a)]),
      [
        ['/docs/reference/components', 'Components'],
        ['/docs/reference/modules', 'Modules'],
      ],
    );
    // The component's CSS module: scoped names in the HTML and the same names in the page's stylesheet.
    const badge = byClass(body, 'badge-plain')[0]!;
    const scoped = badge.attribs.class!.split(' ')[0]!;
    assert.match(scoped, /^styles_badge__[0-9a-f]+$/);
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)]
      .map((match) => readFileSync(path.join(site, 'build', match[1]!), 'utf8'))
      .join('\n');
    assert.ok(sheets.includes(`.${scoped}{`), 'the CSS module rules are in a stylesheet the page links');
    assert.ok(sheets.includes('.badge-plain{'), 'the plain CSS import is in a stylesheet the page links');
    // A CSS module imported through @site/ resolves like any import and is scoped the same way.
    const framed = badge.attribs.class!.split(' ').find((name) => name.startsWith('shared_frame__'));
    assert.ok(framed, 'the @site/ CSS module gives its scoped class');
    assert.ok(sheets.includes(`.${framed}{`), 'the @site/ CSS module rules are in a stylesheet the page links');
    assert.match(text(badge), /Latest: 3\.1\.4/, 'the JSON import');
    // The SVG file imported by code is drawn inline, its attributes and the props on it.
    const svg = byTag(badge, 'svg')[0]!;
    assert.equal(svg.attribs.class, 'badge-logo');
    assert.equal(svg.attribs.viewBox ?? svg.attribs.viewbox, '0 0 32 32');
    assert.equal(svg.attribs.width, '20');
    assert.equal(byTag(svg, 'circle').length, 1);
  });

  test('src/theme/Admonition.tsx replaces the theme component everywhere, wrapping @theme-original/Admonition', () => {
    // Written as :::tip (the theme's own component map imports it), as <Admonition> (@theme/Admonition) and in a partial.
    const tip = byClass(article(page(site, 'docs/intro')), 'admonition-tip')[0]!;
    assert.ok(tip.parent && (tip.parent as El).attribs?.['data-site-override'] === 'Admonition', 'the :::tip admonition is wrapped');
    for (const route of ['docs/reference/components', 'docs/guides/install']) {
      const wrapped = byClass(article(page(site, route)), 'site-admonition');
      const all = byClass(article(page(site, route)), 'admonition');
      assert.ok(all.length > 0, route);
      assert.equal(wrapped.length, all.length, `every admonition of ${route} is wrapped`);
    }
  });

  test('_category_.json makes the generated index page of its folder', () => {
    const index = page(site, 'docs/category/guides');
    assert.match(text(byTag(index, 'main')[0] ?? byTag(index, 'body')[0]!), /Step by step\./);
  });
});

describe('a Docusaurus docs folder with markdown: { mermaid, preprocessor, format } and a base URL', () => {
  let site: string;
  before(() => {
    site = copyFixture('docusaurus-docs');
    writeFileSync(path.join(site, 'site.config.ts'), MARKDOWN_CONFIG);
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test("format 'detect' compiles .md as CommonMark (HTML kept, braces literal) and .mdx as MDX; the preprocessor ran first", () => {
    const intro = article(page(site, 'docs/intro'));
    assert.match(text(intro), /plain text in CommonMark: \{2 \+ 2\}\./);
    assert.deepEqual(byTag(intro, 'kbd').map(text), ['Ctrl', 'K']);
    assert.equal(byTag(intro, 'h2')[0]!.attribs.id, 'next-steps');
    assert.equal(text(byClass(byClass(intro, 'admonition-tip')[0]!, 'admonition__title')[0]!), 'Keep it short');
    assert.match(text(intro), /Version 0\.33\.1 of the package\./);
    // The partial is .md too, compiled as CommonMark, and its link still resolves from its folder.
    const note = byClass(article(page(site, 'docs/guides/install')), 'admonition-note')[0]!;
    assert.equal(linkTo(note, 'the setup page').attribs.href, '/base/docs/guides/setup#first-run');
    assert.deepEqual(tocInlineTexts(article(page(site, 'docs/guides/install')))[0], ['Add the package', 'Pick an editor flavour', 'A deeper heading']);
  });

  test("useBaseUrl and <Link to> put the base URL in front; a component reads the config's customFields", () => {
    const body = article(page(site, 'docs/reference/components'));
    assert.equal(text(byClass(body, 'logo-path')[0]!), '/base/img/logo.svg');
    assert.equal(text(byClass(body, 'release')[0]!), '2.4.0');
    assert.equal(linkTo(body, 'to the setup page').attribs.href, '/base/docs/guides/setup');
  });

  test('a mermaid fence becomes a diagram; the library is loaded by no page up front and is not precached', () => {
    const intro = article(page(site, 'docs/intro'));
    const diagram = byClass(intro, 'mermaid-diagram')[0]!;
    assert.match(text(diagram), /graph TD; Write-->Build; Build-->Publish;/);
    const assets = path.join(site, 'build', 'assets');
    const mermaidEntry = readdirSync(assets).find((name) => /^shared-Mermaid-.*\.js$/.test(name));
    assert.ok(mermaidEntry, 'the diagram component has its own shared entry');
    // What the component imports on mount, and all that imports in turn, less what the page already has: the library.
    const read = (name: string) => readFileSync(path.join(assets, name), 'utf8');
    const staticImports = (name: string) => [...read(name).matchAll(/(?:from|import)\s*"([^"]+\.js)"/g)].map((match) => path.basename(match[1]!));
    const closure = (start: string[]) => {
      const seen = new Set<string>();
      for (let queue = [...start]; queue.length > 0;) {
        const name = queue.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        queue.push(...staticImports(name));
      }
      return seen;
    };
    const dynamic = [...read(mermaidEntry).matchAll(/import\("([^"]+)"\)/g)].map((match) => path.basename(match[1]!));
    assert.ok(dynamic.length > 0, 'the component imports the library dynamically');
    const withPage = closure(staticImports(mermaidEntry));
    const onMount = [...closure(dynamic)].filter((name) => !withPage.has(name));
    const bytes = onMount.reduce((sum, name) => sum + read(name).length, 0);
    assert.ok(bytes > 500_000, `the chunks loaded on mount are the mermaid library (${bytes} bytes)`);

    const introPreloads = preloads(readOut(site, 'docs/intro/index.html')).map((url) => path.basename(url));
    assert.ok(introPreloads.includes(mermaidEntry), 'the page with a diagram preloads the small component');
    for (const route of ['docs/intro', 'docs/guides/install', 'docs/guides/setup', 'docs/reference/components']) {
      const names = preloads(readOut(site, `${route}/index.html`)).map((url) => path.basename(url));
      for (const chunk of onMount) assert.ok(!names.includes(chunk), `${route} does not preload ${chunk}`);
      if (route !== 'docs/intro') assert.ok(!names.includes(mermaidEntry), `${route} has no diagram and does not load the component`);
    }
    const worker = readOut(site, 'sw.js');
    for (const chunk of [mermaidEntry, ...onMount]) assert.ok(!worker.includes(chunk), `the service worker does not precache ${chunk}`);
  });
});

describe('a broken Docusaurus docs folder', () => {
  test('every error of the build is reported in one run, each at file:line:column', () => {
    const site = copyFixture('docusaurus-docs');
    const docs = path.join(site, 'content', 'docs');
    // A partial linking to a doc that is not there, read from its own folder (guides/), not the importer's.
    writeFileSync(path.join(docs, 'guides', '_Note.md'), 'See [the old page](./removed.md).\n');
    writeFileSync(path.join(docs, 'broken-syntax.mdx'), '# Broken\n\nSome text <div>never closed\n');
    writeFileSync(
      path.join(docs, 'missing-import.mdx'),
      "import Widget from './widget';\nimport Gone from '@theme/NoSuchComponent';\n\n# Missing\n\n<Widget />\n<Gone />\n",
    );
    mkdirSync(path.join(site, 'src', 'components'), { recursive: true });
    writeFileSync(
      path.join(site, 'src', 'components', 'Greeting.tsx'),
      "import Wave from './wave';\nexport default function Greeting() {\n  return <Wave />;\n}\n",
    );
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stdout);
    const located = [...result.stderr.matchAll(/^error (\S+:\d+:\d+): /gm)].map((match) => match[1]);
    assert.deepEqual(located.sort(), [
      'content/docs/broken-syntax.mdx:3:11',
      'content/docs/guides/_Note.md:1:5',
      'content/docs/missing-import.mdx:1:20',
      'content/docs/missing-import.mdx:2:18',
      'src/components/Greeting.tsx:1:18',
    ]);
    assert.match(result.stderr, /Markdown link to "\.\/removed\.md" does not match any doc or page/);
    assert.match(result.stderr, /Could not resolve "\.\/widget"/);
    assert.match(result.stderr, /Could not resolve "@theme\/NoSuchComponent"/);
    assert.match(result.stderr, /Could not resolve "\.\/wave"/);
    assert.match(result.stderr, /^5 errors\./m);
  });
});

describe('a partial link after its target moves', () => {
  test('the next build gives the importing page the new route, though neither it nor the partial changed', () => {
    const site = copyFixture('docusaurus-docs');
    const docs = path.join(site, 'content', 'docs');
    // A page of its own sidebar, so nothing in its page data (sidebar, pagination) names the doc that moves.
    writeFileSync(path.join(docs, 'solo.mdx'), "import Note from './guides/_Note.md';\n\n# Solo\n\n<Note />\n");
    writeFileSync(
      path.join(site, 'content', 'sidebars.ts'),
      "export default { main: ['intro', { type: 'autogenerated', dirName: 'guides' }, { type: 'autogenerated', dirName: 'reference' }], solo: ['solo'] };\n",
    );
    assert.equal(runCli(['build', site]).status, 0);
    const before = readOut(site, 'docs/solo/index.html');
    assert.match(before, /href="\/docs\/guides\/setup#first-run"/);
    const setup = path.join(docs, 'guides', 'setup.md');
    writeFileSync(setup, readFileSync(setup, 'utf8').replace('sidebar_label: Setup', 'sidebar_label: Setup\nslug: /getting-set-up'));
    const components = path.join(docs, 'reference', 'components.mdx');
    writeFileSync(components, readFileSync(components, 'utf8').replace('to="/docs/guides/setup"', 'to="/docs/getting-set-up"'));
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    const note = byClass(article(page(site, 'docs/solo')), 'admonition-note')[0]!;
    assert.equal(linkTo(note, 'the setup page').attribs.href, '/docs/getting-set-up#first-run');
  });
});

describe('a markdown.preprocessor that fails', () => {
  test('one that returns no text is an error naming each file it failed on, pages and partials', () => {
    const site = copyFixture('docusaurus-docs');
    writeFileSync(
      path.join(site, 'site.config.ts'),
      "export default { title: 'x', markdown: { preprocessor: ({ filePath, fileContent }) => (filePath.includes('guides/') ? undefined : fileContent) } };\n",
    );
    const result = runCli(['build', site]);
    assert.equal(result.status, 1, result.stdout);
    const failed = [...result.stderr.matchAll(/^error (\S+?)(?::\d+:\d+)?: markdown\.preprocessor returned undefined/gm)].map((match) => match[1]).sort();
    assert.deepEqual(failed, ['content/docs/guides/_Note.md', 'content/docs/guides/install.mdx', 'content/docs/guides/setup.md']);
    assert.match(result.stderr, /MARKDOWN_PREPROCESSOR_FAILED/);
  });
});

describe('a markdown.preprocessor that reads more than the page', () => {
  test('what it gives the compiler decides what is kept: a value it reads changing, with its code the same, changes the page', () => {
    const site = copyFixture('docusaurus-docs');
    writeFileSync(
      path.join(site, 'site.config.ts'),
      "export default { title: 'x', markdown: { preprocessor: ({ fileContent }) => fileContent.replace(/^# (.*)$/m, `# $1 (${process.env.DOCSITE_TEST_EDITION})`).replace('needs a server', `needs a server (${process.env.DOCSITE_TEST_NOTE})`) } };\n",
    );
    // The intro's own title, and the note partial the install guide imports (its page's own text unchanged).
    const build = (edition: string, note: string) => {
      const result = spawnSync(process.execPath, [cliPath, 'build', site], {
        encoding: 'utf8',
        timeout: CLI_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        env: { ...process.env, NO_COLOR: '1', DOCSITE_TEST_EDITION: edition, DOCSITE_TEST_NOTE: note },
      });
      assert.equal(result.status, 0, result.stderr);
      const shown = /needs a server \(([^)]*)\)/.exec(text(byTag(parseChecked(readOut(site, 'docs/guides/install/index.html')), 'article')[0]!))?.[1];
      return { title: text(byTag(parseChecked(readOut(site, 'docs/intro/index.html')), 'h1')[0]!), note: shown };
    };
    for (const [edition, note] of [
      ['first edition', 'first note'],
      ['second edition', 'first note'],
      ['second edition', 'second note'],
      ['first edition', 'first note'],
    ] as const) {
      const page = build(edition, note);
      assert.ok(page.title.endsWith(`(${edition})`), page.title);
      assert.equal(page.note, note);
    }
  });
});

describe('theme overrides under docsite serve', () => {
  test('an override added, edited and removed while the server runs changes the pages that use it', async () => {
    const site = copyFixture('docusaurus-docs');
    const override = path.join(site, 'src', 'theme', 'Admonition.tsx');
    const aside = path.join(site, 'Admonition.tsx.off');
    renameSync(override, aside);
    const { base, child } = await startServe(site);
    try {
      const marker = async () => /data-site-override="([^"]+)"/.exec(await (await fetchWithin(`${base}/docs/intro`)).text())?.[1];
      const becomes = async (expected: string | undefined) =>
        until(async () => ((await marker()) === expected ? [] : [`marker is ${await marker()}, not ${expected}`]), 20_000);
      assert.equal(await marker(), undefined);
      renameSync(aside, override);
      assert.deepEqual(await becomes('Admonition'), []);
      writeFileSync(override, readFileSync(override, 'utf8').replace('data-site-override="Admonition"', 'data-site-override="Edited"'));
      assert.deepEqual(await becomes('Edited'), []);
      renameSync(override, aside);
      assert.deepEqual(await becomes(undefined), []);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
