/** The blog theme: a post page through App, and the list, tags, authors and archive pages, rendered to HTML and parsed. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DomUtils, parseDocument } from 'htmlparser2';
import { all, byClass, byTag, hasClass, parseChecked, text, type Doc, type El } from '../support/dom';
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import type { BlogArchiveView, BlogAuthorsView, BlogListView, BlogPageData, BlogPostMeta, BlogSidebarView, BlogTagsView } from '../../src/shared/blog-views';
import type { PageData, SiteData } from '../../src/shared/types';
import type { ContentComponent, MdxComponentMap } from '../../theme/content-types';

// theme/ is outside tsconfig.json's `include`, so tsx compiles the theme's JSX with the classic runtime
// (`React.createElement` on a global React). Provide that global before the theme is loaded.
(globalThis as { React?: typeof React }).React = React;
const { default: App } = await import('../../theme/App');
const { default: BlogListPage } = await import('../../theme/blog/BlogListPage');
const { default: BlogTagsPage } = await import('../../theme/blog/BlogTagsPage');
const { default: BlogAuthorsPage } = await import('../../theme/blog/BlogAuthorsPage');
const { default: BlogArchivePage } = await import('../../theme/blog/BlogArchivePage');
const { postsCountText, readingTimeText } = await import('../../theme/blog/plurals');
const { pluralForm } = await import('../../src/shared/theme-messages');

// ---------------------------------------------------------------------------------------------
// Helpers over the parsed HTML.
// ---------------------------------------------------------------------------------------------

function one(root: Doc | El, name: string): El {
  const found = byClass(root, name);
  assert.equal(found.length, 1, `exactly one .${name}`);
  return found[0]!;
}

function nav(root: Doc | El, label: string): El {
  const found = all(root, (el) => el.name === 'nav' && el.attribs['aria-label'] === label);
  assert.equal(found.length, 1, `one nav labelled "${label}"`);
  return found[0]!;
}

function links(root: Doc | El): [string, string][] {
  return byTag(root, 'a').map((a) => [text(a), a.attribs.href ?? '']);
}

function contains(outer: El, inner: El): boolean {
  for (let node: El | null = inner; node; node = node.parent as El | null) if (node === outer) return true;
  return false;
}

/** Checks every blog page must pass: those of every page, one h1, alt text on images. */
function assertWellFormed(html: string): Doc {
  const doc = parseChecked(html);
  assert.equal(byTag(doc, 'h1').length, 1, 'exactly one h1');
  for (const img of byTag(doc, 'img')) assert.ok(img.attribs.alt !== undefined, 'images have alt text');
  return doc;
}

/** Heading levels of a page component never skip one (h1 then h3). */
function assertHeadingOrder(doc: Doc): void {
  const levels = all(doc, (el) => /^h[1-6]$/.test(el.name)).map((el) => Number(el.name.slice(1)));
  assert.equal(levels[0], 1, 'the page starts with its h1');
  levels.forEach((level, index) => {
    if (index > 0) assert.ok(level <= levels[index - 1]! + 1, `heading levels do not skip (h${levels[index - 1]} then h${level})`);
  });
}

/** An MDX-like component: a paragraph, or a paragraph and a heading that uses the theme's h2. */
function content(paragraph: string, heading?: { id: string; text: string }): ContentComponent {
  return function Content({ components }: { components?: MdxComponentMap }) {
    const H2 = components?.h2 ?? 'h2';
    return React.createElement(
      React.Fragment,
      null,
      React.createElement('p', null, paragraph),
      heading ? React.createElement(H2, { id: heading.id }, heading.text) : null,
    );
  };
}

// ---------------------------------------------------------------------------------------------
// Data, shaped like what the build hands over.
// ---------------------------------------------------------------------------------------------

const site: SiteData = {
  title: 'Lexical',
  tagline: 'An extensible text editor framework',
  url: 'https://lexical.dev',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  navbar: [{ label: 'Blog', href: '/blog', position: 'left', activeBasePath: '/blog' }],
  footer: { columns: [], copyright: 'Copyright' },
  locale: { defaultLocale: 'en', locales: ['en'], direction: 'ltr', htmlLang: 'en' },
  manifest: '/manifest.json',
};

