/**
 * A compiler's code highlighter: shiki started on first use (one per thread and pair of themes),
 * grammars loaded when a page needs them, themes made readable (WCAG AA on the code and
 * highlighted-line backgrounds) as they load. With a store, a block's HTML is looked up there first,
 * so shiki starts only for code it has not coloured.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BundledLanguage, BundledTheme, Highlighter, ShikiTransformer, ThemeRegistrationRaw } from 'shiki';
import type { Element } from 'hast';
import { DocsiteError } from '../core/errors';
// Both are loaded with shiki, when a block has to be coloured: a page whose blocks all come from the
// store needs neither (accessible-theme brings culori, a whole colour library).
import type { CodeBackgrounds } from './accessible-theme';
import type { OnePass, TextmateTheme } from './one-pass-themes';
import { prismThemeNames, shikiLanguageName, shikiThemeName } from './prism-names';

export interface CodeThemes {
  light: string;
  dark: string;
}

export interface HighlightInput {
  code: string;
  lang?: string;
  highlightedLines: ReadonlySet<number>;
  /** Classes the site's own magic comments give lines (1-based), besides the highlight. */
  lineClasses?: ReadonlyMap<number, readonly string[]>;
  /** Character ranges of `code` to wrap in links (API signatures link the types they name). */
  links?: { start: number; end: number; href: string }[];
}

export interface CodeHighlighter {
  /**
   * The `<pre class="shiki">` HTML, colored by CSS variables for both themes. With `kept`, the block
   * is looked up in its store first and filed there when coloured.
   */
  highlight(input: HighlightInput, kept?: KeptHighlights): Promise<string>;
}

/** Where coloured blocks are kept between runs (the build's store), by a digest of all that decides them. */
export interface HighlightStore {
  /** The HTML kept under `key`, or undefined on a miss (absent or unreadable). */
  get(key: string): Promise<string | undefined>;
  /** Keeps `html` under `key`; failures are the store's to swallow (a cache may only cost a miss). */
  put(key: string, html: string): void;
}

export interface KeptHighlights {
  store: HighlightStore;
  /** Part of every key: the code that colours (docsite's fingerprint), so no entry outlives it. */
  salt: string;
  /** Hears each block's key, so the caller knows which entries its pages need. */
  used?: (key: string) => void;
}

/** Names Docusaurus users write for "no highlighting"; mermaid is drawn elsewhere, not colored here. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'mermaid']);

/** Serve recompiles a page on every save and sites repeat install snippets; both hit this cache. */
const CACHE_SIZE = 500;

/** A shiki theme by name (or by its prism-react-renderer name), as `makeThemeAccessible` returns it. */
export async function loadAccessibleTheme(configured: string): Promise<{ theme: ThemeRegistrationRaw; backgrounds: CodeBackgrounds }> {
  const { bundledThemes } = await import('shiki');
  const name = shikiThemeName(configured);
  if (!Object.hasOwn(bundledThemes, name)) throw new Error(`shiki has no theme named "${name}"`);
  const raw = (await bundledThemes[name as BundledTheme]()).default as ThemeRegistrationRaw;
  const { makeThemeAccessible } = await import('./accessible-theme');
  return makeThemeAccessible(raw);
}

interface Started {
  highlighter: Highlighter;
  /** The grammars shiki bundles, by name: imported once with shiki, not again for every block. */
  bundledLanguages: Record<string, unknown>;
  /** Undefined when shiki's own themes are not the ones it would pair (then shiki tokenizes per theme). */
  onePass?: OnePass;
  /** The highlighted-line backgrounds, written on each `<pre>` that has highlighted lines. */
  lineStyle: string;
}

export interface CodeHighlighterOptions {
  /**
   * Tokenize each block once for both themes (the default) rather than once per theme, as shiki
   * does; false is shiki's own way, kept for the test that compares the two.
   */
  onePass?: boolean;
}

/** A thread's shiki highlighter for a pair of themes, with the grammars it has loaded. */
interface SharedShiki {
  starting: Promise<Started> | undefined;
  grammars: Map<string, Promise<void>>;
}

/**
 * One shiki per thread and pair of themes, shared by the highlighters made for them (a compiler's, the
 * API reference pages'): a grammar compiles its regular expressions as blocks first reach each rule,
 * a good part of colouring a site's first blocks, and a second shiki would compile them all again.
 */
