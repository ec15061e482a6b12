/**
 * `docsite serve` starts watching the site once the first page is sent, so that its walk of every
 * folder does not hold that page up. Edits made before the watch is on are not missed: a page
 * edited, added and deleted right after the first page arrives (before or while the watcher walks
 * the site, whichever comes first) all show once the whole site is ready.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fetchWithin, startServe, stopProcess, until } from '../support/helpers';

const SECTIONS = 4;
const PAGES_PER_SECTION = 40;

const pageText = (section: number, page: number, extra = '') =>
  [
    '---',
    `title: Part ${section}, page ${page}`,
    `sidebar_position: ${page + 1}`,
    '---',
    '',
    `Page ${page} of part ${section} says how the \`editor\` keeps **its state**.`,
    '',
    extra,
  ].join('\n');

function writeSite(dir: string): void {
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "start-edits-site", "private": true }\n');
  for (let section = 0; section < SECTIONS; section++) {
    const folder = path.join(dir, 'content', 'docs', `part-${section}`);
    mkdirSync(folder, { recursive: true });
    for (let page = 0; page < PAGES_PER_SECTION; page++) writeFileSync(path.join(folder, `page-${page}.md`), pageText(section, page));
  }
}

let site = '';
let child: ChildProcess | undefined;

before(() => {
  site = mkdtempSync(path.join(os.tmpdir(), 'docsite-start-edits-'));
  writeSite(site);
});

after(async () => {
  await stopProcess(child);
  rmSync(site, { recursive: true, force: true });
});

test('a page edited, a page added and a page deleted as soon as the first page arrives all show once the site is ready', async () => {
  const started = await startServe(site, undefined, { ready: false });
  child = started.child;
  const { base, output } = started;
  const first = await fetchWithin(`${base}/docs/part-0/page-0`);
  const firstHtml = await first.text();
  assert.equal(first.status, 200);
  assert.ok(firstHtml.includes('Page 0 of part 0'), 'the first page has its text');

  // The first page was read and made before these: only the watcher can bring them in.
  const docs = path.join(site, 'content', 'docs', 'part-0');
  writeFileSync(path.join(docs, 'page-0.md'), pageText(0, 0, 'Edited while the server started.'));
  writeFileSync(path.join(docs, 'page-new.md'), ['---', 'title: Added while starting', '---', '', 'A page added while the server started.'].join('\n'));
  rmSync(path.join(docs, 'page-1.md'));

  const ready = await until(async () => (/^ready \d+ pages/m.test(output()) ? [] : ['not ready yet']), 240_000);
  assert.deepEqual(ready, [], output());
  const problems = await until(async () => {
    const found: string[] = [];
    const edited = await (await fetchWithin(`${base}/docs/part-0/page-0`)).text();
    if (!edited.includes('Edited while the server started.')) found.push('the edit of page-0 is not shown');
    const added = await fetchWithin(`${base}/docs/part-0/page-new`);
    if (added.status !== 200 || !(await added.text()).includes('A page added while the server started.')) found.push(`the added page answers ${added.status}`);
    const deleted = await fetchWithin(`${base}/docs/part-0/page-1`);
    await deleted.arrayBuffer();
    if (deleted.status !== 404) found.push(`the deleted page answers ${deleted.status}`);
    return found;
  }, 120_000);
  assert.deepEqual(problems, [], output());
});
