/** Test helpers: copy a fixture site to a temporary folder and run the real CLI on it. */
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const cliPath = path.join(repoRoot, 'bin', 'docsite.js');

export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `docsite-${name}-`));
  cpSync(path.join(repoRoot, 'test', 'fixtures', name), dir, { recursive: true, filter: (src) => !/[/\\](build|\.docsite)([/\\]|$)/.test(src) });
  return dir;
}

export function runCli(args: string[], cwd = repoRoot): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cliPath, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
}

export function readOut(siteDir: string, file: string, outDir = 'build'): string {
  return readFileSync(path.join(siteDir, outDir, file), 'utf8');
}

/** Starts `docsite serve` (this repository's, or the command at `cli`) on a free port of 127.0.0.1; resolves once it prints its address. */
export function startServe(siteDir: string, cli = cliPath): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, 'serve', siteDir, '--port', '0', '--host', '127.0.0.1'], { env: { ...process.env, NO_COLOR: '1' } });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ base: match[1]!, child });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}