const sidebar: BlogSidebarView = {
  title: 'Recent posts',
  years: [
    {
      year: '2024',
      posts: [
        { title: 'Lexical 1.0', href: '/blog/2024/03/01/lexical-1' },
        { title: 'Welcome', href: '/blog/2024/01/01/welcome' },
      ],
    },
    { year: '2019', posts: [{ title: 'First blog post', href: '/blog/2019/05/28/first-blog-post' }] },
  ],
};

const editor = {
  key: 'editor',
  name: 'The Lexical Docs Team',
  title: 'Keeps the guides in shape',
  url: 'https://github.com/facebook/lexical',
  imageUrl: '/img/blog/editor.svg',
  href: '/blog/authors/editor',
};

const guest = {
  name: 'Guest Writer',
  title: 'Writes once',
  url: 'https://example.com/guest',
  imageUrl: '/img/blog/guest.png',
};

const helloTag = { label: 'hello', href: '/blog/tags/hello' };
const lexicalTag = { label: 'lexical', href: '/blog/tags/lexical', description: 'Posts about the core' };

const post: NonNullable<BlogPageData['post']> = {
  title: 'Welcome',
  href: '/blog/2024/01/01/welcome',
  date: '2024-01-01T00:00:00.000Z',
  formattedDate: 'January 1, 2024',
  readingTime: 1,
  authors: [editor, guest],
  tags: [helloTag, lexicalTag],
  newer: { title: 'Lexical 1.0', href: '/blog/2024/03/01/lexical-1' },
  older: { title: 'First blog post', href: '/blog/2019/05/28/first-blog-post' },
};

function postPage(overrides: Partial<NonNullable<BlogPageData['post']>> = {}): PageData {
  return {
    route: '/blog/2024/01/01/welcome',
    kind: 'blog',
    title: 'Welcome',
    headTitle: 'Welcome | Lexical',
    hideTitle: false,
    contentHasTitle: false,
    toc: [{ id: 'first-section', value: 'First section', level: 2 }],
    breadcrumbs: [],
    blog: { sidebar, post: { ...post, ...overrides } },
  };
}

function renderApp(page: PageData, Content: ContentComponent): string {
  return renderToString(React.createElement(App, { site, page, Content }));
}

