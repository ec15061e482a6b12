/** What an SVG file imported as a component draws: the file after svgo's default preset, as Docusaurus's SVGR gives it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { optimizedSvg } from '../../../src/pipeline/bundle/svg-components';

const drawing = (gradient: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>A drawing</title><!-- made by an editor -->` +
  `<defs><linearGradient id="${gradient}"><stop offset="0"/></linearGradient></defs>` +
  `<g id="Path_40"><rect width="5" height="5" fill="url(#${gradient})"/></g></svg>`;

test('ids nothing refers to go, ids in use keep their names, the title and viewBox stay', async () => {
  const [first, second] = await Promise.all([optimizedSvg(drawing('sky'), 'first.svg'), optimizedSvg(drawing('sea'), 'second.svg')]);
  for (const [svg, gradient] of [
    [first, 'sky'],
    [second, 'sea'],
  ] as const) {
    assert.ok(!svg.includes('Path_40'), svg);
    assert.ok(!svg.includes('made by an editor'), svg);
    assert.match(svg, new RegExp(`id="${gradient}"`));
    assert.match(svg, new RegExp(`url\\(#${gradient}\\)`));
    assert.match(svg, /<title>A drawing<\/title>/);
    assert.match(svg, /viewBox="0 0 10 10"/);
  }
});

test('a file svgo cannot read is drawn as it is', async () => {
  const broken = '<svg viewBox="0 0 1 1"><g></svg>';
  assert.equal(await optimizedSvg(broken, 'broken.svg'), broken);
});
