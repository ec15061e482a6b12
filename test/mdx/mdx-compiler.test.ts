/** The MDX compiler end to end: compile real pages, run the produced program, check the rendered HTML. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMdxCompiler, type CompileResult } from '../../src/mdx';

const compiler = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' } });
const jsxRuntime = pathToFileURL(createRequire(import.meta.url).resolve('react/jsx-runtime')).href;

function Admonition(props: { type: string; title?: string; children?: ReactNode }) {
  return createElement('aside', { 'data-type': props.type, 'data-title': props.title }, props.children);
}

function CodeBlock(props: { html: string; language?: string; title?: string; showLineNumbers?: boolean; startLineNumber?: number }) {
  return createElement('figure', {
    'data-language': props.language,
    'data-title': props.title,
    'data-line-numbers': props.showLineNumbers === undefined ? undefined : String(props.showLineNumbers),
    'data-start': props.startLineNumber,
    dangerouslySetInnerHTML: { __html: props.html },
  });
}

/** Runs the compiled program as the bundler would, with react/jsx-runtime resolved to the real file. */
async function render(code: string): Promise<string> {
  const program = code.replace(/from\s*["']react\/jsx-runtime["']/, `from ${JSON.stringify(jsxRuntime)}`);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(program).toString('base64')}`)) as {
    default: ComponentType<{ components: object }>;
  };
  return renderToString(createElement(module.default, { components: { Admonition, CodeBlock } }));
}

async function compile(source: string, file = 'docs/page.md'): Promise<CompileResult> {
  return compiler.compile({ source, file });
}

async function compileAndRender(source: string): Promise<{ result: CompileResult; html: string }> {
  const result = await compile(source);
  return { result, html: await render(result.code) };
}

describe('headings', () => {
  it('gives ids with duplicates numbered, honours {#custom}, and fills toc and title', async () => {
    const { result, html } = await compileAndRender(
      [
        '---',
        'title: Front matter is skipped',
        '---',
        '',
        '# The *Guide*',
        '',
        '## Setup',
        '### Setup',
        '## Setup',
        '## Install `pkg` now {#custom-id}',
        '#### Deep level',
        '###### Deepest',
        '## setup-1',
        '## With a comment <!-- hidden --> {#commented}',
        '## Badge <span>new</span> here',
        '## Standup at 10:30',
      ].join('\n'),
    );
    assert.equal(result.title, 'The Guide');
    assert.deepEqual(result.toc, [
      { id: 'setup', value: 'Setup', level: 2 },
      { id: 'setup-1', value: 'Setup', level: 3 },
      { id: 'setup-2', value: 'Setup', level: 2 },
      { id: 'custom-id', value: 'Install pkg now', level: 2 },
      { id: 'deep-level', value: 'Deep level', level: 4 },
      { id: 'deepest', value: 'Deepest', level: 6 },
      { id: 'setup-1-1', value: 'setup-1', level: 2 },
      { id: 'commented', value: 'With a comment', level: 2 },
      { id: 'badge-new-here', value: 'Badge new here', level: 2 },
      { id: 'standup-at-1030', value: 'Standup at 10:30', level: 2 },
    ]);
    assert.deepEqual(result.anchors.slice(0, 2), ['the-guide', 'setup']);
    assert.match(html, /<h1 id="the-guide">The <em>Guide<\/em><\/h1>/);
    assert.match(html, /<h2 id="custom-id">Install <code>pkg<\/code> now<\/h2>/);
    assert.doesNotMatch(html, /\{#|Front matter is skipped|<hr/);
  });

  it('has no title without an H1 and uses a fresh slugger for every page', async () => {
    const first = await compile('## Same\n');
    const second = await compile('## Same\n');
    assert.equal(first.title, undefined);
    assert.deepEqual(second.toc, [{ id: 'same', value: 'Same', level: 2 }]);
  });
});

describe('admonitions', () => {
  it('supports the label, attribute and legacy title forms, and nesting with more colons', async () => {
    const { html } = await compileAndRender(
      [
        ':::tip[Custom *title*]',
        'Label form.',
        ':::',
        '',
        ':::warning{title="Attribute title"}',
        'Attribute form.',
        ':::',
        '',
        ':::info Legacy title here',
        'Legacy form.',
        ':::',
        '',
        ':::note',
        'No title.',
        ':::',
        '',
        '::::caution[Outer]',
        ':::danger',
        'Inner **bold**.',
        ':::',
        '::::',
      ].join('\n'),
    );
    assert.match(html, /<aside data-type="tip" data-title="Custom title"><p>Label form.<\/p><\/aside>/);
    assert.match(html, /<aside data-type="warning" data-title="Attribute title"><p>Attribute form.<\/p><\/aside>/);
    assert.match(html, /<aside data-type="info" data-title="Legacy title here"><p>Legacy form.<\/p><\/aside>/);
    assert.match(html, /<aside data-type="note"><p>No title.<\/p><\/aside>/);
    assert.match(html, /<aside data-type="caution" data-title="Outer"><aside data-type="danger"><p>Inner <strong>bold<\/strong>.<\/p><\/aside><\/aside>/);
  });

  it('knows every Docusaurus keyword', async () => {
    for (const type of ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'secondary', 'success', 'important']) {
      const { html } = await compileAndRender(`:::${type}\nText\n:::\n`);
      assert.match(html, new RegExp(`<aside data-type="${type}"><p>Text</p></aside>`));
    }
  });

  it('leaves prose that looks like directives exactly as written', async () => {
    const prose = 'Ratio a:b at 10:30, emoji :smile: and std::vector, also :name[label *x*]{#id .c} here.';
    const { html } = await compileAndRender([prose, '', '::leaf[Leaf text]', '', ':::unknown[Label]', 'Inside **it**.', ':::', '', 'Headline: a:b'].join('\n'));
    assert.match(html, /<p>Ratio a:b at 10:30, emoji :smile: and std::vector, also :name\[label <em>x<\/em>\]\{#id .c\} here.<\/p>/);
    assert.match(html, /<p>::leaf\[Leaf text\]<\/p>/);
    assert.match(html, /<p>:::unknown\[Label\]<\/p>\s*<p>Inside <strong>it<\/strong>.<\/p>\s*<p>:::<\/p>/);
    assert.match(html, /<p>Headline: a:b<\/p>/);
  });
});

describe('markdown and JSX', () => {
  it('renders GFM tables, task lists, strikethrough, autolinks and footnotes', async () => {
    const { html } = await compileAndRender(
      [
        '| Name | Value |',
        '| :--- | ----: |',
        '| a    | 1     |',
        '',
        '- [x] done',
        '- [ ] todo',
        '',
        '~~old~~ see https://example.com and a note[^1].',
        '',
        '[^1]: The note.',
      ].join('\n'),
    );
    assert.match(html, /<table>.*<th style="text-align:left">Name<\/th>.*<td style="text-align:right">1<\/td>/s);
    assert.match(html, /<input type="checkbox" disabled="" checked=""\/> (?:<!-- -->)?done/);
    assert.match(html, /<del>old<\/del>/);
    assert.match(html, /<a href="https:\/\/example.com">https:\/\/example.com<\/a>/);
    assert.match(html, /<section data-footnotes="true" class="footnotes">/);
  });

  it('compiles HTML comments, details/summary with markdown inside, and keeps MDX imports', async () => {
    const { html } = await compileAndRender(
      [
        'Before <!-- inline { comment } --> after.',
        '',
        '<!--',
        'A multi-line comment with <b> and {braces}',
        '-->',
        '',
        '<details>',
        '  <summary>More *info*</summary>',
        '',
        'Some **markdown** inside.',
        '',
        '</details>',
        '',
        'Code `<!-- not a comment -->` stays.',
        '',
        '```html',
        '<!-- kept in code -->',
        '```',
      ].join('\n'),
    );
    assert.match(html, /<p>Before (?:<!-- -->)? after.<\/p>/);
    assert.doesNotMatch(html, /multi-line comment/);
    assert.match(html, /<details><summary>More <em>info<\/em><\/summary><p>Some <strong>markdown<\/strong> inside.<\/p><\/details>/);
    assert.match(html, /<code>&lt;!-- not a comment --&gt;<\/code>/);
    assert.match(html, /(?:&lt;|&#x3C;)!-- kept in code (?:--&gt;|-->)/);

    const withImport = await compile("import Tabs from '@theme/Tabs';\n\n<Tabs />\n", 'docs/tabs.mdx');
    assert.match(withImport.code, /import Tabs from ['"]@theme\/Tabs['"]/);
    assert.match(withImport.code, /export default function MDXContent\(props/);
  });

  it('leaves inline code and images alone', async () => {
    const { html } = await compileAndRender('Use `npm i` here ![Logo](/img/logo.png).');
    assert.match(html, /<code>npm i<\/code>/);
    assert.match(html, /<img src="\/img\/logo.png" alt="Logo"\/>/);
  });
});
