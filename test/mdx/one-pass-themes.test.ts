/**
 * Code blocks tokenized once for both themes come out byte for byte as shiki's own two passes colour
 * them, over languages with embedded ones, highlighted lines, links and several theme pairs.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createCodeHighlighter, type CodeThemes, type HighlightInput } from '../../src/mdx/highlighter';
import { applyMagicComments, parseCodeMeta } from '../../src/mdx/code-meta';

const blocks: HighlightInput[] = [
  {
    lang: 'ts',
    code: 'interface A<T> { readonly a?: T[]; b: `x${1 + 2}` }\nexport async function f(x: number): Promise<void> {\n  // a comment\n  return await g(x as any) /* done */;\n}',
    highlightedLines: new Set([2]),
  },
  {
    lang: 'tsx',
    code: 'export const B = ({ n }: { n: number }) => (\n  <div className="b" onClick={() => n++}>\n    {n > 1 ? <b>many</b> : "one"}\n  </div>\n);',
    highlightedLines: new Set([1, 3]),
  },
  {
    lang: 'js',
    code: "const re = /a+(b|c)*$/gi;\nlet s = 'it\\'s';\nclass C extends D { #p = 1; static get q() { return this.#p; } }\n\nnew C();",
    highlightedLines: new Set(),
  },
  { lang: 'jsx', code: '<App>{items.map((i) => <Item key={i.id} {...i} />)}</App>', highlightedLines: new Set() },
  { lang: 'json', code: '{\n  "name": "x",\n  "list": [1, 2.5e3, true, null],\n  "nested": { "a": "b" }\n}', highlightedLines: new Set([3]) },
  {
    lang: 'bash',
    code: 'npm install --save-dev docsite\nexport FOO="bar $HOME" && echo ${FOO:-x} | grep -c x # count\nfor f in *.md; do cat "$f"; done',
    highlightedLines: new Set(),
  },
  {
    lang: 'css',
    code: '@media (min-width: 40em) {\n  .a > b::before { content: "\\201C"; color: #fff !important; margin: calc(1px + 2em); }\n}',
    highlightedLines: new Set(),
  },
  {
    lang: 'html',
    code: '<!doctype html>\n<style>p { color: red }</style>\n<p class="x" data-y=\'1\'>Hi &amp; bye</p>\n<script>const a = 1 < 2;</script>',
    highlightedLines: new Set([2]),
  },
  {
    lang: 'md',
    code: '# Title\n\nSome *em* and **strong** and `code` and [a link](https://x.y).\n\n```ts\nconst inFence = 1;\n```\n\n- item\n> quote',
    highlightedLines: new Set(),
  },
  { lang: 'diff', code: '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context', highlightedLines: new Set([4]) },
  { lang: 'plain', code: 'just text\n  indented', highlightedLines: new Set() },
  { code: 'no language at all', highlightedLines: new Set([1]) },
  { lang: 'not-a-language', code: 'falls back to text', highlightedLines: new Set() },
  {
    lang: 'ts',
    code: 'function useLexicalComposer(): LexicalComposerContextWithEditor',
    highlightedLines: new Set(),
    links: [{ start: 31, end: 63, href: '/api/LexicalComposerContextWithEditor' }],
  },
  {
    lang: 'ts',
    code: 'type A = Map<K, V> | null;\nlet b: A;',
    highlightedLines: new Set([2]),
    links: [
      { start: 9, end: 12, href: '/api/Map' },
      { start: 34, end: 35, href: '#a' },
    ],
  },
  { lang: 'ts', code: '\n\nconst afterBlankLines = 1;\n\n', highlightedLines: new Set() },
  { lang: 'ts', code: '', highlightedLines: new Set() },
];

/** The fenced blocks of the Lexical docs in content/, as the compiler hands them to the highlighter. */
function siteBlocks(): HighlightInput[] {
  const root = path.join(import.meta.dirname, '..', '..', 'content', 'docs');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => /\.mdx?$/.test(file)).sort();
  const found: HighlightInput[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/^```([^\n`]*)\n([\s\S]*?)\n```$/gm)) {
      const [lang, ...meta] = match[1]!.trim().split(/\s+/);
      const info = parseCodeMeta(lang || undefined, meta.join(' '));
      const magic = applyMagicComments(match[2]!);
      found.push({ code: magic.code, lang: info.lang, highlightedLines: new Set([...info.highlightedLines, ...magic.highlightedLines]) });
    }
  }
  return found;
}

async function same(themes: CodeThemes, inputs: HighlightInput[]): Promise<void> {
  const shikis = createCodeHighlighter(themes, { onePass: false });
  const ours = createCodeHighlighter(themes);
  for (const input of inputs) {
    const expected = await shikis.highlight(input);
    assert.equal(await ours.highlight(input), expected, `${input.lang ?? '(none)'}: ${input.code.slice(0, 60)}`);
  }
}

describe('one grammar pass for both themes', () => {
  it('colours varied blocks as shiki does, for the default themes and others', async () => {
    await same({ light: 'github-light', dark: 'github-dark' }, blocks);
    await same({ light: 'min-light', dark: 'dracula' }, blocks);
    await same({ light: 'solarized-light', dark: 'monokai' }, blocks);
    await same({ light: 'github-light', dark: 'github-light' }, blocks);
  });

  it('colours a line met again in another block by the state it starts from, not by its text alone', async () => {
    // Each line below recurs across blocks: inside a template string or a comment, after an
    // unclosed tag, and at the top level, where it is coloured differently.
    const lines = ['export const x = 1;', '}', 'const a = `b ${c}`;', '<div>{x}</div>'];
    const openers = ['const t = `', '/*', 'function f() {', 'const el = (', ''];
    const inputs: HighlightInput[] = [];
    for (const lang of ['ts', 'tsx']) {
      for (const opener of openers) {
        inputs.push({ lang, code: [opener, ...lines].join('\n'), highlightedLines: new Set() });
        inputs.push({ lang, code: [...lines, opener, ...lines].join('\n'), highlightedLines: new Set() });
      }
      inputs.push({ lang, code: lines.join('\n'), highlightedLines: new Set() });
    }
    await same({ light: 'github-light', dark: 'dracula' }, inputs);
  });

  it('colours every code block of the Lexical docs as shiki does', async () => {
    const found = siteBlocks();
    assert.ok(found.length > 50, `${found.length} blocks`);
    await same({ light: 'github-light', dark: 'dracula' }, found);
  });
});
