/** Docs versions as Docusaurus settles them: paths, labels, banners, noindex, and the names refused. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocsiteError } from '../../src/core/errors';
import { resolveVersions, versionNameProblem, type VersionsOptions } from '../../src/core/versions';

const options = (extra: Partial<VersionsOptions> = {}): VersionsOptions => ({
  routeBasePath: 'docs',
  baseUrl: '/',
  versions: {},
  includeCurrentVersion: true,
  configName: 'site.config.ts',
  ...extra,
});
const summary = (names: string[], extra?: Partial<VersionsOptions>) =>
  resolveVersions(names, options(extra)).map(
    (version) => `${version.name} ${version.label} ${version.routeBase} ${version.banner}${version.isLast ? ' last' : ''}${version.noIndex ? ' noindex' : ''}`,
  );

test('the newest release is served at the docs root, the docs folder at next, older ones under their names', () => {
  assert.deepEqual(summary(['2.0', '1.0']), ['current Next /docs/next unreleased noindex', '2.0 2.0 /docs none last', '1.0 1.0 /docs/1.0 unmaintained']);
});

test('without versions.json the docs folder is the docs root', () => {
  assert.deepEqual(summary([]), ['current Next /docs none last']);
});

test('lastVersion moves the root; versions newer than it are unreleased', () => {
  assert.deepEqual(summary(['3.0', '2.0', '1.0'], { lastVersion: '2.0' }), [
    'current Next /docs/next unreleased noindex',
    '3.0 3.0 /docs/3.0 unreleased',
    '2.0 2.0 /docs none last',
    '1.0 1.0 /docs/1.0 unmaintained',
  ]);
});

test("a version's label, path, banner and noIndex, onlyIncludeVersions, includeCurrentVersion and the base URL", () => {
  assert.deepEqual(
    summary(['2.0', '1.0'], {
      baseUrl: '/site/',
      versions: { '1.0': { label: '1.x', path: 'one', banner: 'none', noIndex: true }, current: { noIndex: false } },
    }),
    ['current Next /site/docs/next unreleased', '2.0 2.0 /site/docs none last', '1.0 1.x /site/docs/one none noindex'],
  );
  assert.deepEqual(summary(['2.0', '1.0'], { onlyIncludeVersions: ['2.0'] }), ['2.0 2.0 /docs none last']);
  assert.deepEqual(summary(['2.0'], { includeCurrentVersion: false }), ['2.0 2.0 /docs none last']);
});

test('a version the site does not have is an error listing the ones it has', () => {
  for (const extra of [{ lastVersion: '9' }, { onlyIncludeVersions: ['9'] }, { versions: { '9': { label: 'x' } } }]) {
    assert.throws(
      () => resolveVersions(['1.0'], options(extra)),
      (error: unknown) =>
        error instanceof DocsiteError &&
        error.code === 'VERSION_UNKNOWN' &&
        /"9", which does not exist\. Available versions: current, 1\.0\./.test(error.message) &&
        error.loc?.file === 'site.config.ts',
    );
  }
  assert.throws(() => resolveVersions([], options({ includeCurrentVersion: false })), /no docs to build/);
});

test('version names that cannot be folders or URL segments are refused', () => {
  for (const name of ['', ' ', 'current', '.', '..', 'a/b', 'a\\b', 'two words', 'what?', 'x#y', '100%', 'x'.repeat(33)])
    assert.ok(versionNameProblem(name), JSON.stringify(name));
  for (const name of ['1.0', '2.x', 'v3.0.0-beta.1', '2024-05']) assert.equal(versionNameProblem(name), undefined, name);
});
