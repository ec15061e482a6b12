/**
 * `docsite serve` and a page whose code never ends: the page is rendered off the server's own
 * thread under the time limit, so its request gets a TIME_LIMIT error naming the page (and open tabs
 * get it in their overlay), other pages still answer, and the page renders again once it is fixed.
 * The real CLI on a small site, with the limit lowered by DOCSITE_TIME_LIMIT; every request has a
 * timeout, so a frozen server fails the test instead of stalling it.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openEvents, startServe, stopProcess } from '../helpers';

/** The limit in seconds, and how long a request may take before the server counts as frozen. */
const LIMIT = 2;
const REQUEST_MS = 20_000;

function write(site: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
  writeFileSync(path.join(site, file), text);
}

async function get(base: string, pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(REQUEST_MS) });
  return { status: response.status, body: await response.text() };
}

/** Asks for `pathname` until `done` holds of the answer, or fails after `timeoutMs`. */
async function getUntil(base: string, pathname: string, done: (reply: { status: number; body: string }) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await get(base, pathname);
    if (done(reply)) return reply;
    if (Date.now() > deadline) assert.fail(`${pathname} still answered ${reply.status} after ${timeoutMs / 1000} s:\n${reply.body.slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('serve: a page whose code never ends', () => {
  let site: string;
  let child: ChildProcess | undefined;
  let base: string;
  let output: () => string;

  before(async () => {
    site = mkdtempSync(path.join(os.tmpdir(), 'docsite-serve-limits-'));
    write(site, 'content/docs/intro.md', '---\ntitle: Intro\n---\n# Intro\n\nHello from intro.\n');
    write(site, 'content/docs/spin.mdx', '---\ntitle: Spin\n---\n# Spin\n\nStill calm.\n');
    // The CLI the helper spawns inherits this process's environment.
    process.env.DOCSITE_TIME_LIMIT = String(LIMIT);
    ({ base, child, output } = await startServe(site));
  });
  after(async () => {
    await stopProcess(child);
    delete process.env.DOCSITE_TIME_LIMIT;
  });

  test('the request gets a TIME_LIMIT error naming the page, other pages still answer, and the fixed page renders', async () => {
    await getUntil(base, '/docs/spin', (reply) => reply.status === 200 && reply.body.includes('Still calm.'));
    const events = await openEvents(base);
    try {
      write(site, 'content/docs/spin.mdx', '---\ntitle: Spin\n---\n# Spin\n\n{(() => { while (true) {} })()}\n');
      // The page's new version (its render fails) replaces the old one once the update is done.
      const stopped = await getUntil(base, '/docs/spin', (reply) => !reply.body.includes('Still calm.'));
      assert.equal(stopped.status, 500, stopped.body.slice(0, 500));
      assert.match(stopped.body, /content\/docs\/spin\.mdx/);
      assert.match(stopped.body, /docsite stopped rendering this page after 2 s, the time limit per page\./);
      assert.match(stopped.body, /DOCSITE_TIME_LIMIT/);
      assert.match(stopped.body, /id="docsite-error-overlay"/);
      assert.match(output(), /content\/docs\/spin\.mdx: docsite stopped rendering this page after 2 s, the time limit per page\. \[TIME_LIMIT\]/);
      // Open tabs get the error in their overlay.
      const deadline = Date.now() + REQUEST_MS;
      while (!events.events.some((event) => event.event === 'error-report') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const report = events.events.find((event) => event.event === 'error-report');
      assert.ok(report, `no error-report event among ${JSON.stringify(events.events)}`);
      assert.match(report.data, /content\/docs\/spin\.mdx/);
      assert.match(report.data, /time limit per page/);

      const other = await get(base, '/docs/intro');
      assert.equal(other.status, 200);
      assert.match(other.body, /Hello from intro\./);

      write(site, 'content/docs/spin.mdx', '---\ntitle: Spin\n---\n# Spin\n\nCalm again.\n');
      const fixed = await getUntil(base, '/docs/spin', (reply) => reply.body.includes('Calm again.'));
      assert.equal(fixed.status, 200);
      assert.match(fixed.body, /<title>Spin/);
    } finally {
      await events.close();
    }
  });
});