const shikis = new Map<string, SharedShiki>();

function shikiOf(themes: CodeThemes, options: CodeHighlighterOptions): SharedShiki {
  const key = JSON.stringify([themes.light, themes.dark, options.onePass !== false]);
  let shared = shikis.get(key);
  if (!shared) shikis.set(key, (shared = { starting: undefined, grammars: new Map() }));
  return shared;
}

export function createCodeHighlighter(configured: CodeThemes, options: CodeHighlighterOptions = {}): CodeHighlighter {
  // Docusaurus's names (`vsDark`) are the shiki themes they stand for, in the HTML and in the store's keys alike.
  const themes: CodeThemes = { light: shikiThemeName(configured.light), dark: shikiThemeName(configured.dark) };
  const shared = shikiOf(themes, options);
  const { grammars } = shared;
  const cache = new Map<string, string>();

  async function load(): Promise<Started> {
    // Imported here, not at the top: a worker whose blocks all come from the store never loads shiki.
    const { createHighlighter, createOnigurumaEngine, bundledLanguages } = await import('shiki');
    const [light, dark] = await Promise.all([loadAccessibleTheme(themes.light), loadAccessibleTheme(themes.dark)]);
    const highlighter = await createHighlighter({ themes: [light.theme, dark.theme], langs: [], engine: createOnigurumaEngine(loadOniguruma) });
    const lineStyle = `--code-highlight-light:${light.backgrounds.highlightedLine};--code-highlight-dark:${dark.backgrounds.highlightedLine}`;
    return {
      highlighter,
      bundledLanguages,
      lineStyle,
      ...(options.onePass === false ? {} : { onePass: await onePassFor(highlighter, [themes.light, themes.dark]) }),
    };
  }

  function start(): Promise<Started> {
    shared.starting ??= load().catch((cause: unknown) => {
      shared.starting = undefined;
      throw new DocsiteError({
        code: 'MDX_COMPILE',
        message: `Could not load the code themes "${configured.light}" and "${configured.dark}": ${(cause as Error).message}`,
        hint: `Use shiki theme names, e.g. github-light, github-dark, dracula (see https://shiki.style/themes), or prism-react-renderer's: ${prismThemeNames.join(', ')}.`,
        cause,
      });
    });
    return shared.starting;
  }

  /**
   * The shiki language to use, Prism's aliases (`markup`) included; unknown names fall back to plain
   * text rather than failing the page.
   */
  async function language({ highlighter, bundledLanguages }: Started, lang: string | undefined): Promise<string> {
    const name = shikiLanguageName((lang ?? '').toLowerCase());
    if (PLAIN.has(name) || !Object.hasOwn(bundledLanguages, name)) return 'text';
    let loading = grammars.get(name);
    if (!loading) {
      loading = highlighter.loadLanguage(name as BundledLanguage);
      grammars.set(name, loading);
    }
    await loading;
    return name;
  }

  const colour = async ({ code, lang, highlightedLines, lineClasses, links = [] }: HighlightInput): Promise<string> => {
    const started = await start();
    const { highlighter, lineStyle, onePass } = started;
    const name = await language(started, lang);
    const render = () =>
      highlighter.codeToHtml(code, {
        lang: name,
        // Short variable names (`--sl`, `--sd`, `--sl-bg`, ...): every token carries them, so on a
        // page of code they are a good part of its HTML and of its route chunk.
        themes: { l: themes.light, d: themes.dark },
        cssVariablePrefix: '--s',
        defaultColor: false,
        // shiki stops tokenizing a line after a time limit by default and colours the rest as one token.
        // The first lines a worker highlights are slow (its regex engine warms up), more so on a
        // busy machine, so the same page could come out coloured differently from build to build.
        tokenizeTimeLimit: 0,
        transformers: [
          plainTokens,
          ...(highlightedLines.size ? [markLines(highlightedLines, lineStyle)] : []),
          ...(lineClasses?.size ? [classLines(lineClasses)] : []),
        ],
        decorations: links.map((link) => ({ start: link.start, end: link.end, tagName: 'a', properties: { href: link.href } })),
      });
    return onePass && name !== 'text' ? onePass.run(highlighter.getLanguage(name), render) : render();
  };

  return {
    async highlight(input, kept) {
      const key = highlightKey(kept?.salt ?? '', themes, input);
      kept?.used?.(key);
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      let html = await kept?.store.get(key);
      if (html === undefined) {
        html = await colour(input);
        kept?.store.put(key, html);
      }
      // Map keeps insertion order, so the first key is the oldest entry.
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, html);
      return html;
    },
  };
}

