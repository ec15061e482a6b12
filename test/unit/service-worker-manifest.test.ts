/**
 * The precache list docsite writes into sw.js is the one workbox-build's injectManifest writes, byte
 * for byte, with the options the build used to give it: the same files put in a folder for workbox,
 * and given to injectManifest as they are.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { injectManifest } from '../../src/build/service-worker';

interface WorkboxInject {
  injectManifest(options: Record<string, unknown>): Promise<{ count: number; size: number }>;
}

const HASHED_NAME = /-[A-Z0-9]{8}\.\w+$/;
const byUrl = (a: { url: string }, b: { url: string }) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0);

async function byWorkbox(source: string, files: Map<string, string | Uint8Array>, baseUrl: string): Promise<{ sw: string; count: number; size: number }> {
  const { injectManifest: workbox } = createRequire(import.meta.url)('workbox-build/build/inject-manifest.js') as WorkboxInject;
  const stage = mkdtempSync(path.join(os.tmpdir(), 'docsite-sw-manifest-'));
  try {
    const site = path.join(stage, 'site');
    for (const [file, bytes] of files) {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), bytes);
    }
    writeFileSync(path.join(stage, 'sw-src.js'), source);
    const result = await workbox({
      swSrc: path.join(stage, 'sw-src.js'),
      swDest: path.join(stage, 'sw.js'),
      globDirectory: site,
      globPatterns: ['**/*'],
      modifyURLPrefix: { '': baseUrl },
      dontCacheBustURLsMatching: HASHED_NAME,
      maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
      manifestTransforms: [async (entries: { url: string }[]) => ({ manifest: [...entries].sort(byUrl), warnings: [] })],
    });
    return { sw: readFileSync(path.join(stage, 'sw.js'), 'utf8'), count: result.count, size: result.size };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

test('the precache list written into sw.js is the one workbox-build writes, for hashed and unhashed names, fonts, unicode and dot folders', async () => {
  const files = new Map<string, string | Uint8Array>([
    ['_docsite/routes.json', '{"routes":["/docs/intro/"]}'],
    ['_docsite/offline.html', '<!DOCTYPE html><main>You are offline</main>\n'],
    ['assets/runtime-C3CUAV7O.js', 'export const start = () => 1;\n'],
    ['assets/styles-4UH3IKDG.css', 'body{color:red}'],
    ['assets/chunk-AA7B65XV.js', 'export default 2;'],
    ['fonts/body.woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 255])],
    ['fonts/Überschrift font.woff', Buffer.from('a font with a space and an umlaut in its name')],
    ['.well-known/hidden.woff2', Buffer.from('left out by the glob')],
    ['empty.woff', ''],
  ]);
  const source = 'const list = self.__WB_MANIFEST;\nself.addEventListener("install", () => list);\n';
  for (const baseUrl of ['/', '/guide/']) {
    const ours = injectManifest({ source, files, baseUrl });
    const theirs = await byWorkbox(source, files, baseUrl);
    assert.equal(ours.sw, theirs.sw);
    assert.equal(ours.count, theirs.count);
    assert.equal(ours.size, theirs.size);
    assert.ok(!ours.sw.includes('hidden'), 'a file under a dot folder is not precached');
    assert.match(ours.sw, new RegExp(`"revision":null,"url":"${baseUrl}assets/runtime-C3CUAV7O.js"`));
  }
});

test('a source without the injection point, or with two, is an error', () => {
  const files = new Map([['a.js', 'x']]);
  assert.throws(() => injectManifest({ source: 'no list here', files, baseUrl: '/' }), /0 times, not once/);
  assert.throws(() => injectManifest({ source: 'self.__WB_MANIFEST; self.__WB_MANIFEST', files, baseUrl: '/' }), /2 times, not once/);
});
