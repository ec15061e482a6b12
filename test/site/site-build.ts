/**
 * Builds the Lexical site in this repo for the site tests, and serves a build over real HTTP.
 * Test files run in parallel processes, so builds take turns behind a lock folder; each file gets
 * its own output folder, and after the first build the rest restore from docsite's build cache.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createPreviewApp } from '../../src/serve/preview-app';
import { repoRoot, runCli } from '../support/helpers';

const LOCK = path.join(repoRoot, '.docsite', 'test-build.lock');
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Builds the site into a folder of the system's temporary space, one per checkout and test file (an
 * output folder inside the cache folder is refused), and returns its absolute path.
 */
export async function buildLexicalSite(name: string): Promise<string> {
  const checkout = createHash('sha256').update(repoRoot).digest('hex').slice(0, 8);
  const outDir = path.join(os.tmpdir(), `docsite-site-tests-${checkout}`, name);
  await withLock(async () => {
    const result = runCli(['build', '--out-dir', outDir], repoRoot);
    if (result.status !== 0) throw new Error(`docsite build of the Lexical site failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  });
  return outDir;
}

export interface RunningSite {
  base: string;
  close(): Promise<void>;
}

/** Serves a build folder with docsite's preview app on 127.0.0.1 and a free port. */
export async function serveBuild(root: string): Promise<RunningSite> {
  const server: ServerType = serve({ fetch: createPreviewApp(root).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function withLock(work: () => Promise<void>): Promise<void> {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left by a killed run would block every later run; a build never takes this long.
      const held = statSync(LOCK, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
