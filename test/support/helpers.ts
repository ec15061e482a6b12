/** Test helpers: copy a fixture site to a temporary folder and run the real CLI on it. */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { createPreviewApp } from '../../src/serve/preview-app';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = path.join(repoRoot, 'bin', 'docsite.js');

/**
 * Fails unless the file `file` of the output `outDir` shares its bytes with no other path, save the
 * spare emit keeps of the previous output in the cache (`<cacheDir>/emit/*.spare`), at the same path.
 */
export function assertOwnBytes(outDir: string, file: string, cacheDir: string): void {
  const info = lstatSync(path.join(outDir, file));
  if (info.nlink === 1) return;
  const emitDir = path.join(cacheDir, 'emit');
  const spares = existsSync(emitDir) ? readdirSync(emitDir).filter((name) => name.endsWith('.spare')) : [];
  const inSpare = spares.some((spare) => lstatSync(path.join(emitDir, spare, file), { throwIfNoEntry: false })?.ino === info.ino);
  if (info.nlink !== 2 || !inSpare) throw new Error(`${file} shares its bytes with another path (${info.nlink} links${inSpare ? '' : ', none in the spare'})`);
}

export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `docsite-${name}-`));
  cpSync(path.join(repoRoot, 'test', 'fixtures', name), dir, { recursive: true, filter: (src) => !/[/\\](build|\.docsite)([/\\]|$)/.test(src) });
  return dir;
}

/** How long a test lets one run of the CLI take before it is killed: a CLI that hangs fails its test instead of holding the run up. */
export const CLI_TIMEOUT_MS = 180_000;

/**
 * Runs the CLI without colours, and without GitHub Actions' annotations when the suite runs there;
 * `env` adds to the environment, and a variable given as undefined is left out.
 */
export function runCli(args: string[], cwd = repoRoot, env: Record<string, string | undefined> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: CLI_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    env: environment({ NO_COLOR: '1', FORCE_COLOR: '0', GITHUB_ACTIONS: undefined, ...env }),
  });
}

/** The test process's environment with `changes`: a variable given as undefined is left out. */
export function environment(changes: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...changes };
  for (const [name, value] of Object.entries(changes)) if (value === undefined) delete env[name];
  return env;
}

/** How long a test waits for a server it started to answer one request. */
export const ANSWER_TIMEOUT_MS = 60_000;

export interface FetchWithinInit extends RequestInit {
  /** The deadline, in ms; ANSWER_TIMEOUT_MS when not given. */
  timeoutMs?: number;
  /** An event stream: the deadline covers the status and headers only; the caller reads the body and cancels it. */
  stream?: boolean;
}

/**
 * `fetch` with a deadline over the answer and its body: a server that never answers fails the test,
 * naming the URL, instead of holding the run up.
 */
export async function fetchWithin(url: string | URL, init: FetchWithinInit = {}): Promise<Response> {
  const { timeoutMs = ANSWER_TIMEOUT_MS, stream = false, signal, ...rest } = init;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error(`no answer from ${String(url)} within ${timeoutMs} ms`)), timeoutMs).unref();
  try {
    const response = await fetch(url, { ...rest, signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal });
    if (stream) clearTimeout(timer);
    return response;
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes that came over the wire, not decompressed. */
  body: Buffer;
}

/**
 * One request over real HTTP with any headers, `Host` among them (which `fetch` cannot send), on a
 * connection of its own, with a deadline over the answer and its body.
 */
export function requestWithin(url: string | URL, options: { method?: string; headers?: OutgoingHttpHeaders; timeoutMs?: number } = {}): Promise<RawReply> {
  const target = new URL(url);
  const { method = 'GET', headers = {}, timeoutMs = ANSWER_TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    const timer = setTimeout(() => {
      reject(new Error(`no answer to ${method} ${target.pathname} within ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end();
  });
}

/** Every file of an output folder, by its path relative to it with forward slashes, in path order. */
export function outputFiles(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, file);
    if (statSync(full).isFile()) out.set(file.split(path.sep).join('/'), readFileSync(full));
  }
  return out;
}

export function readOut(siteDir: string, file: string, outDir = 'build'): string {
  return readFileSync(path.join(siteDir, outDir, file), 'utf8');
}

/**
 * Starts `docsite serve` (this repository's, or the command at `cli`) on a free port of 127.0.0.1;
 * resolves once it reports the whole site ready (its first update, which ends after it starts
 * listening), or with `{ ready: false }` as soon as it prints its address; on `port` when given. `output()` is what it
 * has printed so far.
 */
export function startServe(
  siteDir: string,
  cli = cliPath,
  options: { ready?: boolean; port?: number; env?: Record<string, string>; args?: string[] } = {},
): Promise<{ base: string; child: ChildProcess; output: () => string }> {
  const waitForReady = options.ready ?? true;
  const child = spawn(process.execPath, [cli, 'serve', siteDir, '--port', String(options.port ?? 0), '--host', '127.0.0.1', ...(options.args ?? [])], {
    env: { ...process.env, NO_COLOR: '1', ...options.env },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let reported = false;
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 60_000);
    // The first update ends with "ready N pages", or with its errors on stderr.
    const check = () => {
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match && (!waitForReady || reported || /^ready \d+ pages/m.test(out))) {
        clearTimeout(timer);
        resolve({ base: match[1]!, child, output: () => out });
      }
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      check();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      reported = true;
      check();
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/**
 * Sends SIGTERM to a server the test started and waits for it to end. One that is still running after
 * a grace period is killed and fails the test: a server that ignores the signal would otherwise hold the test
 * run open.
 */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  child.kill('SIGTERM');
  if (!(await exited)) {
    child.kill('SIGKILL');
    assert.fail(`docsite (pid ${child.pid}) did not exit within 20 s of SIGTERM`);
  }
}

/** The dev server's live-reload stream, read in the background into a list of events. */
export async function openEvents(base: string) {
  const controller = new AbortController();
  const response = await fetchWithin(`${base}/_docsite/events`, { signal: controller.signal, stream: true });
  assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
  const events: { event: string; data: string }[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: [...block.matchAll(/^data: (.*)$/gm)].map((match) => match[1]).join('\n') });
      }
    }
  })();
  return {
    events,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

/** Polls `check` until it reports no problems or the deadline passes; returns the last problems. */
export async function until(check: () => Promise<string[]>, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() > deadline) return problems;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** `docsite preview`'s app over real HTTP on a free port of 127.0.0.1, serving the build folder `root`. */
export async function previewBuild(root: string): Promise<{ base: string; server: ServerType }> {
  const server = serve({ fetch: createPreviewApp(root).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
