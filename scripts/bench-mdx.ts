// MDX compile benchmark: ms per typical page for our compiler and for bare @mdx-js/mdx on the same text.
// Usage: npm run bench:mdx
import { createProcessor } from '@mdx-js/mdx';
import { createMdxCompiler } from '../src/mdx';

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

{
  const compiler = createMdxCompiler({ codeThemes: { light: 'github-light', dark: 'dracula' } });
  // The floor: @mdx-js/mdx with no plugins on the same text. Runs interleave with ours so that
  // load from other processes on the machine skews both numbers alike.
  const bare = createProcessor({});
  const withoutFrontMatter = (source: string) => source.replace(/^---[\s\S]*?---\n/, '');
  const words = withoutFrontMatter(typicalPage(0)).split(/\s+/).length;
  const warmup = 30;
  const runs = 150;
  let ours = 0;
  let floor = 0;
  for (let i = 0; i < warmup + runs; i++) {
    const source = typicalPage(1000 + i);
    let started = performance.now();
    const result = await compiler.compile({ source, file: `page-${i}.md` });
    if (i >= warmup) ours += performance.now() - started;
    if (result.toc.length !== 7) throw new Error(`unexpected toc of ${result.toc.length} items`);
    started = performance.now();
    await bare.process(withoutFrontMatter(source));
    if (i >= warmup) floor += performance.now() - started;
  }
  console.log(
    `mdx compile: ${(ours / runs).toFixed(2)} ms/page (${words} words, 2 code blocks, ${runs} runs after warm-up); ` +
      `bare @mdx-js/mdx on the same pages: ${(floor / runs).toFixed(2)} ms/page`,
  );
}
