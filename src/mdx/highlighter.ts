/** Owns one compiler's shiki highlighter: created on first use, grammars loaded when a page needs them. */
import { bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter, type ShikiTransformer } from 'shiki';
import { DocsiteError } from '../core/errors';

export interface CodeThemes {
  light: string;
  dark: string;
}

export interface HighlightInput {
  code: string;
  lang?: string;
  highlightedLines: ReadonlySet<number>;
  /** Character ranges of `code` to wrap in links (API signatures link the types they name). */
  links?: { start: number; end: number; href: string }[];
}

export interface CodeHighlighter {
  /** The `<pre class="shiki">` HTML, colored by CSS variables for both themes. */
  highlight(input: HighlightInput): Promise<string>;
}

/** Names Docusaurus users write for "no highlighting"; mermaid is drawn elsewhere, not colored here. */
const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'none', 'mermaid']);

/** Serve recompiles a page on every save and sites repeat install snippets; both hit this cache. */
const CACHE_SIZE = 500;

export function createCodeHighlighter(themes: CodeThemes): CodeHighlighter {
  let starting: Promise<Highlighter> | undefined;
  const grammars = new Map<string, Promise<void>>();
  const cache = new Map<string, string>();

  function start(): Promise<Highlighter> {
    starting ??= createHighlighter({ themes: [themes.light, themes.dark], langs: [] }).catch((cause: unknown) => {
      starting = undefined;
      throw new DocsiteError({
        code: 'MDX_COMPILE',
        message: `Could not load the code themes "${themes.light}" and "${themes.dark}": ${(cause as Error).message}`,
        hint: 'Use shiki theme names, e.g. github-light, github-dark, dracula (see https://shiki.style/themes).',
        cause,
      });
    });
    return starting;
  }

  /** The shiki language to use; unknown names fall back to plain text rather than failing the page. */
  async function language(highlighter: Highlighter, lang: string | undefined): Promise<string> {
    const name = (lang ?? '').toLowerCase();
    if (PLAIN.has(name) || !Object.hasOwn(bundledLanguages, name)) return 'text';
    let loading = grammars.get(name);
    if (!loading) {
      loading = highlighter.loadLanguage(name as BundledLanguage);
      grammars.set(name, loading);
    }
    await loading;
    return name;
  }

  return {
    async highlight({ code, lang, highlightedLines, links = [] }) {
      const key = `${lang ?? ''}\n${[...highlightedLines].join(',')}\n${JSON.stringify(links)}\n${code}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      const highlighter = await start();
      const html = highlighter.codeToHtml(code, {
        lang: await language(highlighter, lang),
        themes: { light: themes.light, dark: themes.dark },
        defaultColor: false,
        // shiki stops tokenizing a line after 500 ms by default and colours the rest as one token.
        // The first lines a worker highlights are slow (its regex engine warms up), more so on a
        // busy machine, so the same page came out coloured differently from build to build.
        tokenizeTimeLimit: 0,
        transformers: highlightedLines.size ? [markLines(highlightedLines)] : [],
        decorations: links.map((link) => ({ start: link.start, end: link.end, tagName: 'a', properties: { href: link.href } })),
      });
      // Map keeps insertion order, so the first key is the oldest entry.
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, html);
      return html;
    },
  };
}

function markLines(lines: ReadonlySet<number>): ShikiTransformer {
  return {
    name: 'docsite:highlighted-lines',
    line(node, line) {
      if (lines.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}
