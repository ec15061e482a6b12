/**
 * What `docsite build` writes for the service worker, read from the output folder: the precache list
 * (the runtime, stylesheets, fonts, route manifest and offline page, under the base URL), the offline
 * page, the summary line, the worker that removes itself when the config turns it off, and the
 * worker kept between builds, which must be what a cold build writes.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { CLI_TIMEOUT_MS, cliPath, copyFixture, readOut, runCli } from '../../support/helpers';

function editConfig(site: string, change: (text: string) => string): void {
  const file = path.join(site, 'site.config.ts');
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

const precacheUrls = (worker: string) => [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
/** The revision the worker's precache list gives `url`. */
const revisionOf = (worker: string, url: string) =>
  [...worker.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"[^"]*"\}/g)]
    .map((entry) => JSON.parse(entry[0]) as { url: string; revision: string | null })
    .find((entry) => entry.url === url)?.revision;
/** The id the worker names its caches with. */
const buildIdOf = (worker: string) => /"id":"([0-9a-f]{12})"/.exec(worker)?.[1];

test('a build precaches what pages boot with and its fonts under the base URL, and writes an offline page without scripts', () => {
  const site = copyFixture('basic-site');
  // The fixture's pages link to root paths: under another base URL those links are left unchecked.
  editConfig(site, (text) => text.replace("baseUrl: '/',", "baseUrl: '/guide/',").replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'ignore',"));
  mkdirSync(path.join(site, 'content/static/fonts'), { recursive: true });
  writeFileSync(path.join(site, 'content/static/fonts/body.woff2'), Buffer.from('wOF2 test font bytes'));
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  assert.match(built.stdout, /service worker: precache \d+ files, \d+ KB of a 400 KB budget/);

  const urls = precacheUrls(readOut(site, 'sw.js'));
  const home = readOut(site, 'docs/intro/index.html');
  const runtime = /import\{start\}from"([^"]+)"/.exec(home)![1]!;
  const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(home)![1]!;
  for (const url of [runtime, stylesheet, '/guide/fonts/body.woff2', '/guide/_docsite/routes.json', '/guide/_docsite/offline.html'])
    assert.ok(urls.includes(url), `${url} in ${urls.join(', ')}`);
  assert.ok(urls.every((url) => url.startsWith('/guide/')));

  const offline = readOut(site, '_docsite/offline.html');
  assert.match(offline, /<title>Offline \| Fixture<\/title>/);
  assert.match(offline, /You are offline/);
  assert.match(offline, /Fixture footer/, 'in the site chrome');
  assert.doesNotMatch(offline, /type="module"|modulepreload/);
});

test('serviceWorker: false ships a worker that unregisters itself, and no offline page', () => {
  const site = copyFixture('basic-site');
  editConfig(site, (text) => text.replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'throw',\n  serviceWorker: false,"));
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
  assert.match(built.stdout, /service worker: off/);
  const worker = readOut(site, 'sw.js');
  assert.match(worker, /registration\.unregister\(\)/);
  assert.deepEqual(precacheUrls(worker), []);
  assert.ok(!existsSync(path.join(site, 'build', '_docsite', 'offline.html')));
});

test('sw.js kept from an earlier build is what a cold build writes, after no change, a page edit and a change to what is precached', () => {
  const site = copyFixture('basic-site');
  const cold = (): string => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'docsite-sw-cold-'));
    const built = spawnSync(process.execPath, [cliPath, 'build', site, '--out-dir', path.join(scratch, 'out')], {
      encoding: 'utf8',
      timeout: CLI_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      env: { ...process.env, NO_COLOR: '1', DOCSITE_CACHE_DIR: path.join(scratch, 'cache') },
    });
    assert.equal(built.status, 0, built.stdout + built.stderr);
    return readFileSync(path.join(scratch, 'out', 'sw.js'), 'utf8');
  };
  const build = (): string => {
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    assert.match(built.stdout, /service worker: precache \d+ files/);
    return readOut(site, 'sw.js');
  };
  const first = build();
  assert.ok(readdirSync(path.join(site, '.docsite', 'store', 'service-worker-file')).length === 1, 'sw.js is kept in the store');

  assert.equal(first, cold());
  assert.equal(build(), first, 'nothing changed: the same worker');

  // A page's body changes the route manifest (its chunk's name), which is precached: a new revision
  // and a new build id, written into the worker kept in the store (the same entry as before).
  const kept = readdirSync(path.join(site, '.docsite', 'store', 'service-worker-file'));
  const page = path.join(site, 'content', 'docs', 'intro.md');
  writeFileSync(page, `${readFileSync(page, 'utf8')}\nA sentence added.\n`);
  const edited = build();
  assert.notEqual(edited, first);
  assert.notEqual(revisionOf(edited, '/_docsite/routes.json'), revisionOf(first, '/_docsite/routes.json'));
  assert.notEqual(buildIdOf(edited), buildIdOf(first));
  assert.deepEqual(readdirSync(path.join(site, '.docsite', 'store', 'service-worker-file')), kept, 'a page edit reuses the kept worker');
  assert.equal(edited, cold());

  // A font is precached: a new worker, with the font in its list.
  mkdirSync(path.join(site, 'content/static/fonts'), { recursive: true });
  writeFileSync(path.join(site, 'content/static/fonts/body.woff2'), Buffer.from('wOF2 test font bytes'));
  const withFont = build();
  assert.notEqual(withFont, first);
  assert.ok(precacheUrls(withFont).includes('/fonts/body.woff2'));
  assert.equal(withFont, cold());

  // The same font with other bytes: another revision.
  writeFileSync(path.join(site, 'content/static/fonts/body.woff2'), Buffer.from('wOF2 other font bytes'));
  const changedFont = build();
  assert.notEqual(changedFont, withFont);
  assert.equal(changedFont, cold());
  assert.ok(readdirSync(path.join(site, '.docsite', 'store', 'service-worker-file')).length === 1, 'one sw.js kept, the latest');
});
