/**
 * A Docusaurus site styled with Sass through docusaurus-plugin-sass (a community plugin, not one of
 * Docusaurus's own): the plugin runs as the site's own (its configureWebpack named as skipped), and
 * the site's `.scss` customCss and `.module.scss` CSS module are compiled with the `sass` package the
 * site installed. Without that package the build stops with an error naming the stylesheet and the fix.
 * The plugin here is a stand-in written for the test: its one lifecycle, as the real one's, is configureWebpack.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { copyFixture, readOut, repoRoot, runCli } from '../support/helpers';

const SCSS = `$brand: #123456;

.landing {
  .landing__title {
    color: $brand;
  }
}
`;

const MODULE_SCSS = `.banner {
  padding: 1rem;

  &Big {
    font-size: 3rem;
  }
}
`;

const PAGE = `import React from 'react';
import Layout from '@theme/Layout';
import styles from './styled.module.scss';

export default function Styled() {
  return (
    <Layout title="Styled">
      <div className={styles.bannerBig}>Styled with Sass</div>
    </Layout>
  );
}
`;

/** The fixture site with docusaurus-plugin-sass (the stand-in) and Sass stylesheets; `sass` linked into its node_modules when asked. */
function sassSite(withSass: boolean): string {
  const site = copyFixture('docusaurus-slashes');
  const config = path.join(site, 'docusaurus.config.js');
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace("require.resolve('./src/css/custom.css')", "require.resolve('./src/css/custom.scss')")
      .replace('  themeConfig: {', "  plugins: ['docusaurus-plugin-sass'],\n  themeConfig: {"),
  );
  writeFileSync(path.join(site, 'src', 'css', 'custom.scss'), SCSS);
  writeFileSync(path.join(site, 'src', 'pages', 'styled.module.scss'), MODULE_SCSS);
  writeFileSync(path.join(site, 'src', 'pages', 'styled.js'), PAGE);
  const plugin = path.join(site, 'node_modules', 'docusaurus-plugin-sass');
  mkdirSync(plugin, { recursive: true });
  writeFileSync(path.join(plugin, 'package.json'), JSON.stringify({ name: 'docusaurus-plugin-sass', version: '0.0.0-test', main: 'index.js' }));
  writeFileSync(
    path.join(plugin, 'index.js'),
    "module.exports = function sassPlugin() {\n  return { name: 'docusaurus-plugin-sass', configureWebpack() {\n    return { module: { rules: [] } };\n  } };\n};\n",
  );
  if (withSass) symlinkSync(path.join(repoRoot, 'node_modules', 'sass'), path.join(site, 'node_modules', 'sass'), 'dir');
  return site;
}

/** Every stylesheet the build wrote, as one text. */
function builtCss(site: string): string {
  const assets = path.join(site, 'build', 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n');
}

describe('docusaurus-plugin-sass with the site’s sass installed', () => {
  let site: string;
  let summary: string;
  before(() => {
    site = sassSite(true);
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    summary = built.stdout + built.stderr;
  });

  test('the plugin runs as the site’s own, and its configureWebpack is named as skipped', () => {
    assert.match(summary, /plugin docusaurus-plugin-sass: configureWebpack skipped/);
  });

  test('the .scss customCss is compiled into the stylesheet', () => {
    assert.match(builtCss(site), /\.landing \.landing__title\s*\{\s*color:\s*#123456/);
  });

  test('a .module.scss CSS module is compiled, its class names scoped, and the page uses them', () => {
    const html = readOut(site, 'styled/index.html');
    const name = /class="(styled_bannerBig__[\w]+)"/.exec(html)?.[1];
    assert.ok(name, `a scoped class in ${html.slice(0, 400)}`);
    assert.match(builtCss(site), new RegExp(`\\.${name}\\s*\\{\\s*font-size:\\s*3rem`));
  });
});

describe('a Sass stylesheet that loads a file outside the site folder', () => {
  test('stops the build with an error naming the stylesheet and the file; exit 1, nothing written', () => {
    const site = sassSite(true);
    const outside = path.join(path.dirname(site), `${path.basename(site)}-outside.scss`);
    writeFileSync(outside, '.from-outside { color: #abcdef; }\n');
    writeFileSync(path.join(site, 'src', 'css', 'custom.scss'), `@use '../../../${path.basename(outside)}';\n${SCSS}`);
    const built = runCli(['build', site]);
    assert.equal(built.status, 1, built.stdout);
    assert.match(built.stderr, /src\/css\/custom\.scss:\d+:\d+: .*outside the site folder/);
    assert.ok(built.stderr.includes(outside), built.stderr);
    assert.ok(!existsSync(path.join(site, 'build')), 'no output folder');
    rmSync(outside, { force: true });
  });
});

describe('docusaurus-plugin-sass without sass', () => {
  test('the build stops with an error naming the stylesheet and the package to install; exit 1', () => {
    const site = sassSite(false);
    const built = runCli(['build', site]);
    assert.equal(built.status, 1, built.stdout);
    // The first stylesheet bundled is named, at its position: the page's CSS module (pages are bundled first) or the customCss.
    assert.match(built.stderr, /src\/(pages\/styled\.module|css\/custom)\.scss:1:1: /);
    assert.match(built.stderr, /npm install --save-dev sass/);
    rmSync(path.join(site, 'node_modules'), { recursive: true, force: true });
  });
});
