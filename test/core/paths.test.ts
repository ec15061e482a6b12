import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyTrailingSlash, docSlug, isInsideFolder, pageRoute, parseDocPath, routeToFile, stripNumberPrefix } from '../../src/core/paths';

test('number prefixes are stripped and give the position; dates and versions are kept', () => {
  assert.deepEqual(stripNumberPrefix('01-intro'), { name: 'intro', position: 1 });
  assert.deepEqual(stripNumberPrefix('10_guides'), { name: 'guides', position: 10 });
  assert.deepEqual(stripNumberPrefix('3. Setup'), { name: 'Setup', position: 3 });
  assert.deepEqual(stripNumberPrefix('2021-11-release'), { name: '2021-11-release' });
  assert.deepEqual(stripNumberPrefix('7.0-notes'), { name: '7.0-notes' });
  assert.deepEqual(stripNumberPrefix('plain'), { name: 'plain' });
});

test('doc paths give folders, base name and position', () => {
  assert.deepEqual(parseDocPath('01-guides/02-advanced/03-deep.mdx'), { dirs: ['guides', 'advanced'], base: 'deep', position: 3 });
  assert.deepEqual(parseDocPath('intro.md'), { dirs: [], base: 'intro', position: undefined });
});

test('slugs follow frontmatter, category indexes and folders', () => {
  assert.equal(docSlug({ dirs: ['guides'], base: 'setup', id: 'guides/setup' }), '/guides/setup');
  assert.equal(docSlug({ dirs: ['react'], base: 'index', id: 'react/index' }), '/react/');
  assert.equal(docSlug({ dirs: ['react'], base: 'README', id: 'react/README' }), '/react/');
  assert.equal(docSlug({ dirs: ['react'], base: 'react', id: 'react/react' }), '/react/');
  assert.equal(docSlug({ dirs: [], base: 'index', id: 'index' }), '/');
  assert.equal(docSlug({ dirs: ['guides'], base: 'setup', frontMatterSlug: '/start', id: 'guides/setup' }), '/start');
  assert.equal(docSlug({ dirs: ['guides'], base: 'setup', frontMatterSlug: 'begin', id: 'guides/setup' }), '/guides/begin');
  assert.equal(docSlug({ dirs: ['guides'], base: 'setup', id: 'guides/custom-id' }), '/guides/custom-id');
});

test('routes map to output files and page files to routes', () => {
  assert.equal(routeToFile('/docs/intro'), 'docs/intro/index.html');
  assert.equal(routeToFile('/docs/react/'), 'docs/react/index.html');
  assert.equal(routeToFile('/'), 'index.html');
  assert.equal(routeToFile('/404.html'), '404.html');
  assert.equal(pageRoute('index.tsx'), '/');
  assert.equal(pageRoute('community/index.tsx'), '/community/');
  assert.equal(pageRoute('markdown-page.md'), '/markdown-page');
});

test('trailingSlash: true adds the slash, false removes it; unset, the route stays as written', () => {
  const on = { trailingSlash: true, baseUrl: '/base/' };
  const off = { trailingSlash: false, baseUrl: '/base/' };
  assert.equal(applyTrailingSlash('/base/docs/intro', on), '/base/docs/intro/');
  assert.equal(applyTrailingSlash('/base/docs/intro?tab=npm#install', on), '/base/docs/intro/?tab=npm#install');
  assert.equal(applyTrailingSlash('/base/docs/guides/', off), '/base/docs/guides');
  assert.equal(applyTrailingSlash('/base/docs/guides/#top', off), '/base/docs/guides#top');
  // The base URL and the root keep their slash; a hash alone and a file's path are left as they are.
  assert.equal(applyTrailingSlash('/base/', off), '/base/');
  assert.equal(applyTrailingSlash('/', off), '/');
  assert.equal(applyTrailingSlash('#top', on), '#top');
  assert.equal(applyTrailingSlash('/base/blog/rss.xml', on), '/base/blog/rss.xml');
  assert.equal(applyTrailingSlash('/base/docs/1.2', on), '/base/docs/1.2/');
  assert.equal(applyTrailingSlash('/base/docs/intro', { baseUrl: '/base/' }), '/base/docs/intro');
  assert.equal(applyTrailingSlash('/base/docs/guides/', undefined), '/base/docs/guides/');
});

test('trailingSlash: false writes a route without its slash as a file of its own name', () => {
  assert.equal(routeToFile('/docs/intro', false), 'docs/intro.html');
  assert.equal(routeToFile('/docs/intro', true), 'docs/intro/index.html');
  assert.equal(routeToFile('/', false), 'index.html');
  assert.equal(routeToFile('/base/', false), 'base/index.html');
  assert.equal(routeToFile('/404.html', false), '404.html');
});

test('a path may mean itself or the route without index.html or .html', async () => {
  const { routeCandidates } = await import('../../src/shared/route-candidates');
  assert.deepEqual(routeCandidates('/docs/intro'), ['/docs/intro']);
  assert.deepEqual(routeCandidates('/docs/intro.html'), ['/docs/intro.html', '/docs/intro']);
  assert.deepEqual(routeCandidates('/docs/intro/index.html'), ['/docs/intro/index.html', '/docs/intro/']);
  assert.deepEqual(routeCandidates('/index.html'), ['/index.html', '/']);
});

test('isInsideFolder: strictly inside, not a sibling sharing a prefix, not the folder itself', () => {
  assert.equal(isInsideFolder('/site', '/site/content/a.md'), true);
  assert.equal(isInsideFolder('/site', '/site'), false);
  assert.equal(isInsideFolder('/site', '/site-other/a.md'), false);
  assert.equal(isInsideFolder('/site', '/etc/passwd'), false);
  assert.equal(isInsideFolder('/site', '/site/..data/a.md'), true);
  assert.equal(isInsideFolder('/', '/etc'), true);
});
