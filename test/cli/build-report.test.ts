/** What `docsite build` shows as it runs: a progress bar on a terminal, one line a stage in CI, GitHub Actions annotations. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { cliPath, environment, runCli } from '../support/helpers';

/** A site of `count` docs, with `files` (relative path to text) added. */
function makeSite(count: number, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-report-'));
  mkdirSync(path.join(dir, 'content', 'docs'), { recursive: true });
  for (let i = 1; i <= count; i++)
    writeFileSync(path.join(dir, 'content', 'docs', `page-${i}.md`), `---\ntitle: Page ${i}\n---\n\n# Page ${i}\n\nText of page ${i}.\n`);
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** `docsite build` on a pseudo-terminal (util-linux `script`): its stdout and stderr as the terminal got them. */
function buildOnTerminal(site: string, env: Record<string, string | undefined>): { status: number | null; output: string } {
  const command = [process.execPath, cliPath, 'build', site].map(quote).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    encoding: 'utf8',
    env: environment({ NO_COLOR: '1', FORCE_COLOR: undefined, CI: undefined, GITHUB_ACTIONS: undefined, TERM: 'xterm-256color', ...env }),
  });
  assert.equal(result.error, undefined, 'util-linux script runs');
  return { status: result.status, output: result.stdout };
}

function stagesOf(output: string): string[] {
  const line = /stages: (.*)/.exec(output);
  assert.ok(line, output);
  return line[1]!
    .trim()
    .split(', ')
    .map((stage) => stage.replace(/ \d+ ms$/, ''));
}

describe('build progress', () => {
  test('a terminal gets each counting stage as a bar with done/total, ending with the stage line', () => {
    const { status, output } = buildOnTerminal(makeSite(10), {});
    assert.equal(status, 0, output);
    const pages = Number(/Built (\d+) pages in/.exec(output)?.[1]);
    assert.ok(pages >= 10, output);
    // Redrawn in place: back to the line's start, the line cleared, the bar and the count.
    assert.match(output, /\r\x1b\[2K● compile [█░]{24} 10\/10 pages/);
    assert.match(output, new RegExp(`\\r\\x1b\\[2K● render [█░]{24} ${pages}/${pages} pages`));
    assert.match(output, /\r\x1b\[2K● emit [█░]{24} (\d+)\/\1 files/);
    // The full bar is drawn before the stage's own line replaces it.
    assert.match(output, /● compile █{24} 10\/10 pages\r\x1b\[2K✔ compile 10 pages \d+ ms\r?\n/);
    assert.match(output, new RegExp(`✔ render ${pages} pages \\d+ ms\\r?\\n`));
    assert.match(output, /✔ config \d+ ms\r?\n/);
    assert.match(output, /stages: config \d+ ms, scan \d+ ms, compile \d+ ms/);
  });

  test('a terminal in CI gets one plain line per stage, nothing redrawn', () => {
    const { status, output } = buildOnTerminal(makeSite(10), { CI: 'true' });
    assert.equal(status, 0, output);
    assert.doesNotMatch(output, /\x1b\[2K|●|░/);
    const lines = output.split(/\r?\n/).filter((line) => line.startsWith('✔ '));
    assert.deepEqual(
      lines.map((line) => line.replace(/^✔ (.*?)(?: \d+ (?:pages|files))? \d+ ms$/, '$1')),
      stagesOf(output),
    );
    assert.ok(
      lines.some((line) => /^✔ compile 10 pages \d+ ms$/.test(line)),
      output,
    );
  });

  test('output that is no terminal gets no stage lines and no control sequences', () => {
    const result = runCli(['build', makeSite(10)], undefined, { CI: undefined });
    assert.equal(result.status, 0, result.stderr);
    assert.doesNotMatch(result.stdout + result.stderr, /[\r\x1b]/);
    assert.doesNotMatch(result.stderr, /●|✔/);
    assert.match(result.stdout, /stages: config \d+ ms, scan \d+ ms, compile \d+ ms/);
  });
});

describe('GitHub Actions annotations', () => {
  const page = '---\ntitle: Links\n---\n\nSee [the missing page](./missing.md).\n';
  const expectedError =
    '::error file=content/docs/links.md,line=5,col=5::Markdown link to "./missing.md" does not match any doc or page. [BROKEN_MARKDOWN_LINK]%0AHint: Check the relative path from this file, or link to the route instead (e.g. /docs/intro).';

  const failingSite = () =>
    makeSite(2, { 'site.config.ts': "export default { title: 'Report', onBrokenMarkdownLinks: 'throw' };\n", 'content/docs/links.md': page });

  test('a located error is also printed as a workflow command under GITHUB_ACTIONS=true', () => {
    const result = runCli(['build', failingSite()], undefined, { GITHUB_ACTIONS: 'true' });
    assert.equal(result.status, 1, result.stderr);
    assert.ok(result.stdout.split('\n').includes(expectedError), result.stdout);
    assert.match(
      result.stderr,
      /^error content\/docs\/links\.md:5:5: Markdown link to "\.\/missing\.md" does not match any doc or page\. \[BROKEN_MARKDOWN_LINK\]$/m,
    );
  });

  test("a site in a subfolder of the checkout is annotated at the file's path from the checkout", () => {
    const site = failingSite();
    const workspace = path.dirname(site);
    // Run from elsewhere, with a relative site folder: the annotation still names the file from the checkout.
    const result = runCli(['build', path.relative(os.tmpdir(), site)], os.tmpdir(), { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace });
    assert.equal(result.status, 1, result.stderr);
    const fromCheckout = path.posix.join(path.basename(site), 'content/docs/links.md');
    assert.ok(result.stdout.split('\n').includes(expectedError.replace('file=content/docs/links.md', `file=${fromCheckout}`)), result.stdout);
    // People read the path from the site folder, as before.
    assert.match(result.stderr, /^error content\/docs\/links\.md:5:5: /m);
  });

  test('without GITHUB_ACTIONS there is no workflow command', () => {
    const result = runCli(['build', failingSite()]);
    assert.equal(result.status, 1, result.stderr);
    assert.doesNotMatch(result.stdout + result.stderr, /::/);
    assert.match(result.stderr, /^error content\/docs\/links\.md:5:5: /m);
  });

  test('a warning becomes a ::warning command', () => {
    const site = makeSite(2, {
      'site.config.ts': "export default { title: 'Report', onBrokenMarkdownLinks: 'warn', onBrokenLinks: 'warn' };\n",
      'content/docs/links.md': page,
    });
    const result = runCli(['build', site], undefined, { GITHUB_ACTIONS: 'true' });
    assert.equal(result.status, 0, result.stderr);
    assert.ok(result.stdout.split('\n').includes(expectedError.replace('::error', '::warning')), result.stdout);
    assert.match(result.stderr, /^warning content\/docs\/links\.md:5:5: /m);
  });
});
