/**
 * Docs tags on a Docusaurus site (test/fixtures/docusaurus-instance-versions: tags on the SDK's release
 * 2.0, on its French translation and on the main docs' 1.0): each version's tags list with counts,
 * a page per tag listing its docs but not unlisted ones, the tags at a doc's foot, kebab-cased inline
 * tags and an object tag's own permalink, and no tag pages for a version without tags.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { byClass, byTag, parseChecked, text, type Doc } from '../support/dom';
import { copyFixture, readOut, runCli } from '../support/helpers';

const page = (site: string, route: string): Doc => parseChecked(readOut(site, path.join(route, 'index.html')));
const built = (site: string, route: string) => existsSync(path.join(site, 'build', route, 'index.html'));
const linksIn = (doc: Doc, className: string) => byClass(doc, className).flatMap((el) => byTag(el, 'a').map((a) => [text(a), a.attribs.href!] as const));

describe('docs tags', () => {
  let site: string;
  before(() => {
    site = copyFixture('docusaurus-instance-versions');
    const result = runCli(['build', site]);
    assert.equal(result.status, 0, result.stderr);
  });

  test("a version's tags list names each tag with its number of docs, unlisted docs left out", () => {
    const list = page(site, '/sdk/tags');
    assert.equal(text(byTag(list, 'h1')[0]!), 'Tags');
    const tags = byClass(list, 'blog-tag').map((a) => [text(a), a.attribs.href]);
    assert.deepEqual(tags, [
      ['Client side 1', '/sdk/tags/client-side-calls'],
      ['streaming 1', '/sdk/tags/streaming'],
      ['Web3 2', '/sdk/tags/web-3'],
    ]);
    assert.match(text(byTag(list, 'title')[0]!), /^Tags \| Kiln Manual$/);
  });

  test("a tag's page lists its docs with their titles, descriptions and links, and links to all tags", () => {
    const tag = page(site, '/sdk/tags/web-3');
    assert.equal(text(byTag(tag, 'h1')[0]!), '2 docs tagged with "Web3"');
    const docs = byClass(tag, 'docs-tag-page__doc');
    assert.deepEqual(
      docs.map((el) => [text(byTag(el, 'h2')[0]!), byTag(el, 'a')[0]!.attribs.href]),
      [
        ['Client', '/sdk/api/client'],
        ['SDK overview', '/sdk/overview'],
      ],
    );
    assert.match(text(docs[1]!), /Where the SDK starts\./);
    // The unlisted doc has its page but is on no tag page.
    assert.ok(built(site, 'sdk/api/internals'));
    assert.doesNotMatch(readOut(site, 'sdk/tags/web-3/index.html'), /internals/);
    assert.equal(byClass(tag, 'docs-tag-page__all')[0]!.attribs.href, '/sdk/tags');
    assert.equal(text(byTag(page(site, '/sdk/tags/client-side-calls'), 'h1')[0]!), 'One doc tagged with "Client side"');
  });

  test("a doc shows its tags at its foot, each a link to the tag's page", () => {
    assert.deepEqual(linksIn(page(site, '/sdk/api/client'), 'theme-doc-footer-tags-row'), [
      ['Web3', '/sdk/tags/web-3'],
      ['Client side', '/sdk/tags/client-side-calls'],
    ]);
    assert.match(text(byClass(page(site, '/sdk/api/client'), 'theme-doc-footer-tags-row')[0]!), /^Tags:/);
    assert.deepEqual(byClass(page(site, '/sdk/next/overview'), 'theme-doc-footer-tags-row'), []);
  });

  test('each version and locale has its own tag pages, in its words; a version without tags has none', () => {
    // The main docs' 1.0 is their latest, at /docs; a camelCase label is kebab-cased.
    assert.deepEqual(linksIn(page(site, '/docs/intro'), 'theme-doc-footer-tags-row'), [['firingBasics', '/docs/tags/firing-basics']]);
    assert.ok(built(site, 'docs/tags/firing-basics'));
    for (const route of ['sdk/next/tags', 'sdk/legacy/tags', 'docs/next/tags']) assert.equal(built(site, route), false, route);
    const french = page(site, '/fr/sdk/tags/web-3');
    assert.equal(byTag(french, 'html')[0]!.attribs.lang, 'fr');
    assert.match(text(byTag(french, 'h1')[0]!), /Web3/);
    assert.notEqual(text(byTag(french, 'h1')[0]!), '2 docs tagged with "Web3"');
    assert.ok(byClass(french, 'docs-tag-page__doc').some((el) => byTag(el, 'a')[0]!.attribs.href === '/fr/sdk/overview'));
  });

  test("tag pages are in the sitemap, and out of the search records as the blog's lists are", () => {
    const records = JSON.parse(readOut(site, '_docsite/search/records.json')) as { url: string }[];
    assert.deepEqual(
      records.filter((record) => /\/tags(\/|$)/.test(record.url)),
      [],
    );
    assert.ok(records.some((record) => record.url === 'https://kiln.example.com/sdk/api/client'));
    const sitemap = readOut(site, 'sitemap.xml');
    for (const route of ['/sdk/tags', '/sdk/tags/web-3', '/docs/tags/firing-basics'])
      assert.match(sitemap, new RegExp(`<loc>https://kiln\\.example\\.com${route}</loc>`));
  });
});

test("a docs instance's tagsBasePath moves its tag pages and the links to them", () => {
  const site = copyFixture('docusaurus-instance-versions');
  const file = path.join(site, 'docusaurus.config.js');
  writeFileSync(file, readFileSync(file, 'utf8').replace("routeBasePath: 'sdk',", "routeBasePath: 'sdk',\n        tagsBasePath: 'topics',"));
  const result = runCli(['build', site]);
  assert.equal(result.status, 0, result.stderr);
  assert.ok(built(site, 'sdk/topics/web-3'));
  assert.equal(built(site, 'sdk/tags/web-3'), false);
  assert.ok(built(site, 'docs/tags/firing-basics'));
  assert.deepEqual(linksIn(page(site, '/sdk/overview'), 'theme-doc-footer-tags-row'), [
    ['Web3', '/sdk/topics/web-3'],
    ['streaming', '/sdk/topics/streaming'],
  ]);
});

test('a docs plugin with tags: false (no tags file) builds; a tags file is still reported as unsupported', () => {
  const edited = (option: string) => {
    const site = copyFixture('docusaurus-instance-versions');
    const file = path.join(site, 'docusaurus.config.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace("routeBasePath: 'sdk',", `routeBasePath: 'sdk',\n        ${option},`));
    return { site, result: runCli(['build', site]) };
  };
  const off = edited('tags: false');
  assert.equal(off.result.status, 0, off.result.stderr);
  assert.ok(built(off.site, 'sdk/tags/web-3'));
  const file = edited("tags: 'tags.yml'");
  assert.equal(file.result.status, 1);
  assert.match(file.result.stderr, /plugins\[0\]\.tags: .*tags file/);
});
