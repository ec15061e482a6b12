/**
 * The `infima` switch at build level: on, the site's stylesheet holds Infima's rules, then the
 * theme's, then the site's custom.css; off, it holds no Infima at all, only what the site defines.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { copyFixture, readOut, runCli } from '../../support/helpers';

/** The one stylesheet a build writes for every page. */
function builtCss(site: string): string {
  const name = readdirSync(path.join(site, 'build', 'assets')).find((file) => /^styles-.*\.css$/.test(file));
  assert.ok(name, 'the build writes a stylesheet');
  return readOut(site, `assets/${name}`);
}

/** The `--ifm-*` custom properties a stylesheet defines (not the ones it only reads with var()). */
const ifmDefinitions = (css: string): Set<string> => new Set([...css.matchAll(/(--ifm-[\w-]+)\s*:/g)].map((match) => match[1]));

describe('the infima switch', () => {
  test('on: Infima comes first, then the theme, then the site custom.css', () => {
    const site = copyFixture('infima-site');
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    const css = builtCss(site);
    // Rules only Infima has: its container widths and the hero title; the theme's skip link; the site's green.
    const infima = css.indexOf('--ifm-container-width-xl:');
    const hero = css.indexOf('.hero__title');
    const theme = css.indexOf('.skip-link{');
    const custom = css.search(/--ifm-color-primary:\s*#2e8555/);
    assert.ok(infima >= 0 && hero >= 0, 'Infima is in the stylesheet');
    assert.ok(theme >= 0 && custom >= 0, 'the theme and the site custom.css are in the stylesheet');
    assert.ok(infima < theme && hero < theme, 'Infima comes before the theme');
    assert.ok(theme < custom, 'the site custom.css comes after the theme');
    assert.ok(ifmDefinitions(css).size > 100, 'Infima defines its variables');
  });

  test('off: no Infima in the stylesheet, only the variables the site defines', () => {
    const site = copyFixture('infima-site');
    const configFile = path.join(site, 'site.config.ts');
    writeFileSync(configFile, readFileSync(configFile, 'utf8').replace('infima: true,', 'infima: false,'));
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stderr);
    const css = builtCss(site);
    const own = ifmDefinitions(readFileSync(path.join(site, 'src', 'css', 'custom.css'), 'utf8'));
    assert.deepEqual([...ifmDefinitions(css)].sort(), [...own].sort());
    assert.ok(!/\.hero__title|\.col--4|--ifm-container-width/.test(css), "none of Infima's rules");
    // The theme still reads the variables, so the site's own colour reaches it without Infima.
    assert.ok(css.includes('var(--ifm-color-primary'), 'the theme reads --ifm-color-primary');
  });
});
