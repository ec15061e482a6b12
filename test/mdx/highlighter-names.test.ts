/**
 * The highlighter takes the names Docusaurus sites write: prism-react-renderer's theme names and
 * Prism's fence languages (`markup` for HTML), besides shiki's own.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCodeHighlighter, loadAccessibleTheme } from '../../src/mdx/highlighter';

/** prism-react-renderer's themes, as a Docusaurus config names them. */
const PRISM_THEMES = [
  'dracula',
  'duotoneDark',
  'duotoneLight',
  'github',
  'gruvboxMaterialDark',
  'gruvboxMaterialLight',
  'jettwaveDark',
  'jettwaveLight',
  'nightOwl',
  'nightOwlLight',
  'oceanicNext',
  'okaidia',
  'oneDark',
  'oneLight',
  'palenight',
  'shadesOfPurple',
  'synthwave84',
  'ultramin',
  'vsDark',
  'vsLight',
];

/** A sample per fence language a Docusaurus site highlights out of the box, written as Prism names it. */
const SAMPLES: Record<string, string> = {
  markup: '<div class="note" hidden>Hello &amp; welcome</div>',
  html: '<p id="x">Hi</p>',
  xml: '<?xml version="1.0"?><root attr="1"/>',
  svg: '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>',
  css: '.a { color: red; }',
  js: 'const a = 1; // one',
  javascript: 'function f() { return "x"; }',
  ts: 'let n: number = 2;',
  typescript: 'interface A { b: string }',
  jsx: 'const el = <App value={1} />;',
  tsx: 'const el: JSX.Element = <App value={1} />;',
  markdown: '# Title\n\n*em* and `code`',
  md: '## Heading\n\n- item',
  yaml: 'key: value # note\nlist: [1, 2]',
  yml: 'a: true',
  sql: 'SELECT id FROM users WHERE id = 1;',
  graphql: 'query { user(id: 1) { name } }',
  python: 'def f(x):\n    return "y"',
  py: 'import os',
  go: 'func main() { fmt.Println("x") }',
  rust: 'fn main() { let x: i32 = 1; }',
  c: 'int main(void) { return 0; }',
  cpp: 'std::string s = "x";',
  swift: 'let x: Int = 1',
  kotlin: 'val x: Int = 1',
  objectivec: '@interface A : NSObject\n@end',
  json: '{ "a": 1 }',
  bash: 'echo "hi" # greet',
};

/** How many different token colours (light theme) a block shows. */
function colours(html: string): number {
  return new Set([...html.matchAll(/--sl:(#[0-9a-f]+)/gi)].map((match) => match[1]!.toLowerCase())).size;
}

describe('the highlighter takes Docusaurus names', () => {
  const highlighter = createCodeHighlighter({ light: 'github-light', dark: 'dark-plus' });
  const highlight = (code: string, lang: string) => highlighter.highlight({ code, lang, highlightedLines: new Set() });

  test('a `markup` fence is coloured, as HTML', async () => {
    const code = SAMPLES.markup!;
    const markup = await highlight(code, 'markup');
    assert.ok(colours(markup) >= 3, `markup shows ${colours(markup)} colours: ${markup}`);
    assert.equal(markup, await highlight(code, 'html'), 'markup is HTML');
    assert.equal(await highlight(code, 'MARKUP'), markup, 'in any case');
    // Prism's XML-only aliases of markup.
    for (const lang of ['svg', 'rss', 'atom']) assert.equal(await highlight(SAMPLES.svg!, lang), await highlight(SAMPLES.svg!, 'xml'), lang);
  });

  test("every language of Docusaurus's default set is coloured under the name Prism gives it", async () => {
    const plain: string[] = [];
    for (const [lang, code] of Object.entries(SAMPLES)) {
      if (colours(await highlight(code, lang)) < 2) plain.push(lang);
    }
    assert.deepEqual(plain, []);
  });

  test('prism-react-renderer theme names colour as the shiki themes they stand for', async () => {
    const code = 'const answer: number = 42; // the answer';
    const byPrismName = await createCodeHighlighter({ light: 'github', dark: 'vsDark' }).highlight({ code, lang: 'ts', highlightedLines: new Set([1]) });
    const byShikiName = await createCodeHighlighter({ light: 'github-light', dark: 'dark-plus' }).highlight({
      code,
      lang: 'ts',
      highlightedLines: new Set([1]),
    });
    assert.equal(byPrismName, byShikiName);
  });

  test('every prism-react-renderer theme name loads, a light or dark theme as its name says', async () => {
    const failed: string[] = [];
    for (const name of PRISM_THEMES) {
      try {
        const { theme } = await loadAccessibleTheme(name);
        const light = /Light$|^github$|^ultramin$/.test(name);
        if (theme.type !== (light ? 'light' : 'dark')) failed.push(`${name}: a ${theme.type} theme`);
      } catch (error) {
        failed.push(`${name}: ${(error as Error).message}`);
      }
    }
    assert.deepEqual(failed, []);
  });

  test('an unknown theme name fails with a hint naming both kinds of names', async () => {
    await assert.rejects(
      createCodeHighlighter({ light: 'github', dark: 'no-such-theme' }).highlight({ code: 'x', lang: 'js', highlightedLines: new Set() }),
      (error: Error & { hint?: string }) => {
        assert.match(error.message, /no-such-theme/);
        assert.match(error.hint ?? '', /github-light/);
        assert.match(error.hint ?? '', /vsDark/);
        return true;
      },
    );
  });
});
