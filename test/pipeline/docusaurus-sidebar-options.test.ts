/**
 * The docs sidebar's options as a Docusaurus config gives them, on a small Docusaurus site
 * (test/fixtures/docusaurus-slashes): `themeConfig.docs.sidebar.hideable` (off unless asked, as under
 * Docusaurus), the docs plugin's `sidebarCollapsed`, `sidebarCollapsible` and `breadcrumbs`, and the
 * blog's `showReadingTime`, in the built HTML.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { all, byClass, parseChecked, text, type Doc, type El } from '../support/dom';
import { copyFixture, readOut, runCli } from '../support/helpers';

/** The fixture built, its config's text edited by `edit` when given; its folder. */
function buildWith(edit?: (config: string) => string): string {
  const site = copyFixture('docusaurus-slashes');
  const file = path.join(site, 'docusaurus.config.js');
  if (edit) {
    const before = readFileSync(file, 'utf8');
    const after = edit(before);
    assert.notEqual(after, before, 'the edit changed the config');
    writeFileSync(file, after);
  }
  const built = runCli(['build', site]);
  assert.equal(built.status, 0, built.stderr);
  return site;
}

const intro = (site: string): Doc => parseChecked(readOut(site, 'docs/intro/index.html'));
const category = (doc: Doc, label: string): El => {
  const found = byClass(doc, 'theme-doc-sidebar-item-category').find((item) => text(byClass(item, 'menu__label')[0]!) === label);
  assert.ok(found, `a category ${label}`);
  return found;
};
const collapsed = (item: El) => /\bmenu__list-item--collapsed\b/.test(item.attribs.class ?? '');
const hideButtons = (doc: Doc) => byClass(doc, 'doc-sidebar__collapse').length;
const setup = (site: string): Doc => parseChecked(readOut(site, 'docs/guides/setup/index.html'));
const readingTimes = (site: string) => byClass(parseChecked(readOut(site, 'blog/index.html')), 'blog-meta__reading-time').length;
const toggles = (item: El) => all(item, (el) => el.name === 'button' && el.attribs['aria-expanded'] !== undefined).length;

describe('a Docusaurus docs sidebar with no sidebar options', () => {
  let site: string;
  before(() => (site = buildWith()));

  test('has no button that hides it, and its categories start collapsed with a toggle, as under Docusaurus', () => {
    const doc = intro(site);
    assert.equal(hideButtons(doc), 0);
    assert.ok(collapsed(category(doc, 'More')));
    assert.equal(toggles(category(doc, 'More')), 1);
  });

  test('a doc shows its breadcrumbs, and a post its reading time', () => {
    assert.equal(byClass(setup(site), 'breadcrumbs').length, 1);
    assert.equal(readingTimes(site), 1);
  });
});

describe('themeConfig.docs.sidebar.hideable and sidebarCollapsed: false', () => {
  let site: string;
  before(
    () =>
      (site = buildWith((config) =>
        config
          .replace('themeConfig: {\n', 'themeConfig: {\n    docs: { sidebar: { hideable: true, autoCollapseCategories: true } },\n')
          .replace(
            "docs: { sidebarPath: require.resolve('./sidebars.js') }",
            "docs: { sidebarPath: require.resolve('./sidebars.js'), sidebarCollapsed: false }",
          ),
      )),
  );

  test('the sidebar has the button that hides it; a category that does not say starts open, and can still be closed', () => {
    const doc = intro(site);
    assert.equal(hideButtons(doc), 1);
    assert.ok(!collapsed(category(doc, 'More')));
    assert.equal(toggles(category(doc, 'More')), 1);
  });
});

describe('sidebarCollapsible, breadcrumbs and showReadingTime: false', () => {
  let site: string;
  before(
    () =>
      (site = buildWith((config) =>
        config
          .replace(
            "docs: { sidebarPath: require.resolve('./sidebars.js') }",
            "docs: { sidebarPath: require.resolve('./sidebars.js'), sidebarCollapsible: false, breadcrumbs: false }",
          )
          .replace('blog: { postsPerPage: 1 }', 'blog: { postsPerPage: 1, showReadingTime: false }'),
      )),
  );

  test('categories are always open and have no toggle', () => {
    const doc = intro(site);
    for (const label of ['Guides', 'More']) {
      assert.ok(!collapsed(category(doc, label)), label);
      assert.equal(toggles(category(doc, label)), 0, label);
    }
  });

  test('a doc shows no breadcrumbs, and a post no reading time', () => {
    assert.equal(byClass(setup(site), 'breadcrumbs').length, 0);
    assert.equal(readingTimes(site), 0);
    // The date line keeps its date.
    assert.equal(byClass(parseChecked(readOut(site, 'blog/index.html')), 'blog-meta').length, 1);
  });
});