/**
 * shiki's regex engine, Oniguruma in WebAssembly, from the file shiki ships. Its default import holds
 * the same bytes as base64 text decoded a byte at a time, which would slow a thread's first coloured
 * block.
 */
async function loadOniguruma(imports?: WebAssembly.Imports): Promise<WebAssembly.Exports> {
  const bytes = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return (await WebAssembly.instantiate(bytes, imports)).instance.exports;
}

/** The pairing of `names` on `highlighter`, or undefined if its themes do not number colours as ours would. */
async function onePassFor(highlighter: Highlighter, names: string[]): Promise<OnePass | undefined> {
  const [{ Theme }, { createOnePass }] = await Promise.all([import('shiki/textmate'), import('./one-pass-themes')]);
  const textmate = names.map((name) => Theme.createFromRawTheme(highlighter.getTheme(name)) as unknown as TextmateTheme);
  const same = names.every((name, index) => JSON.stringify(highlighter.setTheme(name).colorMap) === JSON.stringify(textmate[index]!.getColorMap()));
  return same ? createOnePass(textmate, (index) => highlighter.setTheme(names[index]!)) : undefined;
}

/**
 * 32 hex characters of a SHA-256 over all that decides a block's HTML: the colouring code, both
 * themes, the language, the highlighted lines, the links and the code. Each part ends in a NUL, so
 * no two lists of parts run together.
 */
export function highlightKey(salt: string, themes: CodeThemes, { code, lang, highlightedLines, lineClasses, links = [] }: HighlightInput): string {
  const lines = [...highlightedLines].sort((a, b) => a - b).join(',');
  const classes = lineClasses ? JSON.stringify([...lineClasses].sort((a, b) => a[0] - b[0])) : '';
  const hash = createHash('sha256');
  for (const part of [salt, themes.light, themes.dark, lang ?? '', lines, classes, JSON.stringify(links), code]) hash.update(part).update('\0');
  return hash.digest('hex').slice(0, 32);
}

/**
 * A token in the block's own colours in both themes needs no span: it inherits them from the `<pre>`
 * (many tokens of typical code are such, and each span is dozens of bytes of HTML). Such tokens lose
 * their style, and spans left with no attribute give way to their text.
 */
const plainTokens: ShikiTransformer = {
  name: 'docsite:plain-tokens',
  pre(pre) {
    const style = typeof pre.properties.style === 'string' ? pre.properties.style : '';
    const colour = (name: string) => new RegExp(`(?:^|;)${name}:([^;]+)`).exec(style)?.[1]?.toLowerCase();
    const plain = `--sl:${colour('--sl')};--sd:${colour('--sd')}`;
    const strip = (parent: Element) => {
      parent.children = parent.children.flatMap((child) => {
        if (child.type !== 'element') return [child];
        if (child.tagName === 'span' && typeof child.properties.style === 'string' && child.properties.style.toLowerCase() === plain)
          delete child.properties.style;
        strip(child);
        return child.tagName === 'span' && Object.keys(child.properties).length === 0 ? child.children : [child];
      });
    };
    strip(pre);
  },
};

/** Gives lines the classes the site's own magic comments name for them. */
function classLines(classes: ReadonlyMap<number, readonly string[]>): ShikiTransformer {
  return {
    name: 'docsite:magic-comment-lines',
    line(node, line) {
      for (const name of classes.get(line) ?? []) for (const token of name.split(' ')) this.addClassToHast(node, token);
    },
  };
}

/** Marks the lines and gives the `<pre>` their background in both themes (theme/styles.css reads it). */
function markLines(lines: ReadonlySet<number>, lineStyle: string): ShikiTransformer {
  return {
    name: 'docsite:highlighted-lines',
    pre(node) {
      const style = node.properties.style;
      node.properties.style = typeof style === 'string' && style ? `${style};${lineStyle}` : lineStyle;
    },
    line(node, line) {
      if (lines.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}
