/** The search block of site.config.ts: local by default, Algolia when configured, and the two missing-key errors at the config's line. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validate } from '../../src/config/load';
import { DocsiteErrorList } from '../../src/core/errors';

const source = (algolia: string) => `export default defineConfig({\n  title: 'Site',\n  search: {\n    algolia: ${algolia},\n  },\n});\n`;

function errorsOf(algolia: Record<string, unknown>, text: string) {
  try {
    validate({ title: 'Site', search: { algolia } }, { displayName: 'site.config.ts', source: text });
  } catch (error) {
    assert.ok(error instanceof DocsiteErrorList);
    return error.errors;
  }
  assert.fail('the config was accepted');
}

describe('search config', () => {
  test('no search block: the embedded index, contextual search on, the search page at search', () => {
    const config = validate({ title: 'Site' }, { displayName: 'site.config.ts', source: '' });
    assert.deepEqual(config.search, { searchPagePath: 'search', placeholder: 'Search docs', contextualSearch: true });
  });

  test('search: false turns search off; a value of another type is named at search', () => {
    assert.equal(validate({ title: 'Site', search: false }, { displayName: 'site.config.ts', source: '' }).search, false);
    assert.throws(
      () => validate({ title: 'Site', search: true }, { displayName: 'site.config.ts', source: '' }),
      (error: unknown) => error instanceof DocsiteErrorList && /Invalid value for "search"/.test(error.errors[0]!.message),
    );
  });

  test("a missing appId or apiKey fails with DocSearch's message at the algolia block's line", () => {
    const [appId] = errorsOf({ apiKey: 'key', indexName: 'site' }, source("{ apiKey: 'key', indexName: 'site' }"));
    assert.match(appId!.message, /`appId` is missing\.$/);
    assert.deepEqual(appId!.loc, { file: 'site.config.ts', line: 4, column: 5 });
    const [apiKey] = errorsOf({ appId: 'APP', indexName: 'site', apiKey: '' }, source("{ appId: 'APP', indexName: 'site', apiKey: '' }"));
    assert.match(apiKey!.message, /`apiKey` is missing\.$/);
  });

  test('Algolia settings are taken as given, hosts must be http(s) URLs', () => {
    const config = validate(
      { title: 'Site', search: { algolia: { appId: 'APP', apiKey: 'key', indexName: 'site', hosts: ['http://127.0.0.1:3000'], insights: true } } },
      { displayName: 'site.config.ts', source: '' },
    );
    assert.ok(config.search);
    assert.deepEqual(config.search.algolia, {
      appId: 'APP',
      apiKey: 'key',
      indexName: 'site',
      hosts: ['http://127.0.0.1:3000'],
      insights: true,
      searchParameters: {},
    });
    assert.equal(errorsOf({ appId: 'APP', apiKey: 'key', indexName: 'site', hosts: ['ftp://x'] }, '').length, 1);
  });
});
