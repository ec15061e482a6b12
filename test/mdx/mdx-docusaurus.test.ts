/** Docusaurus habits of the MDX compiler: the exported `toc`, `markdown.format`, npm2yarn fences and mermaid fences. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMdxCompiler, type MdxCompilerOptions } from '../../src/mdx';

const codeThemes = { light: 'github-light', dark: 'dracula' };
const jsxRuntime = pathToFileURL(createRequire(import.meta.url).resolve('react/jsx-runtime')).href;

const components = {
  Admonition: (props: { type: string; children?: ReactNode }) => createElement('aside', { 'data-type': props.type }, props.children),
  CodeBlock: (props: { html: string; language?: string }) =>
    createElement('figure', { 'data-language': props.language, dangerouslySetInnerHTML: { __html: props.html } }),
  Tabs: (props: { groupId?: string; children?: ReactNode }) => createElement('section', { 'data-group': props.groupId }, props.children),
  TabItem: (props: { value: string; label?: string; children?: ReactNode }) =>
    createElement('div', { 'data-value': props.value, 'data-label': props.label }, props.children),
};

/** The compiled module, run as the bundler would, with react/jsx-runtime resolved to the real file. */
async function load(code: string): Promise<{ default: ComponentType<{ components: object }>; toc: unknown }> {
  const program = code.replace(/from\s*["']react\/jsx-runtime["']/, `from ${JSON.stringify(jsxRuntime)}`);
  return import(`data:text/javascript;base64,${Buffer.from(program).toString('base64')}`);
}

async function compileAndRender(source: string, file: string, options: Partial<MdxCompilerOptions> = {}) {
  const compiler = createMdxCompiler({ codeThemes, ...options });
  const result = await compiler.compile({ source, file });
  const module = await load(result.code);
  // React's markers between adjacent text parts are not content.
  return { result, module, html: renderToString(createElement(module.default, { components })).replaceAll('<!-- -->', '') };
}

describe('the toc export', () => {
  it('every page exports its headings as { value, id, level }, usable in its own JSX', async () => {
    const { module, html } = await compileAndRender(
      '# Title\n\nThere are {toc.length} sections.\n\n## First part\n\n### Inner `code`\n\n## Second {#second-part}\n',
      'docs/a.mdx',
    );
    assert.deepEqual(module.toc, [
      { value: 'First part', id: 'first-part', level: 2 },
      { value: 'Inner code', id: 'inner-code', level: 3 },
      { value: 'Second', id: 'second-part', level: 2 },
    ]);
    assert.match(html, /There are 3 sections\./);
  });

  it('a page that exports its own toc keeps it', async () => {
    const { module } = await compileAndRender("export const toc = [{ value: 'Mine', id: 'mine', level: 2 }];\n\n## Heading\n", 'docs/b.mdx');
    assert.deepEqual(module.toc, [{ value: 'Mine', id: 'mine', level: 2 }]);
  });
});

describe('markdown.format', () => {
  const source = '# Page\n\n<!-- hidden -->\n\nSum: {1 + 1}. Press <kbd>K</kbd>.\n\n:::tip\n\nA tip.\n\n:::\n';

  it("'detect' compiles .md as CommonMark: braces are text, HTML is kept, admonitions still work", async () => {
    const { html } = await compileAndRender(source, 'docs/page.md', { format: 'detect' });
    assert.match(html, /Sum: \{1 \+ 1\}\. Press <kbd>K<\/kbd>\./);
    assert.doesNotMatch(html, /hidden/);
    assert.match(html, /<aside data-type="tip"><p>A tip\.<\/p><\/aside>/);
  });

  it("'detect' compiles .mdx as MDX, and 'mdx' (the default) compiles .md as MDX", async () => {
    for (const [file, format] of [
      ['docs/page.mdx', 'detect'],
      ['docs/page.md', undefined],
    ] as const) {
      const { html } = await compileAndRender(source, file, format ? { format } : {});
      assert.match(html, /Sum: 2\./, `${file} with ${format ?? 'the default'}`);
    }
  });

  it("'md' compiles .mdx files as CommonMark too", async () => {
    const { html } = await compileAndRender(source, 'docs/page.mdx', { format: 'md' });
    assert.match(html, /Sum: \{1 \+ 1\}\./);
  });
});

describe('npm2yarn fences', () => {
  it('become npm, Yarn and pnpm tabs of the npm2yarn group, each a highlighted block', async () => {
    const { html } = await compileAndRender('```bash npm2yarn\nnpm install --save-dev typescript\n```\n', 'docs/install.md');
    assert.match(html, /^<section data-group="npm2yarn">/);
    const tabs = [...html.matchAll(/<div data-value="([^"]+)" data-label="([^"]+)"><figure data-language="bash">(.*?)<\/figure><\/div>/g)];
    assert.deepEqual(
      tabs.map((tab) => [tab[1], tab[2]]),
      [
        ['npm', 'npm'],
        ['yarn', 'Yarn'],
        ['pnpm', 'pnpm'],
      ],
    );
    const plain = tabs.map((tab) => tab[3]!.replace(/<[^>]+>/g, ''));
    assert.deepEqual(plain, ['npm install --save-dev typescript', 'yarn add --dev typescript', 'pnpm add --save-dev typescript']);
  });

  it('leave other fences alone', async () => {
    const { html } = await compileAndRender('```bash\nnpm install typescript\n```\n', 'docs/install.md');
    assert.doesNotMatch(html, /<section/);
  });
});

describe('mermaid fences', () => {
  it('with markdown.mermaid, the page imports the diagram component and passes it the source', async () => {
    const compiler = createMdxCompiler({ codeThemes, mermaid: true });
    const { code } = await compiler.compile({ source: '# Flow\n\n```mermaid\ngraph TD;\n  A-->B;\n```\n', file: 'docs/flow.md' });
    assert.match(code, /import __DocsiteMermaid from ['"]@theme\/Mermaid['"]/);
    assert.match(code, /value: "graph TD;\\n  A-->B;"/);
  });

  it('without it, a mermaid fence is a code block and nothing is imported', async () => {
    const compiler = createMdxCompiler({ codeThemes });
    const { code } = await compiler.compile({ source: '```mermaid\ngraph TD;\n```\n', file: 'docs/flow.md' });
    assert.doesNotMatch(code, /@theme\/Mermaid/);
  });
});
