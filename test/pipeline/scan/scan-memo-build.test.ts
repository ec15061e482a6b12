/**
 * The scan's memo through `docsite build`: an edit the file's stat can barely tell apart (the same
 * size, the modification time put back to the same second) still reaches the next build's output.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { copyFixture, readOut, runCli } from '../../support/helpers';

const aMinuteAgo = () => new Date(Date.now() - 60_000);

function build(site: string): void {
  const result = runCli(['build', site]);
  assert.equal(result.status, 0, result.stderr);
}

/** Rewrites `file` with `from` replaced by `to`, of the same length, and its modification time put back. */
function sameSize(file: string, from: string, to: string): void {
  assert.equal(from.length, to.length);
  const { mtime } = statSync(file);
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${file} holds ${from}`);
  writeFileSync(file, text.replace(from, to));
  // Back to the modification time it had: only the change time (and perhaps not even that, on a
  // coarse clock) shows the write.
  utimesSync(file, mtime, mtime);
}

test('an edit at the same size and modification time, to a page the last build recorded or one it wrote in the same second, shows in the next build', async () => {
  const site = copyFixture('basic-site');
  const content = path.join(site, 'content');
  for (const entry of [...readdirSync(content, { recursive: true }).map(String), '.']) utimesSync(path.join(content, entry), aMinuteAgo(), aMinuteAgo());
  // Past the memo's window for files changed too recently to be trusted (3 s): the first build records every file.
  await setTimeout(3_100);
  const intro = path.join(content, 'docs/intro.md');
  build(site);
  assert.match(readOut(site, 'docs/intro/index.html'), /Welcome to the fixture/);

  // Recorded by that build (settled long before it): its stamp no longer matches.
  sameSize(intro, 'Welcome to the fixture', 'Welcome to our fixture');
  build(site);
  assert.match(readOut(site, 'docs/intro/index.html'), /Welcome to our fixture/);

  // Written just before that build, and again now with the same modification time: its change time
  // was too recent for that build to record it.
  sameSize(intro, 'Welcome to our fixture', 'Welcome to one fixture');
  build(site);
  assert.match(readOut(site, 'docs/intro/index.html'), /Welcome to one fixture/);
});
