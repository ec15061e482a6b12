/**
 * Builds the Lexical site in this repo once for all the site tests, and serves a build over real HTTP.
 * The tests only read the output, so every test file of a run (and, run on their own, later runs) share one build,
 * kept under a digest of everything the build reads (the site's content and config, the built CLI,
 * the theme and runtime sources, the dependencies' lock file): a change to any of them builds anew.
 * Test files run in parallel processes, so the build takes turns behind a lock folder.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import fg from 'fast-glob';
import { createPreviewApp } from '../../src/serve/preview-app';
import { repoRoot, runCli } from '../support/helpers';

const LOCK = path.join(repoRoot, '.docsite', 'test-build.lock');
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Where the shared build is kept: the run's folder under scripts/run-tests.mjs (removed when the run
 * ends); for a file run on its own, the system's temporary folder (which test/support/temp-root.mjs
 * records before it gives each test process one of its own), one folder per checkout, kept for the
 * next such run.
 */
const BUILDS = process.env.DOCSITE_TEST_RUN_DIR
  ? path.join(process.env.DOCSITE_TEST_RUN_DIR, 'lexical-site')
  : path.join(process.env.DOCSITE_TEST_SHARED_TMP ?? os.tmpdir(), `docsite-site-tests-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 8)}`);
/** What the build of the Lexical site reads, relative to the repository. */
const INPUTS = ['site.config.ts', 'package.json', 'package-lock.json', 'bin/**', 'content/**', 'dist/**', 'src/**', 'theme/**'];

/** A digest of the files the build reads, their paths and bytes. */
function inputsDigest(): string {
  const hash = createHash('sha256');
  for (const file of fg.sync(INPUTS, { cwd: repoRoot, dot: true }).sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(repoRoot, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The absolute path of the Lexical site's build for the repository as it is: built on the first call
 * of a run, or taken from an earlier run when nothing the build reads has changed since. Callers must
 * not change it.
 */
export async function buildLexicalSite(): Promise<string> {
  const outDir = path.join(BUILDS, inputsDigest());
  await withLock(async () => {
    if (existsSync(outDir)) return;
    // Built aside and renamed into place, so a build that fails or is killed never passes for a whole one.
    const partial = path.join(BUILDS, 'partial');
    mkdirSync(BUILDS, { recursive: true });
    rmSync(partial, { recursive: true, force: true });
    const result = runCli(['build', '--out-dir', partial], repoRoot);
    if (result.status !== 0) throw new Error(`docsite build of the Lexical site failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    // Only the build for the repository as it is now is kept.
    for (const old of readdirSync(BUILDS)) if (old !== 'partial') rmSync(path.join(BUILDS, old), { recursive: true, force: true });
    renameSync(partial, outDir);
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
  return {
    base,
    // Open keep-alive connections (a browser's) would hold close() until they time out.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as Server).closeAllConnections();
      }),
  };
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
