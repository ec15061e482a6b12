/**
 * What `docsite build` writes for the service worker, read from the output folder: the precache list
 * (the runtime, stylesheets, fonts, route manifest and offline page, under the base URL), the offline
 * page, the summary line, and the worker that removes itself when the config turns it off.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { copyFixture, readOut, runCli } from '../helpers';

function editConfig(site: string, change: (text: string) => string): void {
  const file = path.join(site, 'site.config.ts');
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

const precacheUrls = (worker: string) => [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);

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
  const home = readOut(site, 'guide/docs/intro/index.html');
  const runtime = /import\{start\}from"([^"]+)"/.exec(home)![1]!;
  const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(home)![1]!;
  for (const url of [runtime, stylesheet, '/guide/fonts/body.woff2', '/guide/_docsite/routes.json', '/guide/_docsite/offline.html']) assert.ok(urls.includes(url), `${url} in ${urls.join(', ')}`);
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
