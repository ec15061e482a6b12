/**
 * The navbar rendered to HTML: the search box where a `{ type: 'search' }` item declares it (its side,
 * its place among the items, its className, kept in the bar when the items move into the drawer), and
 * after the right-hand items when no item declares it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import { all, byClass, hasClass, parseChecked, text, type El } from '../support/dom';
import type { NavbarItem, PageData, SiteData } from '../../src/shared/types';

// theme/ is compiled by tsx with the classic JSX runtime, which needs React as a global.
(globalThis as { React?: typeof React }).React = React;
const { default: Navbar } = await import('../../theme/Navbar');
const { SiteContext } = await import('../../theme/site-context');

/** The navbar as the theme's App renders it: inside the site's context. */
const renderNavbar = (site: SiteData) =>
  renderToString(React.createElement(SiteContext.Provider, { value: site }, React.createElement(Navbar, { site, page })));

const page: PageData = {
  route: '/docs/intro',
  kind: 'doc',
  title: 'Intro',
  headTitle: 'Intro | Site',
  hideTitle: false,
  contentHasTitle: true,
  toc: [],
  breadcrumbs: [],
};

function siteWith(navbar: NavbarItem[]): SiteData {
  return {
    title: 'Site',
    tagline: '',
    url: 'https://site.example.com',
    baseUrl: '/',
    favicon: '',
    navbar,
    footer: { columns: [], copyright: '' },
    locale: { defaultLocale: 'en', locales: ['en'], direction: 'ltr', htmlLang: 'en' },
    manifest: '/_docsite/routes.json',
    search: { provider: 'local', indexName: 'local:/', placeholder: 'Search docs', css: '/_docsite/search/modal.css' },
  };
}

const docs: NavbarItem = { label: 'Docs', href: '/docs/intro', position: 'left' };
const blog: NavbarItem = { label: 'Blog', href: '/blog', position: 'left' };
const github: NavbarItem = { label: 'GitHub', href: 'https://github.com/example', position: 'right', external: true };

/** The children of the navbar side in order, each as its link text or `search`. */
function sideOrder(html: string, side: 'left' | 'right'): string[] {
  const doc = parseChecked(html);
  const container = byClass(doc, `navbar__side--${side}`)[0]!;
  return all(container, (el) => hasClass(el, 'navbar__link') || hasClass(el, 'DocSearch-Button')).map((el: El) =>
    hasClass(el, 'DocSearch-Button') ? 'search' : text(el).trim(),
  );
}

test('a declared search item puts the box on its side, between the items it is declared between, with its className', () => {
  const html = renderNavbar(siteWith([docs, { label: '', href: '', position: 'left', search: true, className: 'my-search' }, blog, github]));
  assert.deepEqual(sideOrder(html, 'left'), ['Docs', 'search', 'Blog']);
  assert.deepEqual(sideOrder(html, 'right'), ['GitHub']);
  const doc = parseChecked(html);
  const box = byClass(doc, 'navbar__search');
  assert.equal(box.length, 1, 'one search box');
  assert.ok(hasClass(box[0]!, 'my-search'), "the item's className");
  // Outside the item lists, which the narrow layout hides: the box stays in the bar.
  assert.ok(!all(doc, (el) => hasClass(el, 'navbar__items')).some((list) => byClass(list, 'DocSearch-Button').length > 0));
  assert.equal(byClass(byClass(doc, 'navbar__extras')[0]!, 'DocSearch-Button').length, 0, 'not in the extras as well');
});

test('a search item on the right comes before the right-hand items declared after it', () => {
  const html = renderNavbar(siteWith([docs, { label: '', href: '', position: 'right', search: true }, github]));
  assert.deepEqual(sideOrder(html, 'right'), ['search', 'GitHub']);
});

test('without a search item the box comes after the right-hand items, in the extras, as before', () => {
  const html = renderNavbar(siteWith([docs, blog, github]));
  assert.deepEqual(sideOrder(html, 'right'), ['GitHub', 'search']);
  const doc = parseChecked(html);
  assert.equal(byClass(byClass(doc, 'navbar__extras')[0]!, 'DocSearch-Button').length, 1);
  assert.equal(byClass(doc, 'navbar__items--right').length, 1);
});
