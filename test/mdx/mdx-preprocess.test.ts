/** The Markdown-to-MDX text pass: what it rewrites, what it leaves alone, and that positions survive. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { preprocessMarkdown } from '../../src/mdx/preprocess';

describe('preprocessMarkdown', () => {
  it('rewrites comments, heading ids and legacy titles without changing the line count', () => {
    const source = [
      '---',
      'note: <!-- not touched in front matter -->',
      '---',
      '## Title {#my-id}',
      'Text <!-- a {b} c */ d --> end',
      '<!-- multi',
      'line { -->',
      ':::tip   Legacy title  ',
      ':::note[Already] fine',
      ':::warning{title="x"}',
      '> ::::caution Quoted',
    ].join('\r\n');
    const { text } = preprocessMarkdown(source);
    assert.deepEqual(text.split('\r\n'), [
      '---',
      'note: <!-- not touched in front matter -->',
      '---',
      '## Title \\{#my-id\\}',
      'Text {/*  a (b) c *_ d */} end',
      '{/*  multi',
      'line ( */}',
      ':::tip[  Legacy title]',
      ':::note[Already] fine',
      ':::warning{title="x"}',
      '> ::::caution[Quoted]',
    ]);
  });

  it('leaves fenced code, inline code and already escaped ids alone', () => {
    const source = [
      '````md',
      '```js',
      '<!-- inside -->',
      '```',
      '## Inside {#x}',
      '````',
      '~~~',
      ':::tip Inside',
      '~~~',
      'Use `<!-- this -->` or ``a ` <!-- b --> ``',
      '## Done \\{#done}',
      'Paragraph {#not-a-heading}',
    ].join('\n');
    assert.equal(preprocessMarkdown(source).text, source);
  });

  it('maps columns after inserted characters back to the original line', () => {
    const pre = preprocessMarkdown('intro\n## Ab {#id}\n:::tip Hi');
    // `## Ab \{#id\}`: the `{` moved from column 7 to 8, the `}` from 11 to 13.
    assert.equal(pre.originalColumn(2, 8), 7);
    assert.equal(pre.originalColumn(2, 13), 11);
    assert.equal(pre.originalColumn(2, 3), 3);
    assert.equal(pre.originalColumn(3, 11), 10);
    assert.equal(pre.originalColumn(1, 4), 4);
  });
});
