// The JavaScript a page's first view loads, measured in real Chromium on a finished build: builds
// nothing, serves the folder with `docsite preview`'s app on 127.0.0.1 and prints every script file
// the page requests, its gzip size (zlib level 9 of the bytes served), their count and total.
// Usage: npm run weight -- <build folder> [route ...]   (default route: /docs/concepts/editor-state)
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { chromium } from 'playwright-core';
import { createPreviewApp } from '../src/serve/preview-app';
import { formatPageWeight, measurePageWeight } from './lib/page-weight';

const [folder, ...routes] = process.argv.slice(2);
if (!folder) {
  process.stderr.write('usage: npm run weight -- <build folder> [route ...]\n');
  process.exit(2);
}
const server = serve({ fetch: createPreviewApp(path.resolve(folder)).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const route of routes.length > 0 ? routes : ['/docs/concepts/editor-state']) {
    process.stdout.write(`${formatPageWeight(route, await measurePageWeight(browser, base, route))}\n`);
  }
} finally {
  await browser.close();
  server.close();
}
