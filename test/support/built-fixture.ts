/**
 * A fixture site built once and shared by the tests of a file that only read its output, and copies
 * of it for the tests that change the site: a copy keeps the built output and docsite's store
 * (.docsite), so the test's next build starts warm, as a reader's second build does.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyFixture, runCli } from './helpers';

/** Builds a site folder in place; a failed build fails the test with what the CLI printed. */
export function buildSite(dir: string, args: string[] = []): void {
  const built = runCli(['build', dir, ...args]);
  assert.equal(built.status, 0, built.stdout + built.stderr);
}

const built = new Map<string, string>();

/**
 * The fixture `name`, copied to a temporary folder, changed by `edit` and built, once per process
 * and `key`: later calls with the same name and key return the same folder. Callers must not change it.
 */
export function builtFixture(name: string, key = '', edit?: (dir: string) => void): string {
  const id = `${name}\0${key}`;
  let dir = built.get(id);
  if (!dir) {
    dir = copyFixture(name);
    edit?.(dir);
    buildSite(dir);
    built.set(id, dir);
  }
  return dir;
}

/** A copy of a built site folder, its output and store kept with their times, for a test to change and build again. */
export function copyBuiltSite(dir: string): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), `${path.basename(dir)}-copy-`));
  cpSync(dir, copy, { recursive: true, preserveTimestamps: true });
  return copy;
}

/**
 * One copy of the fixture `name` (changed by `edit` when given), and a function that builds it with
 * its config as `configure` rewrites the fixture's (unchanged when not given) into an output folder of
 * its own, and returns that folder. The builds share the copy's .docsite store, so only the first is
 * cold; each output is what a build of that config writes.
 */
export function configBuilds(name: string, edit?: (dir: string) => void): (configure?: (config: string) => string) => string {
  const site = copyFixture(name);
  edit?.(site);
  const configFile = path.join(site, 'site.config.ts');
  const original = readFileSync(configFile, 'utf8');
  return (configure = (config) => config) => {
    writeFileSync(configFile, configure(original));
    const outDir = mkdtempSync(path.join(os.tmpdir(), `docsite-${name}-build-`));
    buildSite(site, ['--out-dir', outDir]);
    return outDir;
  };
}
