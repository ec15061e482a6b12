/**
 * A build's caches belong to the site, not to the folder the command runs in: CI, a script and a
 * maintainer may each run `docsite build <site>` from elsewhere, and the second must reuse what the
 * first made. Pages made from generated code (the search page, the 404 page) once resolved their
 * imports from the working folder, which named the modules pages share differently from one folder
 * to the next: the shared bundle was made again and every page rendered again.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { copyFixture, readOut, runCli } from '../support/helpers';

test('a build run from another folder reuses the shared bundle and every rendered page', () => {
  const site = copyFixture('basic-site');
  // The root folder sorts before any other path, and the second folder after it: each would win the
  // name of a module two pages import, were the working folder part of it.
  const first = runCli(['build', site], path.parse(site).root);
  assert.equal(first.status, 0, first.stderr);
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'docsite-cwd-'));
  const again = runCli(['build', site], elsewhere);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /no input changed since the last build: its output was reused/);

  // An edit from a third folder renders the edited page alone.
  const intro = path.join(site, 'content', 'docs', 'intro.md');
  writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nA sentence added from another folder.\n`);
  const edited = runCli(['build', site], mkdtempSync(path.join(os.tmpdir(), 'docsite-cwd-')));
  assert.equal(edited.status, 0, edited.stderr);
  assert.match(edited.stdout, /pages: 1 rendered, \d+ from cache/);
  assert.match(readOut(site, 'docs/intro/index.html'), /A sentence added from another folder\./);
});
