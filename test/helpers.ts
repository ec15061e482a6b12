/** Test helpers: copy a fixture site to a temporary folder and run the real CLI on it. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
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
