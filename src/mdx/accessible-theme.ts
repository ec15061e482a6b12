/**
 * Makes a shiki theme readable: every token colour reaches WCAG AA contrast (4.5:1) on the code
 * background and on the highlighted-line background, which this module also decides.
 */
import { clampChroma, formatHex, interpolate, parse, converter, wcagContrast, wcagLuminance, type Color, type Oklch } from 'culori';
import type { ThemeRegistrationRaw } from 'shiki';

/** WCAG 2.x AA for normal-size text; code is set at body size, so the large-text 3:1 never applies. */
export const MIN_CONTRAST = 4.5;

/** Aim a little above the minimum so that rounding to a hex colour cannot land below it. */
const TARGET = MIN_CONTRAST + 0.05;

export interface CodeBackgrounds {
  /** The theme's editor background, which the `<pre>` carries. */
  code: string;
  /** A highlighted line (`{1,3}`, `// highlight-next-line`): the code background, tinted. */
  highlightedLine: string;
}

export interface AccessibleTheme {
  /** The theme with the same name, every token colour adjusted where it fell short. */
  theme: ThemeRegistrationRaw;
  backgrounds: CodeBackgrounds;
  /** Each colour that was changed, original -> adjusted, for reports and tests. */
  adjusted: Map<string, string>;
}

const toOklch = converter('oklch');

/**
 * A highlighted line is the code background mixed with a tint: yellow on light themes (a marker pen,
 * as Docusaurus sites look), white on dark ones (a lighter band; yellow turns olive on dark grey).
 * Chosen on github-light, dark-plus, dracula and github-dark: the yellow mix is the familiar marker
 * band; the white mix is as little as keeps a dark band visible against the code background, since
 * more white moves more token colours below the contrast minimum (they are then adjusted) and less
 * hides the band on the darkest backgrounds.
 */
export function highlightedLineBackground(code: string): string {
  const light = isLight(code);
  const mix = interpolate([opaque(code), light ? '#ffff00' : '#ffffff'], 'rgb');
  return formatHex(mix(light ? 0.3 : 0.06));
}

/** Returns the theme with every token colour readable on both backgrounds; the input is not changed. */
export function makeThemeAccessible(raw: ThemeRegistrationRaw): AccessibleTheme {
  const code = themeBackground(raw);
  const backgrounds: CodeBackgrounds = { code, highlightedLine: highlightedLineBackground(code) };
  const adjusted = new Map<string, string>();
  const done = new Map<string, string>();
  /** `own`: a rule's own background (a theme may mark invalid code white on red); it replaces both. */
  const fix = (color: string | undefined, own?: string): string | undefined => {
    if (color === undefined || parse(color) === undefined) return color;
    const against = own !== undefined && parse(own) ? { code: formatHex(opaque(own)), highlightedLine: formatHex(opaque(own)) } : backgrounds;
    const key = `${color} ${against.code}`;
    let result = done.get(key);
    if (result === undefined) {
      result = readableColor(color, against);
      done.set(key, result);
      if (result !== color) adjusted.set(own === undefined ? color : key, result);
    }
    return result;
  };

  const settings = (raw.tokenColors ?? raw.settings ?? []).map((rule) =>
    rule.settings?.foreground === undefined
      ? rule
      : { ...rule, settings: { ...rule.settings, foreground: fix(rule.settings.foreground, rule.scope ? rule.settings.background : undefined) } },
  );
  const colors = { ...raw.colors };
  colors['editor.background'] = code;
  if (colors['editor.foreground'] !== undefined) colors['editor.foreground'] = fix(colors['editor.foreground'])!;
  // Shiki's own order for the plain text colour; its fallbacks are VS Code's.
  const global = (raw.tokenColors ?? raw.settings ?? []).find((rule) => !rule.scope && !rule.name)?.settings?.foreground;
  const fg = fix(raw.fg ?? global ?? raw.colors?.['editor.foreground'] ?? (isLight(code) ? '#333333' : '#bbbbbb'));
  const theme: ThemeRegistrationRaw = { ...raw, colors, bg: code, fg, ...(raw.tokenColors ? { tokenColors: settings } : { settings }) };

  return { theme, backgrounds, adjusted };
}

/** The contrast of a (possibly translucent) text colour on an opaque background. */
export function contrastOn(text: string, background: string): number {
  return wcagContrast(over(text, background), background);
}

/**
 * The colour itself when it already reads on both backgrounds; otherwise the same hue and chroma in
 * OKLCH with the lightness moved (darker on light backgrounds, lighter on dark ones) just far enough.
 * A translucent colour is first laid on the code background, so the result is always opaque.
 */
function readableColor(color: string, backgrounds: CodeBackgrounds): string {
  const flat = over(color, backgrounds.code);
  const passes = (candidate: Color) => Math.min(wcagContrast(candidate, backgrounds.code), wcagContrast(candidate, backgrounds.highlightedLine)) >= TARGET;
  const translucent = (parse(color)?.alpha ?? 1) < 1;
  if (passes(flat) && Math.min(contrastOn(color, backgrounds.code), contrastOn(color, backgrounds.highlightedLine)) >= MIN_CONTRAST) {
    return translucent ? formatHex(flat) : color;
  }
  const start = toOklch(flat);
  const darken = isLight(backgrounds.code);
  const at = (l: number): Color => clampChroma({ ...start, l } as Oklch, 'oklch');
  // Contrast grows as lightness moves away from the backgrounds: bisect for the smallest move.
  let near = start.l;
  let far = darken ? 0 : 1;
  for (let step = 0; step < 24; step++) {
    const mid = (near + far) / 2;
    if (passes(at(mid))) far = mid;
    else near = mid;
  }
  return formatHex(at(far));
}

function themeBackground(raw: ThemeRegistrationRaw): string {
  const global = (raw.tokenColors ?? raw.settings ?? []).find((rule) => !rule.scope && !rule.name)?.settings?.background;
  const declared = raw.bg ?? global ?? raw.colors?.['editor.background'];
  const fallback = raw.type === 'light' ? '#ffffff' : '#1e1e1e';
  return declared !== undefined && parse(declared) ? formatHex(opaque(declared)) : fallback;
}

function isLight(background: string): boolean {
  return wcagLuminance(background) > 0.4;
}

function opaque(color: string): Color {
  const parsed = parse(color);
  if (!parsed) throw new Error(`"${color}" is not a colour`);
  return { ...parsed, alpha: undefined };
}

/** A text colour as seen on an opaque background (source-over compositing in sRGB). */
function over(color: string, background: string): Color {
  const text = parse(color);
  if (!text) throw new Error(`"${color}" is not a colour`);
  const alpha = text.alpha ?? 1;
  if (alpha >= 1) return text;
  return interpolate([background, { ...text, alpha: undefined }], 'rgb')(alpha);
}
