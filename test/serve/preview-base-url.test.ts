/**
 * A site with a base URL other than `/`, built and previewed over real HTTP: the output folder is
 * what a host serves at the base URL (pages, assets and static files side by side, as Docusaurus
 * writes them), and `docsite preview` serves it there, so every file a page asks for is found.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { copyFixture, fetchWithin, previewBuild, runCli } from '../support/helpers';

describe('a site built for the base URL /guide/', () => {
  let site: string;
  let preview: Awaited<ReturnType<typeof previewBuild>>;

  before(async () => {
    site = copyFixture('basic-site');
    const config = path.join(site, 'site.config.ts');
    // The fixture's own links are written from the root; under another base URL they are left unchecked.
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("baseUrl: '/',", "baseUrl: '/guide/',").replace("onBrokenLinks: 'throw',", "onBrokenLinks: 'ignore',"),
    );
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    preview = await previewBuild(path.join(site, 'build'));
  });

  after(() => preview?.server.close());

  test('writes its pages at the root of the output, beside the assets, with no folder named after the base URL', () => {
    const out = path.join(site, 'build');
    for (const file of ['index.html', 'docs/intro/index.html', 'about/index.html', '404.html', 'sw.js', '_docsite/routes.json'])
      assert.ok(existsSync(path.join(out, file)), file);
    assert.ok(!existsSync(path.join(out, 'guide')), 'no guide/ folder');
    assert.match(readFileSync(path.join(out, 'docs/intro/index.html'), 'utf8'), /href="\/guide\/assets\/styles-\w+\.css"/);
  });

  test('preview serves it at /guide/: each page and every file it links to under the base URL answers 200', async () => {
    for (const route of ['/guide/', '/guide/docs/intro', '/guide/about']) {
      const response = await fetchWithin(preview.base + route);
      assert.equal(response.status, 200, route);
      const html = await response.text();
      const files = [...html.matchAll(/(?:href|src)="(\/guide\/[^"]+\.(?:css|js|svg|json))"/g)].map((match) => match[1]!);
      assert.ok(files.some((file) => file.endsWith('.css')) && files.some((file) => file.endsWith('.js')), `${route} links a stylesheet and scripts`);
      for (const file of files) assert.equal((await fetchWithin(preview.base + file)).status, 200, `${file}, linked from ${route}`);
    }
  });

  test('preview sends /guide to /guide/, and a path outside the base URL gets the 404 page', async () => {
    const bare = await fetchWithin(`${preview.base}/guide`, { redirect: 'manual' });
    assert.equal(bare.status, 301);
    assert.equal(new URL(bare.headers.get('location')!, preview.base).pathname, '/guide/');
    const outside = await fetchWithin(`${preview.base}/docs/intro`);
    assert.equal(outside.status, 404);
    assert.match(await outside.text(), /Page Not Found/);
  });
});
