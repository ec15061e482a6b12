/**
 * What a page's first view costs in JavaScript: the page opened in real Chromium (service worker
 * blocked, so nothing comes from a cache), every script file it requests until the network is quiet,
 * each with its size as sent and gzipped here (zlib level 9). Chunks of other routes the prefetcher
 * asks for while the reader is idle are listed apart: they are for the next page, not this one.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface ScriptFile {
  /** The URL's path. */
  path: string;
  bytes: number;
  gzip: number;
}

export interface PageWeight {
  /** The scripts of the first view, in the order they were requested. */
  scripts: ScriptFile[];
  /** Other routes' chunks prefetched while idle. */
  prefetched: ScriptFile[];
  gzip: number;
}

const JS = /\.m?js$/;

/** Opens `base` + `route` in a fresh context of `browser` and measures it (see the header). */
export async function measurePageWeight(browser: Browser, base: string, route: string): Promise<PageWeight> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== new URL(base).origin || !JS.test(url.pathname) || bodies.has(url.pathname)) return;
      bodies.set(
        url.pathname,
        response.body().catch(() => undefined),
      );
    });
    const response = await page.goto(new URL(route, base).href, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${route}: HTTP ${response?.status()}`);
    await page.waitForSelector('html[data-docsite-ready]', { state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // The runtime's lazy work and the prefetcher both wait for an idle moment: give them one, then quiet again.
    await page.waitForTimeout(2500);
    await page.waitForLoadState('networkidle');
    const manifest = (await (await context.request.get(new URL('_docsite/routes.json', base).href)).json()) as Record<string, string>;
    const own = new URL(route, base).pathname.replace(/\/$/, '') || '/';
    const otherRoutes = new Set(
      Object.entries(manifest).flatMap(([key, chunk]) => ((key.replace(/\/$/, '') || '/') === own ? [] : [new URL(chunk, base).pathname])),
    );
    const scripts: ScriptFile[] = [];
    const prefetched: ScriptFile[] = [];
    for (const [path, body] of bodies) {
      const bytes = await body;
      if (!bytes) continue;
      const file = { path, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      (otherRoutes.has(path) ? prefetched : scripts).push(file);
    }
    return { scripts, prefetched, gzip: scripts.reduce((sum, file) => sum + file.gzip, 0) };
  } finally {
    await context.close();
  }
}

/** The measurement as a table: one line per file, then the count and the total. */
export function formatPageWeight(route: string, weight: PageWeight): string {
  const kib = (n: number) => (n / 1024).toFixed(1).padStart(7);
  const lines = [`${route}: first view`, '  gzip KiB    raw KiB  file'];
  for (const file of weight.scripts) lines.push(`  ${kib(file.gzip)}    ${kib(file.bytes)}  ${file.path}`);
  lines.push(`  ${kib(weight.gzip)}               total, ${weight.scripts.length} script files (gzip -9 of the bytes served)`);
  if (weight.prefetched.length > 0) {
    const total = weight.prefetched.reduce((sum, file) => sum + file.gzip, 0);
    lines.push(`  not counted: ${weight.prefetched.length} other routes' chunks prefetched while idle, ${kib(total).trim()} KiB gzip`);
  }
  return lines.join('\n');
}
