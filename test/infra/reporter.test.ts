/** The stage reporter's redraws, and errors as GitHub Actions workflow commands. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { createReporter } from '../../src/infra/reporter';
import { DocsiteError, formatWorkflowCommand } from '../../src/core/errors';

/** A stream that says it is a terminal, keeping each write. */
function terminal(isTTY = true): { stream: NodeJS.WriteStream; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  Object.assign(stream, { isTTY, columns: 100 });
  return { stream, writes };
}

/** The text without its colours: picocolors colours output whenever CI is set, terminal or not. */
const uncoloured = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stage reporter', () => {
  test('a thousand items done at once redraw the bar once, when the last is done', async () => {
    const { stream, writes } = terminal();
    const reporter = createReporter({ stream, env: {} });
    await reporter.stage('render', async (progress) => {
      progress.start(1000, 'pages');
      for (let i = 0; i < 1000; i++) progress.advance();
    });
    const bars = writes.filter((text) => text.includes('/1000 pages'));
    assert.deepEqual(
      bars.map((text) => /(\d+)\/1000/.exec(text)![1]),
      ['0', '1000'],
    );
    assert.match(uncoloured(writes.at(-1)!), /^\r\x1b\[2K.*✔.* render .*1000 pages.* \d+ ms.*\n$/);
  });

  test('items done over a second redraw the bar at most ten times a second, not once per item', async () => {
    const { stream, writes } = terminal();
    const reporter = createReporter({ stream, env: {} });
    const started = performance.now();
    await reporter.stage('compile', async (progress) => {
      progress.start(200, 'pages');
      for (let i = 0; i < 200; i++) {
        progress.advance();
        await sleep(5);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const bars = writes.filter((text) => text.includes('/200 pages'));
    // One draw when the count is known, one every 100 ms at most, one when the last item is done.
    assert.ok(bars.length >= 3, `${bars.length} draws`);
    assert.ok(bars.length <= 2 + Math.ceil(seconds * 10), `${bars.length} draws in ${seconds.toFixed(2)} s`);
  });

  test('in CI a terminal gets the stage line alone; a stream that is no terminal gets nothing', async () => {
    const ci = terminal();
    const pipe = terminal(false);
    for (const [stream, env] of [
      [ci.stream, { CI: 'true' }],
      [pipe.stream, {}],
    ] as const) {
      await createReporter({ stream, env }).stage('compile', async (progress) => {
        progress.start(3, 'pages');
        progress.advance(3);
      });
    }
    assert.equal(ci.writes.length, 1);
    assert.match(uncoloured(ci.writes[0]!), /^[^\r]*✔.* compile .*3 pages.* \d+ ms.*\n$/);
    assert.doesNotMatch(ci.writes[0]!, /\x1b\[2K/);
    assert.deepEqual(pipe.writes, []);
  });
});

describe('workflow commands', () => {
  test('a located error, escaped as GitHub documents', () => {
    const error = new DocsiteError({
      code: 'BROKEN_LINK',
      message: 'Link to "100%" broken\r\nsecond\x1b line',
      hint: 'Fix it.',
      loc: { file: 'docs/a,b:c.md', line: 3, column: 7 },
    });
    assert.equal(
      formatWorkflowCommand('error', error),
      '::error file=docs/a%2Cb%3Ac.md,line=3,col=7::Link to "100%25" broken%0D%0Asecond\\x1b line [BROKEN_LINK]%0AHint: Fix it.',
    );
  });

  test('a warning, a location without line, and no location', () => {
    const warning = new DocsiteError({ code: 'BROKEN_ANCHOR', message: 'No anchor.', hint: 'Add it.', loc: { file: 'docs/a.md' } });
    assert.equal(formatWorkflowCommand('warning', warning), '::warning file=docs/a.md::No anchor. [BROKEN_ANCHOR]%0AHint: Add it.');
    const nowhere = new DocsiteError({ code: 'BROKEN_ANCHOR', message: 'Somewhere.', hint: 'Look.' });
    assert.equal(formatWorkflowCommand('error', nowhere), '::error::Somewhere. [BROKEN_ANCHOR]%0AHint: Look.');
  });
});
