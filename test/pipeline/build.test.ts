import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { copyFixture, readOut, runCli } from '../support/helpers';

describe('docsite build on the fixture site', () => {
  let site: string;
  let result: ReturnType<typeof runCli>;
  before(() => {
    site = copyFixture('basic-site');
    result = runCli(['build', site]);
  });

  test('exits 0 and prints a summary with pages, stage times and size', () => {
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /Built 8 pages in [\d.]+ s/);
    assert.match(
      result.stdout,
      /stages: config \d+ ms, scan \d+ ms, compile \d+ ms, api reference \d+ ms, routes \d+ ms, bundle pages \d+ ms, bundle shared \d+ ms, link \d+ ms, render \d+ ms/,
    );
    assert.match(result.stdout, /output: \d+ files, [\d.]+ MB; peak memory \d+ MB/);
  });

  test('the head carries title, description, canonical, social tags, hreflang, viewport and favicon', () => {
    const html = readOut(site, 'docs/intro/index.html');
    assert.match(html, /<title>Introduction \| Fixture<\/title>/);
    assert.match(html, /<meta name="description" content="The fixture&#39;s first page.">/);
    assert.match(html, /<meta name="keywords" content="fixture, intro">/);
    assert.match(html, /<link rel="canonical" href="https:\/\/fixture.example.com\/docs\/intro">/);
    assert.match(html, /<link rel="alternate" href="https:\/\/fixture.example.com\/docs\/intro" hreflang="en">/);
    assert.match(html, /<link rel="alternate" href="https:\/\/fixture.example.com\/docs\/intro" hreflang="x-default">/);
    assert.match(html, /<meta property="og:title" content="Introduction \| Fixture">/);
    assert.match(html, /<meta name="twitter:card" content="summary_large_image">/);
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /<link rel="icon" href="\/img\/favicon.svg">/);
    assert.match(html, /<html lang="en" dir="ltr"/);
  });

  test('the sidebar marks the active page and renders only the open branch', () => {
    const intro = readOut(site, 'docs/intro/index.html');
    assert.match(intro, /<a class="[^"]*menu__link--active[^"]*" href="\/docs\/intro" aria-current="page">/);
    assert.match(intro, /href="\/docs\/guides\/setup"/);
    // The "advanced" category is collapsed on this page: its children are not in the HTML.
    assert.doesNotMatch(intro, /Deep dive \(label\)/);
    const deep = readOut(site, 'docs/guides/advanced/deep-dive/index.html');
    assert.match(deep, /Deep dive \(label\)/);
    assert.match(deep, /<nav aria-label="Breadcrumbs"[\s\S]*Guides[\s\S]*advanced/);
  });

  test('the table of contents covers h2-h3 by default and follows frontmatter levels', () => {
    const intro = readOut(site, 'docs/intro/index.html');
    const toc = (html: string) => [...html.matchAll(/<a[^>]*class="[^"]*toc[^"]*"[^>]*href="#([^"]+)"/g)].map((m) => m[1]);
    const introToc = toc(intro);
    assert.ok(introToc.includes('code-samples'), `toc: ${introToc}`);
    assert.ok(introToc.includes('a-third-level-heading'));
    assert.ok(!introToc.includes('a-fourth-level-heading'));
    assert.match(intro, /<h2[^>]* id="code-samples"/);
    const deepToc = toc(readOut(site, 'docs/guides/advanced/deep-dive/index.html'));
    assert.ok(deepToc.includes('deepest-heading'), `toc: ${deepToc}`);
  });

  test('code blocks are highlighted at build time with both themes, title, line highlights and numbers', () => {
    const html = readOut(site, 'docs/intro/index.html');
    assert.match(html, /class="shiki shiki-themes github-light dracula/);
    assert.match(html, /--sd:/);
    assert.match(html, /src\/hello\.ts/);
    assert.match(html, /class="line highlighted"/);
    assert.match(html, /Copy code to clipboard/);
    assert.match(html, /line-numbers|showLineNumbers|with-line-numbers/i);
    const js = readdirSync(path.join(site, 'build', 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(site, 'build', 'assets', f), 'utf8'))
      .join('\n');
    assert.doesNotMatch(js, /createHighlighter|oniguruma|textmate/i, 'no highlighter ships to the browser');
  });

  test('admonitions, GFM, details and prose with colons render', () => {
    const html = readOut(site, 'docs/intro/index.html');
    assert.match(html, /admonition-tip[\s\S]*Fast path/);
    assert.match(html, /admonition-warning[\s\S]*Warning/);
    assert.match(html, /<table>[\s\S]*minify/);
    assert.match(html, /type="checkbox"[^>]*checked/);
    assert.match(html, /<details[\s\S]*<summary[^>]*>More details/);
    assert.match(html, /Text at 10:30 with a:b ratio stays as written\./);
    assert.doesNotMatch(html, /an HTML comment/);
  });

  test('relative .md links are rewritten to routes, with their anchors', () => {
    const intro = readOut(site, 'docs/intro/index.html');
    assert.match(intro, /href="\/docs\/guides\/setup"/);
    assert.match(intro, /href="\/docs\/guides\/setup#install-the-package"/);
    assert.match(readOut(site, 'docs/guides/setup/index.html'), /href="\/docs\/intro#code-samples"/);
  });

  test('tabs render the default tab on the server', () => {
    const html = readOut(site, 'docs/guides/advanced/deep-dive/index.html');
    assert.match(html, /role="tablist"/);
    assert.match(html, /npm install fixture/);
  });

  test('each route gets a content-hashed chunk listed in the route manifest; drafts are left out', () => {
    const manifest = JSON.parse(readOut(site, '_docsite/routes.json')) as Record<string, string>;
    assert.deepEqual(Object.keys(manifest).sort(), [
      '/',
      '/400.html',
      '/404.html',
      '/about',
      '/docs/guides/advanced/deep-dive',
      '/docs/guides/setup',
      '/docs/intro',
      '/search',
    ]);
    for (const url of Object.values(manifest)) {
      assert.match(url, /^\/assets\/route-[\w-]+-[A-Z0-9]{8}\.js$/);
      assert.ok(existsSync(path.join(site, 'build', url)));
    }
    assert.ok(!existsSync(path.join(site, 'build', 'docs', 'hidden')));
    const html = readOut(site, 'docs/intro/index.html');
    assert.ok(html.includes(`import{start}from`) && html.includes(manifest['/docs/intro']!));
  });

  test('404.html and plain pages are written', () => {
    const html = readOut(site, '404.html');
    assert.match(html, /Page Not Found/);
    assert.match(html, /We could not find what you were looking for\./);
    assert.match(html, /<meta name="robots" content="noindex, nofollow">/);
    assert.match(readOut(site, 'about/index.html'), /<title>About the fixture \| Fixture<\/title>/);
    assert.ok(existsSync(path.join(site, 'build', 'img', 'favicon.svg')));
  });

  test('a second build reuses unchanged output; after an edit only the edited page recompiles', () => {
    const before = readOut(site, 'docs/intro/index.html');
    const again = runCli(['build', site]);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /no input changed since the last build/);
    assert.equal(readOut(site, 'docs/intro/index.html'), before);
    const file = path.join(site, 'content', 'docs', '01-guides', '01-setup.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Run the installer.', 'Run the new installer.'));
    const edited = runCli(['build', site]);
    assert.equal(edited.status, 0, edited.stderr);
    assert.match(edited.stdout, /mdx: 1 compiled, 3 from cache/);
    assert.match(readOut(site, 'docs/guides/setup/index.html'), /Run the new installer\./);
  });

  test('broken MDX fails with file:line:column, exit 1, and the previous output survives', () => {
    const before = readOut(site, 'docs/intro/index.html');
    const beforeTime = statSync(path.join(site, 'build', 'docs', 'intro', 'index.html')).mtimeMs;
    writeFileSync(
      path.join(site, 'content', 'docs', 'broken.md'),
      '---\ntitle: Broken\ndescription: A broken page\n---\n\nSome text.\n\nA stray { brace here.\n',
    );
    const failed = runCli(['build', site]);
    assert.equal(failed.status, 1);
    assert.match(failed.stderr, /content\/docs\/broken\.md:8:\d+/);
    assert.match(failed.stderr, /hint/);
    assert.match(failed.stderr, /previous build output was left/);
    assert.equal(readOut(site, 'docs/intro/index.html'), before);
    assert.equal(statSync(path.join(site, 'build', 'docs', 'intro', 'index.html')).mtimeMs, beforeTime);
  });
});

