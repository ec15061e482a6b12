/** Test helpers: copy a fixture site to a temporary folder and run the real CLI on it. */
import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
