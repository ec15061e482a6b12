/**
 * The names Docusaurus sites write for code themes and fence languages (prism-react-renderer's
 * themes, Prism's language aliases), each turned into the shiki theme or grammar that docsite uses.
 * A name shiki knows itself is used as it is.
 */

/**
 * prism-react-renderer's theme names. Most are ports of the same editor themes shiki bundles; the few
 * with no shiki port (marked) take a bundled theme of like background and palette.
 */
const PRISM_THEMES: Readonly<Record<string, string>> = {
  vsDark: 'dark-plus',
  vsLight: 'light-plus',
  github: 'github-light',
  dracula: 'dracula',
  nightOwl: 'night-owl',
  nightOwlLight: 'night-owl-light',
  oneDark: 'one-dark-pro',
  oneLight: 'one-light',
  palenight: 'material-theme-palenight',
  synthwave84: 'synthwave-84',
  // Prism's okaidia is its Monokai.
  okaidia: 'monokai',
  gruvboxMaterialDark: 'gruvbox-dark-medium',
  gruvboxMaterialLight: 'gruvbox-light-medium',
  // No shiki port: a bundled theme with a like background and palette stands in.
  oceanicNext: 'material-theme',
  shadesOfPurple: 'laserwave',
  ultramin: 'min-light',
  duotoneDark: 'rose-pine-moon',
  duotoneLight: 'rose-pine-dawn',
  jettwaveDark: 'night-owl',
  jettwaveLight: 'light-plus',
};

/**
 * Prism's aliases that shiki does not know by that name. `markup` is Prism's HTML, XML and SVG
 * grammar: a `markup` fence is HTML; its XML-only aliases get shiki's XML grammar.
 */
const PRISM_LANGUAGES: Readonly<Record<string, string>> = {
  markup: 'html',
  svg: 'xml',
  mathml: 'xml',
  ssml: 'xml',
  atom: 'xml',
  rss: 'xml',
  objectivec: 'objective-c',
  webmanifest: 'json',
  dotnet: 'csharp',
  'js-extras': 'javascript',
  clike: 'c',
  'shell-session': 'shellsession',
  'sh-session': 'shellsession',
};

/** The shiki theme for a configured name: `vsDark` is `dark-plus`; a shiki name is kept. */
export function shikiThemeName(name: string): string {
  return Object.hasOwn(PRISM_THEMES, name) ? PRISM_THEMES[name]! : name;
}

/** The prism-react-renderer theme names docsite accepts beside shiki's, for messages. */
export const prismThemeNames: readonly string[] = Object.keys(PRISM_THEMES);

/** The shiki language for a fence's (lower-cased) language: `markup` is `html`; others are kept. */
export function shikiLanguageName(name: string): string {
  return Object.hasOwn(PRISM_LANGUAGES, name) ? PRISM_LANGUAGES[name]! : name;
}
