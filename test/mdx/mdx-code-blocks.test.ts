/** Code blocks: meta, magic comments, dual-theme shiki output, and language fallbacks, checked on rendered HTML. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createMdxCompiler } from '../../src/mdx';
import { applyMagicComments, parseCodeMeta } from '../../src/mdx/code-meta';

const compiler = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' } });
const jsxRuntime = pathToFileURL(createRequire(import.meta.url).resolve('react/jsx-runtime')).href;

function CodeBlock(props: { html: string; language?: string; title?: string; showLineNumbers?: boolean; startLineNumber?: number }) {
  return createElement('figure', {
    'data-language': props.language,
    'data-title': props.title,
    'data-line-numbers': props.showLineNumbers === undefined ? undefined : String(props.showLineNumbers),
    'data-start': props.startLineNumber,
    dangerouslySetInnerHTML: { __html: props.html },
  });
}

async function compileAndRender(source: string, using = compiler): Promise<string> {
  const { code } = await using.compile({ source, file: 'docs/code.mdx' });
  const program = code.replace(/from\s*["']react\/jsx-runtime["']/, `from ${JSON.stringify(jsxRuntime)}`);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(program).toString('base64')}`)) as {
    default: ComponentType<{ components: object }>;
  };
  return renderToString(createElement(module.default, { components: { CodeBlock } }));
}

/** The `<span class="line…">` elements in order, as [classes, text]. */
function lines(html: string): Array<[string, string]> {
  const pre = /<pre[^>]*>.*<\/pre>/s.exec(html)?.[0] ?? '';
  return pre
    .split('<span class="line')
    .slice(1)
    .map((chunk) => {
      const classes = /^([^"]*)"/.exec(chunk)![1]!;
      return [
        `line${classes}`,
        chunk
          .replace(/^[^>]*>/, '')
          .replace(/<[^>]+>/g, '')
          .trimEnd(),
      ];
    });
}

describe('code blocks', () => {
  it('highlights with both themes, marks ranges and magic-comment lines, and removes the comments', async () => {
    const html = await compileAndRender(
      [
        '```ts title="src/config.ts" {1,3-4} showLineNumbers',
        'const a = 1;',
        'const b = 2;',
        'const c = 3;',
        'const d = 4;',
        '// highlight-next-line',
        'const e = 5;',
        '// highlight-start',
        'const f = 6;',
        'const g = 7;',
        '// highlight-end',
        'const h = 8;',
        '```',
      ].join('\n'),
    );
    assert.match(html, /<figure data-language="ts" data-title="src\/config.ts" data-line-numbers="true">/);
    assert.match(html, /<pre class="shiki shiki-themes github-light dracula" style="[^"]*--sl-bg:[^"]*--sd-bg:/);
    assert.match(html, /<span style="--sl:#[0-9A-Fa-f]+;--sd:#[0-9A-Fa-f]+">const<\/span>/);
    assert.doesNotMatch(html, /highlight-(next-line|start|end)/);
    assert.deepEqual(lines(html), [
      ['line highlighted', 'const a = 1;'],
      ['line', 'const b = 2;'],
      ['line highlighted', 'const c = 3;'],
      ['line highlighted', 'const d = 4;'],
      ['line highlighted', 'const e = 5;'],
      ['line highlighted', 'const f = 6;'],
      ['line highlighted', 'const g = 7;'],
      ['line', 'const h = 8;'],
    ]);
  });

  it('passes a start line number and omits attributes that were not given', async () => {
    const html = await compileAndRender('```bash showLineNumbers=12\nnpm run build\n```\n\n```\nplain\n```');
    assert.match(html, /<figure data-language="bash" data-line-numbers="true" data-start="12">/);
    assert.match(html, /<figure><pre class="shiki/);
  });

  it('falls back to plain text for unknown languages and accepts Docusaurus aliases', async () => {
    const unknown = await compileAndRender('```foolang\nlet x <- 1\n```');
    assert.match(
      unknown,
      /<figure data-language="foolang"><pre class="shiki[^>]*><code><span class="line">let x (?:&lt;|&#x3C;)- 1<\/span><\/code><\/pre><\/figure>/,
    );
    const aliases = ['js', 'jsx', 'ts', 'tsx', 'bash', 'sh', 'shell', 'json', 'html', 'css', 'md', 'yaml', 'diff', 'text', 'plaintext', 'none', 'mermaid'];
    const pages = await Promise.all(aliases.map((lang) => compileAndRender(`\`\`\`${lang}\nx = "y" // z\n\`\`\``)));
    for (const [i, html] of pages.entries()) {
      assert.match(html, new RegExp(`data-language="${aliases[i]}"`));
      assert.match(html, /--sd-bg/, `${aliases[i]} is highlighted or plain, never failing`);
    }
    // A real grammar colors tokens differently; plain text uses the foreground only.
    assert.ok(new Set(pages[2]!.match(/--sl:#\w+/g)).size > 1, 'ts is tokenized');
    assert.doesNotMatch(pages[16]!, /<span style="--sl/, 'mermaid stays plain');
    // Tokens in the block's own colours inherit them: no span of their own, no repeated style.
    const ts = pages[2]!.slice(pages[2]!.indexOf('<code>'));
    const [, fgLight, fgDark] = /<pre [^>]*style="--sl:(#\w+);--sd:(#\w+);/.exec(pages[2]!)!;
    assert.ok(!ts.toLowerCase().includes(`--sl:${fgLight!.toLowerCase()};--sd:${fgDark!.toLowerCase()}"`), 'no token repeats the block colours');
    assert.doesNotMatch(ts, /<span>/, 'no span without attributes');
  });

  it('reads ranges glued to the language and magic comments in other comment syntaxes', () => {
    assert.deepEqual(parseCodeMeta('js{2,4-5}', null), {
      lang: 'js',
      title: undefined,
      highlightedLines: new Set([2, 4, 5]),
      showLineNumbers: false,
      startLineNumber: undefined,
    });
    assert.equal(parseCodeMeta('ts', "title='a {1} b.ts'").title, 'a {1} b.ts');
    assert.equal(parseCodeMeta('ts', "title='a {1} b.ts'").highlightedLines.size, 0);
    const result = applyMagicComments(
      ['# highlight-next-line', 'echo 1', '<!-- highlight-start -->', '<p>', '{/* highlight-end */}', '-- highlight-next-line', 'SELECT 1;', 'tail'].join('\n'),
    );
    assert.equal(result.code, 'echo 1\n<p>\nSELECT 1;\ntail');
    assert.deepEqual([...result.highlightedLines], [1, 2, 3]);
  });

  it("a site's own kinds of magic comment give their lines the kind's classes; those of Docusaurus's highlighted-line class are highlighted", async () => {
    const kinds = [
      { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
      { className: 'code-block-error-line', line: 'This will error' },
      { className: 'code-block-added added', block: { start: 'added-start', end: 'added-end' } },
    ];
    const own = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' }, magicComments: kinds });
    const source = [
      '```js {1}',
      'const a = 1;',
      '// This will error',
      'a = 2;',
      '/* added-start */',
      'const b = a;',
      '// highlight-next-line',
      'const c = b;',
      '/* added-end */',
      '# highlight-end',
      'done();',
      '```',
    ].join('\n');
    assert.deepEqual(lines(await compileAndRender(source, own)), [
      ['line highlighted theme-code-block-highlighted-line', 'const a = 1;'],
      ['line code-block-error-line', 'a = 2;'],
      ['line code-block-added added', 'const b = a;'],
      ['line highlighted theme-code-block-highlighted-line code-block-added added', 'const c = b;'],
      ['line', 'done();'],
    ]);
    // Without the site's kinds, only the default's comments go; the others' words are code like any other.
    const plain = lines(await compileAndRender(source));
    assert.equal(plain.length, 8);
    assert.ok(plain.some(([, text]) => text === '// This will error'));
    assert.ok(plain.every(([classes]) => !classes.includes('error-line')));
    // With another first kind, `{n}` lines get its class and are not highlighted.
    const other = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' }, magicComments: [kinds[1]!] });
    assert.deepEqual(lines(await compileAndRender('```js {2}\n// This will error\nx();\ny();\n```', other)), [
      ['line code-block-error-line', 'x();'],
      ['line code-block-error-line', 'y();'],
    ]);
  });
});
