import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig, validate } from '../../src/config/load';
import { DocsiteError, DocsiteErrorList } from '../../src/core/errors';

test('defaults are filled in', () => {
  const config = validate({ title: 'Site' }, { displayName: 'site.config.ts', source: '' });
  assert.equal(config.baseUrl, '/');
  assert.equal(config.titleDelimiter, '|');
  assert.deepEqual(config.codeThemes, { light: 'github-light', dark: 'dracula' });
  assert.equal(config.docs.tocMaxHeadingLevel, 3);
  assert.equal(config.onBrokenLinks, 'throw');
});

test('an unknown key is rejected with its path, position and the allowed keys', () => {
  const source = "export default {\n  title: 'x',\n  navbar: { items: [{ label: 'Docs', to: '/docs', lable: 'typo' }] },\n};\n";
  assert.throws(
    () => validate({ title: 'x', navbar: { items: [{ label: 'Docs', to: '/docs', lable: 'typo' }] } }, { displayName: 'site.config.ts', source }),
    (error: unknown) => {
      assert.ok(error instanceof DocsiteErrorList);
      const first = error.errors[0]!;
      assert.equal(first.code, 'CONFIG_UNKNOWN_KEY');
      assert.match(first.message, /navbar\.items\[0\]\.lable/);
      assert.match(first.hint ?? '', /label/);
      assert.equal(first.loc?.line, 3);
      return true;
    },
  );
});

test('a wrong type is rejected naming the key', () => {
  assert.throws(
    () => validate({ title: 'x', baseUrl: 'docs' }, { displayName: 'site.config.ts', source: "export default { title: 'x', baseUrl: 'docs' }" }),
    (error: unknown) => error instanceof DocsiteErrorList && /"baseUrl"/.test(error.errors[0]!.message),
  );
  assert.throws(
    () => validate({ title: 42 }, { displayName: 'site.config.ts', source: '' }),
    (error: unknown) => error instanceof DocsiteErrorList && /"title"/.test(error.errors[0]!.message),
  );
});

test('site.config.ts is loaded by bundling it, so it may import TypeScript', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-config-'));
  writeFileSync(path.join(dir, 'shared.ts'), "export const name: string = 'From TS';\n");
  writeFileSync(
    path.join(dir, 'site.config.ts'),
    "import { defineConfig } from 'docsite/config';\nimport { name } from './shared';\nexport default defineConfig({ title: name, url: 'https://example.com' });\n",
  );
  const config = await loadConfig({ siteDir: dir });
  assert.equal(config.site.title, 'From TS');
  assert.equal(config.site.url, 'https://example.com');
  assert.equal(config.outDir, path.join(dir, 'build'));
});

test('a folder without a config builds with defaults', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-noconfig-'));
  const config = await loadConfig({ siteDir: dir });
  assert.equal(config.site.title, path.basename(dir));
  assert.equal(config.configFile, undefined);
});

test('a config with a syntax error names file, line and column', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsite-badconfig-'));
  writeFileSync(path.join(dir, 'site.config.ts'), "export default {\n  title: 'x',,\n};\n");
  await assert.rejects(loadConfig({ siteDir: dir }), (error: unknown) => {
    assert.ok(error instanceof DocsiteError);
    assert.equal(error.loc?.file, 'site.config.ts');
    assert.equal(error.loc?.line, 2);
    return true;
  });
});

test('the service worker is on unless the config turns it off, and a wrong value names its line', () => {
  assert.equal(validate({ title: 'x' }, { displayName: 'site.config.ts', source: '' }).serviceWorker, true);
  assert.equal(validate({ title: 'x', serviceWorker: false }, { displayName: 'site.config.ts', source: '' }).serviceWorker, false);
  const source = "export default {\n  title: 'x',\n  serviceWorker: 'off',\n};\n";
  assert.throws(
    () => validate({ title: 'x', serviceWorker: 'off' }, { displayName: 'site.config.ts', source }),
    (error: unknown) => {
      assert.ok(error instanceof DocsiteErrorList);
      assert.match(error.errors[0]!.message, /serviceWorker/);
      assert.equal(error.errors[0]!.loc?.line, 3);
      return true;
    },
  );
});

test('customFields keeps JSON values and refuses what could not reach the browser', () => {
  const fields = { lexicalVersion: '0.33.1', nested: { list: [1, true, null] } };
  assert.deepEqual(validate({ title: 'x', customFields: fields }, { displayName: 'site.config.ts', source: '' }).customFields, fields);
  assert.deepEqual(validate({ title: 'x' }, { displayName: 'site.config.ts', source: '' }).customFields, {});
  assert.throws(
    () =>
      validate(
        { title: 'x', customFields: { onLoad: () => 1 } },
        { displayName: 'site.config.ts', source: "export default { title: 'x', customFields: { onLoad: () => 1 } }" },
      ),
    (error: unknown) =>
      error instanceof DocsiteErrorList && error.errors[0]!.code === 'CONFIG_INVALID_VALUE' && /"customFields\.onLoad"/.test(error.errors[0]!.message),
  );
});