function meta(partial: Partial<BlogPostMeta> & Pick<BlogPostMeta, 'title' | 'href'>): BlogPostMeta {
  return {
    date: '2024-01-01T00:00:00.000Z',
    formattedDate: 'January 1, 2024',
    readingTime: 3,
    authors: [],
    tags: [],
    ...partial,
  };
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('plurals', () => {
  it('says "One min read" for one minute and "N min read" otherwise', () => {
    assert.equal(readingTimeText(1), 'One min read');
    assert.equal(readingTimeText(5), '5 min read');
    assert.equal(readingTimeText(12), '12 min read');
  });

  it('says "One post" for one and "N posts" otherwise', () => {
    assert.equal(postsCountText(1), 'One post');
    assert.equal(postsCountText(3), '3 posts');
    assert.equal(postsCountText(0), '0 posts');
  });

  it("picks a message's form by the locale's plural rules, in the order of its categories", () => {
    // French counts 0 and 1 as one (and has many, for millions); Russian has one, few, many and other; Japanese has one form.
    assert.equal(pluralForm('Un article|{count} articles', 0, 'fr-FR'), 'Un article');
    assert.equal(pluralForm('Un article|{count} articles', 2, 'fr-FR'), '{count} articles');
    const russian = 'одна|{count} - few|{count} - many|{count} - other';
    assert.deepEqual(
      [1, 3, 5, 1.5].map((count) => pluralForm(russian, count, 'ru')),
      ['одна', '{count} - few', '{count} - many', '{count} - other'],
    );
    assert.equal(pluralForm('{count} 件', 1, 'ja'), '{count} 件');
    // Fewer forms than the locale has categories: a category past the last form takes the last.
    assert.equal(pluralForm('one|other', 3, 'ru'), 'other');
    assert.equal(pluralForm('one|other', 1, 'ru'), 'one');
  });
});

describe('blog post page (through App)', () => {
  const Content = content('Hello from the post.', { id: 'first-section', text: 'First section' });
  const html = renderApp(postPage(), Content);
  const doc = assertWellFormed(html);
  const main = DomUtils.getElementById('docsite-main', doc.children) as El;
  const article = byTag(main, 'article')[0]!;

  it('renders the post in an article inside the main landmark, with the title as h1', () => {
    assert.ok(main, 'the main landmark has the skip-link id');
    assert.equal(main.name, 'main');
    assert.ok(article && hasClass(article, 'blog-post'));
    const h1 = byTag(doc, 'h1')[0]!;
    assert.equal(text(h1), 'Welcome');
    assert.ok(contains(byTag(article, 'header')[0]!, h1), 'the h1 is in the article header');
  });

  it('shows the date as <time dateTime> and the reading time', () => {
    const time = byTag(article, 'time')[0]!;
    assert.equal(time.attribs.datetime, '2024-01-01T00:00:00.000Z');
    assert.equal(text(time), 'January 1, 2024');
    assert.equal(text(one(article, 'blog-meta')), 'January 1, 2024 · One min read');
    const five = parseDocument(renderApp(postPage({ readingTime: 5 }), Content));
    assert.equal(text(one(five, 'blog-meta')), 'January 1, 2024 · 5 min read');
  });

  it('shows the authors with avatars; names link to the author page, else to their site', () => {
    const authors = one(article, 'blog-authors');
    assert.deepEqual(
      byTag(authors, 'img').map((img) => [img.attribs.alt, img.attribs.src, img.attribs.width, img.attribs.height]),
      [
        ['The Lexical Docs Team', '/img/blog/editor.svg', '48', '48'],
        ['Guest Writer', '/img/blog/guest.png', '48', '48'],
      ],
    );
    assert.deepEqual(links(authors), [
      ['The Lexical Docs Team', '/blog/authors/editor'],
      ['Guest Writer', 'https://example.com/guest'],
    ]);
    assert.ok(!html.includes('rel="preload"'), 'avatars are lazy, so React adds no preload links');
    const external = byTag(authors, 'a')[1]!;
    assert.equal(external.attribs.rel, 'noopener noreferrer');
    assert.deepEqual(byClass(authors, 'blog-author__title').map(text), ['Keeps the guides in shape', 'Writes once']);
  });

  it('renders the content with the theme components inside the markdown wrapper', () => {
    const markdown = one(article, 'markdown');
    assert.equal(text(byTag(markdown, 'p')[0]!), 'Hello from the post.');
    const h2 = DomUtils.getElementById('first-section', markdown.children) as El;
    assert.ok(h2 && h2.name === 'h2');
    assert.equal(byClass(h2, 'hash-link').length, 1, 'the theme heading (with its # link) was used');
  });

  it('ends the post with its tags', () => {
    const footer = byTag(article, 'footer')[0]!;
    const tags = one(footer, 'blog-tags');
    assert.equal(text(one(tags, 'blog-tags__label')), 'Tags:');
    assert.deepEqual(links(tags), [
      ['hello', '/blog/tags/hello'],
      ['lexical', '/blog/tags/lexical'],
    ]);
    assert.equal(byTag(tags, 'a')[1]!.attribs.title, 'Posts about the core');
  });

  it('links the newer and older posts by title', () => {
    const pager = nav(doc, 'Blog post page navigation');
    assert.deepEqual(links(pager), [
      ['Newer post Lexical 1.0', '/blog/2024/03/01/lexical-1'],
      ['Older post First blog post', '/blog/2019/05/28/first-blog-post'],
    ]);
    const only = parseDocument(renderApp(postPage({ newer: undefined }), Content));
    assert.deepEqual(links(nav(only, 'Blog post page navigation')), [['Older post First blog post', '/blog/2019/05/28/first-blog-post']]);
    const none = parseDocument(renderApp(postPage({ newer: undefined, older: undefined }), Content));
    assert.equal(all(none, (el) => el.attribs['aria-label'] === 'Blog post page navigation').length, 0);
  });

  it('has the blog sidebar with year headings and the current post marked', () => {
    const side = nav(doc, 'Blog recent posts');
    assert.equal(text(one(side, 'blog-sidebar__title')), 'Recent posts');
    assert.deepEqual(byTag(side, 'h3').map(text), ['2024', '2019']);
    assert.deepEqual(links(side), [
      ['Lexical 1.0', '/blog/2024/03/01/lexical-1'],
      ['Welcome', '/blog/2024/01/01/welcome'],
      ['First blog post', '/blog/2019/05/28/first-blog-post'],
    ]);
    const current = all(side, (el) => el.attribs['aria-current'] !== undefined);
    assert.deepEqual(
      current.map((el) => [text(el), el.attribs['aria-current']]),
      [['Welcome', 'page']],
    );
    const order = all(doc, () => true);
    assert.ok(order.indexOf(side) > order.indexOf(main), 'the sidebar follows the content in the HTML (below it on narrow screens)');
  });

  it('marks the current post even when the route has a trailing slash', () => {
    const page = postPage();
    const slashed = parseDocument(renderApp({ ...page, route: `${page.route}/` }, Content));
    const current = all(nav(slashed, 'Blog recent posts'), (el) => el.attribs['aria-current'] === 'page');
    assert.deepEqual(current.map(text), ['Welcome']);
  });

  it('has the desktop and the collapsible table of contents', () => {
    const toc = nav(doc, 'On this page');
    assert.ok(one(doc, 'blog-toc') && contains(one(doc, 'blog-toc'), toc));
    assert.deepEqual(links(toc), [['First section', '#first-section']]);
    const mobile = one(main, 'toc-mobile');
    assert.equal(mobile.name, 'details');
    const noToc = parseDocument(renderApp({ ...postPage(), toc: [] }, Content));
    assert.equal(byClass(noToc, 'blog-toc').length + byClass(noToc, 'toc-mobile').length, 0);
  });

  it('renders the same HTML every time (pure, so hydration matches)', () => {
    assert.equal(renderApp(postPage(), Content), html);
  });
});

describe('other blog pages through App', () => {
  it('render their content in the main column with the sidebar and no post chrome or TOC', () => {
    const page: PageData = {
      route: '/blog',
      kind: 'blog',
      title: 'Blog',
      headTitle: 'Blog | Lexical',
      hideTitle: false,
      contentHasTitle: true,
      toc: [{ id: 'ignored', value: 'Ignored', level: 2 }],
      breadcrumbs: [],
      blog: { sidebar },
    };
    const Content: ContentComponent = () => React.createElement(BlogArchivePage, { view: { type: 'archive', years: [] } satisfies BlogArchiveView });
    const doc = assertWellFormed(renderApp(page, Content));
    const main = DomUtils.getElementById('docsite-main', doc.children) as El;
    assert.equal(text(byTag(main, 'h1')[0]!), 'Archive');
    assert.equal(byClass(doc, 'blog-post').length, 0);
    assert.equal(byClass(doc, 'blog-toc').length + byClass(doc, 'toc-mobile').length, 0);
    assert.equal(all(doc, (el) => el.attribs['aria-current'] === 'page' && hasClass(el, 'blog-sidebar__link')).length, 0);
    nav(doc, 'Blog recent posts');
  });
});

describe('list page', () => {
  const listView: BlogListView = {
    type: 'list',
    title: 'Blog',
    description: 'News from the Lexical team',
    posts: [
      {
        ...meta({ title: 'Lexical 1.0', href: '/blog/2024/03/01/lexical-1', readingTime: 1 }),
        formattedDate: 'March 1, 2024',
        date: '2024-03-01T00:00:00.000Z',
        authors: [editor],
        tags: [lexicalTag],
        truncated: true,
      },
      { ...meta({ title: 'Welcome', href: '/blog/2024/01/01/welcome', readingTime: 5 }), authors: [guest], truncated: false },
    ],
    newer: '/blog/page/2',
    older: '/blog/page/4',
    page: 3,
    pages: 4,
  };
  const excerpts = [content('The first excerpt.'), content('The second excerpt.')];
  const render = (view: BlogListView) => renderToString(React.createElement(BlogListPage, { view, excerpts }));
  const html = render(listView);
  const doc = assertWellFormed(html);
  const articles = byTag(doc, 'article');

  it('has the title, description and one article per post with its linked h2', () => {
    assertHeadingOrder(doc);
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Blog');
    assert.equal(text(one(doc, 'blog-list__description')), 'News from the Lexical team');
    assert.equal(articles.length, 2);
    assert.deepEqual(
      articles.map((article) => links(byTag(article, 'h2')[0]!)[0]),
      [
        ['Lexical 1.0', '/blog/2024/03/01/lexical-1'],
        ['Welcome', '/blog/2024/01/01/welcome'],
      ],
    );
  });

  it('leaves out a description that only repeats the title (Docusaurus names its blog and describes it with the same word)', () => {
    const same = assertWellFormed(render({ ...listView, title: 'Blog', description: 'Blog' }));
    assert.equal(text(byTag(same, 'h1')[0]!), 'Blog');
    assert.equal(byClass(same, 'blog-list__description').length, 0);
  });

  it('shows each post meta line, authors and excerpt', () => {
    assert.deepEqual(
      articles.map((article) => text(one(article, 'blog-meta'))),
      ['March 1, 2024 · One min read', 'January 1, 2024 · 5 min read'],
    );
    assert.equal(byTag(articles[0]!, 'time')[0]!.attribs.datetime, '2024-03-01T00:00:00.000Z');
    assert.deepEqual(
      articles.map((article) => byTag(article, 'img').map((img) => img.attribs.alt)),
      [['The Lexical Docs Team'], ['Guest Writer']],
    );
    assert.deepEqual(
      articles.map((article) => text(one(article, 'markdown'))),
      ['The first excerpt.', 'The second excerpt.'],
    );
    assert.deepEqual(links(one(articles[0]!, 'blog-tags')), [['lexical', '/blog/tags/lexical']]);
    assert.equal(byClass(articles[1]!, 'blog-tags').length, 0, 'no tags, no "Tags:"');
  });

  it('offers "Read more" only for the truncated post', () => {
    const more = (article: El) => byTag(article, 'a').filter((a) => text(a) === 'Read more');
    assert.deepEqual(
      more(articles[0]!).map((a) => [a.attribs.href, a.attribs['aria-label']]),
      [['/blog/2024/03/01/lexical-1', 'Read more about Lexical 1.0']],
    );
    assert.equal(more(articles[1]!).length, 0);
  });

  it('links newer and older entries, and has no pagination on a single page', () => {
    assert.deepEqual(links(nav(doc, 'Blog list page navigation')), [
      ['Newer entries', '/blog/page/2'],
      ['Older entries', '/blog/page/4'],
    ]);
    const first = parseDocument(render({ ...listView, newer: undefined, page: 1 }));
    assert.deepEqual(links(nav(first, 'Blog list page navigation')), [['Older entries', '/blog/page/4']]);
    const single = parseDocument(render({ ...listView, newer: undefined, older: undefined, page: 1, pages: 1 }));
    assert.equal(all(single, (el) => el.name === 'nav').length, 0);
  });

  it('on author pages shows the author card with the post count', () => {
    const authorView = (count: number): BlogListView => ({
      ...listView,
      title: editor.name,
      description: undefined,
      author: { ...editor, count },
      newer: undefined,
      older: undefined,
      page: 1,
      pages: 1,
    });
    const single = assertWellFormed(render(authorView(1)));
    const card = one(single, 'blog-author--card');
    assert.equal(text(one(card, 'blog-author__count')), 'One post');
    assert.equal(byTag(card, 'img')[0]!.attribs.alt, 'The Lexical Docs Team');
    assert.equal(byClass(card, 'blog-author__name').length, 0, 'the name is the h1 already');
    assert.deepEqual(links(card), [['github.com/facebook/lexical', 'https://github.com/facebook/lexical']]);
    const three = parseDocument(render(authorView(3)));
    assert.equal(text(one(three, 'blog-author__count')), '3 posts');
  });

  it('on tag pages links to all tags', () => {
    const tagDoc = assertWellFormed(
      render({ ...listView, title: '2 posts tagged with "lexical"', allTagsHref: '/blog/tags', newer: undefined, older: undefined }),
    );
    assert.equal(text(byTag(tagDoc, 'h1')[0]!), '2 posts tagged with "lexical"');
    const allTags = byTag(tagDoc, 'a').filter((a) => text(a) === 'View all tags');
    assert.deepEqual(
      allTags.map((a) => a.attribs.href),
      ['/blog/tags'],
    );
  });
});

describe('tags page', () => {
  const view: BlogTagsView = {
    type: 'tags',
    tags: [
      { label: 'lexical', href: '/blog/tags/lexical', count: 3 },
      { label: 'hello', href: '/blog/tags/hello', count: 1 },
      { label: 'Launch', href: '/blog/tags/launch', count: 2, description: 'Releases' },
    ],
  };
  const doc = assertWellFormed(renderToString(React.createElement(BlogTagsPage, { view })));

  it('groups the tags under their first letter, with counts', () => {
    assertHeadingOrder(doc);
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Tags');
    const groups = byClass(doc, 'blog-tags-page__group');
    assert.deepEqual(
      groups.map((group) => [text(byTag(group, 'h2')[0]!), ...links(group).map(([, href]) => href)]),
      [
        ['H', '/blog/tags/hello'],
        ['L', '/blog/tags/launch', '/blog/tags/lexical'],
      ],
    );
    assert.deepEqual(byClass(doc, 'blog-tag__count').map(text), ['1', '2', '3']);
    assert.deepEqual(
      links(doc).map(([label]) => label),
      ['hello 1', 'Launch 2', 'lexical 3'],
    );
  });
});

describe('authors page', () => {
  const view: BlogAuthorsView = {
    type: 'authors',
    authors: [
      { ...editor, count: 3 },
      { name: 'Core Maintainer', title: 'Works on the core', href: '/blog/authors/maintainer', count: 1 },
    ],
  };
  const doc = assertWellFormed(renderToString(React.createElement(BlogAuthorsPage, { view })));

  it('lists each author with avatar, name linked to their page, title and post count', () => {
    assertHeadingOrder(doc);
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Authors');
    const items = byClass(doc, 'blog-authors-page__item');
    assert.equal(items.length, 2);
    assert.deepEqual(links(doc), [
      ['The Lexical Docs Team', '/blog/authors/editor'],
      ['Core Maintainer', '/blog/authors/maintainer'],
    ]);
    assert.deepEqual(
      items.map((item) => text(one(item, 'blog-author__count'))),
      ['3 posts', 'One post'],
    );
    assert.deepEqual(
      items.map((item) => text(one(item, 'blog-author__title'))),
      ['Keeps the guides in shape', 'Works on the core'],
    );
    const avatars = byTag(doc, 'img');
    assert.deepEqual(
      avatars.map((img) => [img.attribs.alt, img.attribs.width, img.attribs.height]),
      [['The Lexical Docs Team', '48', '48']],
    );
  });
});

describe('archive page', () => {
  const view: BlogArchiveView = {
    type: 'archive',
    years: [
      {
        year: '2024',
        posts: [
          meta({ title: 'Lexical 1.0', href: '/blog/2024/03/01/lexical-1', date: '2024-03-01T00:00:00.000Z', formattedDate: 'March 1, 2024' }),
          meta({ title: 'Welcome', href: '/blog/2024/01/01/welcome' }),
        ],
      },
      {
        year: '2019',
        posts: [meta({ title: 'First blog post', href: '/blog/2019/05/28/first-blog-post', date: '2019-05-28T00:00:00.000Z', formattedDate: 'May 28, 2019' })],
      },
    ],
  };
  const doc = assertWellFormed(renderToString(React.createElement(BlogArchivePage, { view })));

  it('has the title and subtitle, then the years in order with dated post links', () => {
    assertHeadingOrder(doc);
    assert.equal(text(byTag(doc, 'h1')[0]!), 'Archive');
    assert.equal(text(one(doc, 'blog-archive__subtitle')), 'Archive');
    assert.deepEqual(byTag(doc, 'h2').map(text), ['2024', '2019']);
    const years = byClass(doc, 'blog-archive__year');
    assert.deepEqual(
      years.map((year) => byTag(year, 'li').map((li) => [byTag(li, 'time')[0]!.attribs.datetime, text(li), links(li)[0]![1]])),
      [
        [
          ['2024-03-01T00:00:00.000Z', 'March 1, 2024 Lexical 1.0', '/blog/2024/03/01/lexical-1'],
          ['2024-01-01T00:00:00.000Z', 'January 1, 2024 Welcome', '/blog/2024/01/01/welcome'],
        ],
        [['2019-05-28T00:00:00.000Z', 'May 28, 2019 First blog post', '/blog/2019/05/28/first-blog-post']],
      ],
    );
  });
});