describe('docsite build errors and usage', () => {
  test('a broken markdown link names file:line:column', () => {
    const site = copyFixture('basic-site');
    writeFileSync(path.join(site, 'content', 'docs', 'links.md'), '# Links\n\nSee [missing](./missing.md) please.\n');
    const result = runCli(['build', site]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /content\/docs\/links\.md:3:5: Markdown link to "\.\/missing\.md" does not match any doc/);
  });

  test('a broken anchor and a broken route link are reported together', () => {
    const site = copyFixture('basic-site');
    writeFileSync(path.join(site, 'content', 'docs', 'links.md'), '# Links\n\nSee [a heading](./intro.md#no-such-heading) and [a page](/docs/nowhere).\n');
    const result = runCli(['build', site]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /content\/docs\/links\.md:3:5: Broken anchor on \/docs\/links/);
    assert.match(result.stderr, /content\/docs\/links\.md:3:\d+: Broken link on \/docs\/links: "\/docs\/nowhere"/);
    assert.match(result.stderr, /2 errors/);
  });

  test('an unknown config key is named', () => {
    const site = copyFixture('basic-site');
    const file = path.join(site, 'site.config.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('tagline:', "taglin: 'x',\n  tagline:"));
    const result = runCli(['build', site]);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /site\.config\.ts:\d+:\d+: Unknown key "taglin"/);
  });

  test('a folder with only content/docs builds with defaults', () => {
    const site = copyFixture('bare-docs');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(readOut(site, 'docs/index.html'), /Bare docs/);
    assert.match(readOut(site, 'docs/sub/page/index.html'), /A sub page/);
    assert.match(readOut(site, 'index.html'), /href="\/docs\/"/);
  });

  test('help, version and usage errors behave like a commander CLI', () => {
    const help = runCli(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Usage: docsite/);
    assert.match(help.stdout, /build \[options\] \[site-dir\]/);
    const buildHelp = runCli(['build', '--help']);
    assert.equal(buildHelp.status, 0);
    assert.match(buildHelp.stdout, /--out-dir <dir>/);
    const version = runCli(['--version']);
    assert.equal(version.status, 0);
    assert.match(version.stdout.trim(), /^\d+\.\d+\.\d+$/);
    const unknown = runCli(['buidl']);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown command/);
    const badOption = runCli(['serve', '--port', 'abc']);
    assert.equal(badOption.status, 2);
    assert.equal(runCli([]).status, 2);
  });

  test('a missing site folder is a clear error', () => {
    const result = runCli(['build', '/nonexistent/site']);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /does not exist/);
  });
});
