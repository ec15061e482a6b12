/**
 * Every token colour of the code themes reaches WCAG AA (4.5:1) on the code background and on the
 * highlighted-line background, in light and dark mode: for the Lexical site's themes and the defaults.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { converter, wcagContrast } from 'culori';
import { bundledThemes, normalizeTheme, type ThemeRegistrationRaw } from 'shiki';
import { loadConfig, validate } from '../../src/config/load';
import { makeThemeAccessible } from '../../src/mdx/accessible-theme';
import { createCodeHighlighter, loadAccessibleTheme } from '../../src/mdx/highlighter';
import { shikiThemeName } from '../../src/mdx/prism-names';
import { repoRoot } from '../support/helpers';

const AA = 4.5;
const oklch = converter('oklch');

/** Each token colour of a theme with the backgrounds it is drawn on, as shiki resolves the theme. */
function tokenColours(theme: ThemeRegistrationRaw, backgrounds: { code: string; highlightedLine: string }): { colour: string; on: string[] }[] {
  const resolved = normalizeTheme(theme);
  const real = (colour: string) => resolved.colorReplacements?.[colour] ?? colour;
  const found = [{ colour: real(resolved.fg), on: [backgrounds.code, backgrounds.highlightedLine] }];
  for (const rule of resolved.settings) {
    const fg = rule.settings?.foreground;
    if (!fg) continue;
    // A scoped rule with a background of its own (say, invalid code on red) is read on that background.
    const own = rule.scope ? rule.settings.background : undefined;
    found.push({ colour: real(fg), on: own ? [real(own)] : [backgrounds.code, backgrounds.highlightedLine] });
  }
  return found;
}

function shortfalls(theme: ThemeRegistrationRaw, backgrounds: { code: string; highlightedLine: string }): string[] {
  const low: string[] = [];
  for (const { colour, on } of tokenColours(theme, backgrounds)) {
    for (const background of on) {
      const ratio = wcagContrast(colour, background);
      if (ratio < AA) low.push(`${colour} on ${background}: ${ratio.toFixed(2)}:1`);
    }
  }
  return low;
}

/** A shipped theme as shiki has it, by a shiki or a prism-react-renderer name. */
async function rawTheme(name: string): Promise<ThemeRegistrationRaw> {
  return (await bundledThemes[shikiThemeName(name) as keyof typeof bundledThemes]()).default as ThemeRegistrationRaw;
}

describe('code theme contrast', async () => {
  const site = (await loadConfig({ siteDir: repoRoot })).site.codeThemes;
  const defaults = validate({ title: 'x' }, { displayName: 'site.config.ts', source: '' }).codeThemes;

  test('the Lexical site uses github-light and the VS Code-like dark-plus, named as Docusaurus names them', () => {
    assert.deepEqual(site, { light: 'github', dark: 'vsDark' });
    assert.deepEqual({ light: shikiThemeName(site.light), dark: shikiThemeName(site.dark) }, { light: 'github-light', dark: 'dark-plus' });
  });

  for (const [label, themes] of [
    ['Lexical site', site],
    ['default', defaults],
  ] as const) {
    for (const mode of ['light', 'dark'] as const) {
      test(`${label} ${mode} theme (${themes[mode]}): every token colour reaches 4.5:1 on both backgrounds`, async () => {
        const raw = await rawTheme(themes[mode]);
        const { theme, backgrounds } = await loadAccessibleTheme(themes[mode]);
        assert.equal(theme.name, raw.name, 'the theme keeps its name (shiki writes it in the class)');
        assert.notEqual(backgrounds.highlightedLine, backgrounds.code, 'a highlighted line stands out');
        const colours = tokenColours(theme, backgrounds);
        assert.ok(colours.length > 10, `${colours.length} token colours checked`);
        assert.deepEqual(shortfalls(theme, backgrounds), []);
      });
    }
  }

  test('the shipped themes fall short without the adjustment, so the check above can fail', async () => {
    for (const name of ['github-light', 'dark-plus', 'dracula']) {
      const { backgrounds } = await loadAccessibleTheme(name);
      assert.ok(shortfalls(await rawTheme(name), backgrounds).length > 0, name);
    }
  });

  test('a colour is moved in lightness only: its hue stays, and a passing colour is kept as it is', async () => {
    const { adjusted } = makeThemeAccessible(await rawTheme('github-light'));
    // The audit's github-light orange: 3.48:1 on white.
    const orange = adjusted.get('#e36209');
    assert.ok(orange, 'the orange is adjusted');
    assert.ok(wcagContrast(orange, '#ffffff') >= AA);
    const before = oklch('#e36209')!;
    const after = oklch(orange)!;
    assert.ok(after.l < before.l, 'darker on a light background');
    assert.ok(Math.abs(after.h! - before.h!) < 3, `hue ${before.h} -> ${after.h}`);
    assert.equal(adjusted.has('#24292e'), false, 'the plain text colour already passes and is kept');
  });

  test('the highlighter writes the adjusted colours and the highlighted-line backgrounds it checked', async () => {
    const highlighter = createCodeHighlighter(site);
    const html = await highlighter.highlight({
      code: '// a comment\nconst answer = 42; // the answer\nlet name = "lexical";\nfunction f() { return null; }',
      lang: 'ts',
      highlightedLines: new Set([2, 3]),
    });
    const light = await loadAccessibleTheme(site.light);
    const dark = await loadAccessibleTheme(site.dark);
    assert.ok(html.includes(`--code-highlight-light:${light.backgrounds.highlightedLine}`));
    assert.ok(html.includes(`--code-highlight-dark:${dark.backgrounds.highlightedLine}`));
    assert.match(html, new RegExp(`--sd-bg:${dark.backgrounds.code}`, 'i'));
    for (const [mode, { backgrounds }] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      const colours = [...html.matchAll(new RegExp(`--s${mode === 'light' ? 'l' : 'd'}:(#[0-9a-f]+)`, 'gi'))].map((match) => match[1]!);
      assert.ok(new Set(colours).size > 3, `${mode}: several token colours in the snippet`);
      for (const colour of colours) {
        for (const background of [backgrounds.code, backgrounds.highlightedLine]) {
          assert.ok(wcagContrast(colour, background) >= AA, `${mode} ${colour} on ${background}: ${wcagContrast(colour, background).toFixed(2)}`);
        }
      }
    }
  });

  test('the adjustment is deterministic: the same theme gives the same colours', async () => {
    const raw = await rawTheme('dracula');
    assert.deepEqual(JSON.stringify(makeThemeAccessible(raw).theme), JSON.stringify(makeThemeAccessible(raw).theme));
  });
});
