/**
 * docsite's fingerprints, recorded beside the bundle when it is built: used while the bundle's files
 * are the very ones they were made from, and hashed anew once any of them is written to.
 */
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { bundleFingerprints, FINGERPRINTS_FILE, recordBundleFingerprints } from '../../src/infra/code-fingerprint';

/** A small bundle: the CLI, the worker and a chunk each of them loads, and the define module. */
function bundle(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'docsite-dist-'));
  writeFileSync(path.join(dist, 'cli.js'), 'import "./build-AAAAAAAA.js";\n');
  writeFileSync(path.join(dist, 'build-AAAAAAAA.js'), 'export const build = 1;\n');
  writeFileSync(path.join(dist, 'worker.js'), 'import { x } from "./chunk-BBBBBBBB.js";\n');
  writeFileSync(path.join(dist, 'chunk-BBBBBBBB.js'), 'export const x = 1;\n');
  mkdirSync(path.join(dist, 'config'));
  writeFileSync(path.join(dist, 'config', 'define.js'), 'export const define = 1;\n');
  return dist;
}

test('recorded fingerprints are the hashed ones, and are what the bundle reports while it is untouched', () => {
  const dist = bundle();
  const hashed = bundleFingerprints(dist);
  assert.deepEqual(recordBundleFingerprints(dist), hashed);
  // The record is read rather than the files hashed: a record that says otherwise is believed.
  const record = JSON.parse(readFileSync(path.join(dist, FINGERPRINTS_FILE), 'utf8'));
  writeFileSync(path.join(dist, FINGERPRINTS_FILE), JSON.stringify({ ...record, docsite: 'recorded' }));
  assert.equal(bundleFingerprints(dist).docsite, 'recorded');
});

test('a chunk written to after the record is hashed again: the fingerprints of its code change', () => {
  const dist = bundle();
  const before = recordBundleFingerprints(dist);
  appendFileSync(path.join(dist, 'chunk-BBBBBBBB.js'), '// a change to the compiler\n');
  const after = bundleFingerprints(dist);
  assert.notEqual(after.docsite, before.docsite);
  assert.notEqual(after.compiler, before.compiler);
});

test("a chunk only the CLI loads changes docsite's fingerprint, not the compiler's", () => {
  const dist = bundle();
  const before = recordBundleFingerprints(dist);
  appendFileSync(path.join(dist, 'build-AAAAAAAA.js'), '// a change to the build command\n');
  const after = bundleFingerprints(dist);
  assert.notEqual(after.docsite, before.docsite);
  assert.equal(after.compiler, before.compiler);
});

test('a new file in the bundle is not in the record: the fingerprints are hashed again', () => {
  const dist = bundle();
  const before = recordBundleFingerprints(dist);
  writeFileSync(path.join(dist, 'chunk-CCCCCCCC.js'), 'export const y = 2;\n');
  assert.notEqual(bundleFingerprints(dist).docsite, before.docsite);
});
