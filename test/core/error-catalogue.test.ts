import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ERROR_CATALOGUE } from '../../src/core/error-catalogue';
import { DocsiteError } from '../../src/core/errors';
import { repoRoot } from '../support/helpers';

// That every code thrown is catalogued is checked by the compiler: DocsiteError's code has the catalogue's type.
test('every catalogued code is thrown somewhere, and each entry has a title and a hint', () => {
  const sources = readdirSync(path.join(repoRoot, 'src'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') || file.endsWith('.tsx'))
    .filter((file) => !file.endsWith('error-catalogue.ts'))
    .map((file) => readFileSync(path.join(repoRoot, 'src', file), 'utf8'))
    .join('\n');
  const used = new Set([...sources.matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!));
  const unused = Object.keys(ERROR_CATALOGUE).filter((code) => !used.has(code));
  assert.deepEqual(unused, [], 'codes nothing throws');
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
    assert.ok(entry.title.length > 10 && !entry.title.endsWith('.'), `${code}: a title, without a full stop`);
    assert.match(entry.hint, /\.$/, `${code}: a hint is a sentence`);
  }
});

test("an error without a hint of its own carries the catalogue's", () => {
  const error = new DocsiteError({ code: 'PREVIEW_NO_BUILD', message: 'There is no build in /x.' });
  assert.equal(error.hint, 'Run `docsite build` first.');
  const precise = new DocsiteError({ code: 'PREVIEW_NO_BUILD', message: 'There is no build in /x.', hint: 'Run `docsite build site` first.' });
  assert.equal(precise.hint, 'Run `docsite build site` first.');
});
