/** Prints (does not assert) the compile time of a typical page, so regressions show in the test log. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createProcessor } from '@mdx-js/mdx';
import { createMdxCompiler } from '../../src/mdx';

function typicalPage(n: number): string {
  const paragraph =
    'The editor keeps its state in an immutable tree, and every update runs inside a transaction that ' +
    'batches changes, so listeners see one consistent snapshot. Read [the guide](./guide.md#state) or ' +
    'the [API reference](https://example.com/api) for details; plugins register `commands` with a priority.';
  const section = (title: string) => `## ${title}\n\n${paragraph}\n\n${paragraph}\n\n- one **item**\n- two _items_\n\n`;
  return [
    '---',
    `title: Page ${n}`,
    '---',
    `# Page ${n}`,
    '',
    section('Overview'),
    '```ts title="editor.ts" {2}',
    `import { createEditor } from 'lexical';`,
    `const editor = createEditor({ namespace: 'Page${n}', onError: console.error });`,
    'editor.update(() => {',
    '  // highlight-next-line',
    '  const root = $getRoot();',
    '  root.append($createParagraphNode());',
    '});',
    '```',
    '',
    section('Updates'),
    ':::tip[Batching]',
    paragraph,
    ':::',
    '',
    section('Listeners'),
    '```bash',
    `npm install lexical@0.${n}.0 @lexical/react`,
    'npm run build && npm test',
    '```',
    '',
    '| Option | Default |',
    '| --- | --- |',
    '| `namespace` | `""` |',
    '',
    section('Next steps'),
    section('Troubleshooting'),
    section('Performance'),
    section('Migration'),
  ].join('\n');
}

it('compiles a ~750-word page with two code blocks quickly', async () => {
  const compiler = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' } });
  const words = typicalPage(0).split(/\s+/).length;
  for (let i = 0; i < 20; i++) await compiler.compile({ source: typicalPage(i), file: `warmup-${i}.md` });
  const runs = 100;
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    const result = await compiler.compile({ source: typicalPage(1000 + i), file: `page-${i}.md` });
    assert.equal(result.toc.length, 7);
  }
  const perPage = (performance.now() - started) / runs;

  // The floor: @mdx-js/mdx with no plugins on the same pages (code blocks left unhighlighted).
  const bare = createProcessor({});
  for (let i = 0; i < 20; i++) await bare.process(typicalPage(i).replace(/^---[\s\S]*?---\n/, ''));
  const bareStarted = performance.now();
  for (let i = 0; i < runs; i++) await bare.process(typicalPage(1000 + i).replace(/^---[\s\S]*?---\n/, ''));
  const barePerPage = (performance.now() - bareStarted) / runs;
  console.log(
    `mdx compile: ${perPage.toFixed(2)} ms/page (${words} words, 2 code blocks, ${runs} runs after warm-up); ` +
      `bare @mdx-js/mdx on the same pages: ${barePerPage.toFixed(2)} ms/page`,
  );
});
