/**
 * The blog on a copy of the fixture site: routes, pagination, excerpts, reading time, feeds, and
 * the author and tag checks.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import sax from 'sax';
import { copyFixture, readOut, runCli } from '../support/helpers';

/** A strict XML parse (sax); returns the names of the elements, in order, or throws on malformed XML. */
function xmlElements(xml: string): string[] {
  const names: string[] = [];
  const parser = sax.parser(true);
  parser.onopentag = (node) => names.push(node.name);
  parser.onerror = (error) => {
    throw error;
  };
  parser.write(xml).close();
  return names;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const articles = (html: string) => (html.match(/<article[\s>]/g) ?? []).length;

function writeBlog(site: string, options: { postsPerPage?: number; onInlineTags?: string } = {}) {
  const blog = path.join(site, 'content', 'blog');
  mkdirSync(path.join(blog, '2024-03-01-folder-post'), { recursive: true });
  writeFileSync(
    path.join(blog, 'authors.yml'),
    'writer:\n  name: Fixture Writer\n  title: Writes posts\n  url: https://example.com/writer\n  image_url: /img/writer.svg\nreviewer:\n  name: Fixture Reviewer\n',
  );
  writeFileSync(path.join(blog, 'tags.yml'), 'news:\n  label: News\n  description: What changed.\nguides:\n  description: How to do things.\n');
  writeFileSync(
    path.join(blog, '2024-01-15-short.md'),
    '---\nslug: short\ntitle: A short post\nauthors: writer\ntags: [news]\nimage: /img/card.png\nkeywords: [fixture, short]\n---\n\nThe opening paragraph of the short post.\n\n<!-- truncate -->\n\nThe rest, AFTER THE MARKER, is only on the post page.\n\n## A heading\n\nMore.\n',
  );
  writeFileSync(
    path.join(blog, '2024-02-01-long.md'),
    `---\nslug: long\ntitle: A long post\nauthors: [writer, reviewer]\ntags: [news, guides]\n---\n\n${'word '.repeat(1100)}\n`,
  );
  writeFileSync(
    path.join(blog, '2024-03-01-folder-post', 'pic.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>\n',
  );
  writeFileSync(
    path.join(blog, '2024-03-01-folder-post', 'index.mdx'),
    '---\ntitle: A folder post\nauthors:\n  - name: Guest Author\n    title: Visiting\ntags: [guides]\n---\n\nexport const Shout = ({ children }) => <strong className="shout">{children}</strong>;\n\nHello from <Shout>MDX</Shout>.\n\n{/* truncate */}\n\nHidden from lists.\n\n![A square](./pic.svg)\n',
  );
  writeFileSync(path.join(blog, '2024-04-01-hidden.md'), '---\nslug: hidden\ntitle: An unlisted post\nunlisted: true\n---\n\nOnly for those with the link.\n');
  writeFileSync(path.join(blog, '2024-05-01-draft.md'), '---\nslug: draft\ntitle: A draft post\ndraft: true\n---\n\nNot yet.\n');
  const configFile = path.join(site, 'site.config.ts');
  const blogConfig = `  blog: { postsPerPage: ${options.postsPerPage ?? 2}${options.onInlineTags ? `, onInlineTags: '${options.onInlineTags}'` : ''} },\n`;
  writeFileSync(configFile, readFileSync(configFile, 'utf8').replace("  onBrokenLinks: 'throw',", `${blogConfig}  onBrokenLinks: 'throw',`));
}

describe('a blog', () => {
  let site: string;
  let built: ReturnType<typeof runCli>;
  before(() => {
    site = copyFixture('basic-site');
    writeBlog(site);
    built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
  });

  test('post routes come from the slug or, without one, the date and name', () => {
    assert.match(readOut(site, 'blog/short/index.html'), /<h1[^>]*>A short post<\/h1>/);
    assert.match(readOut(site, 'blog/long/index.html'), /<h1[^>]*>A long post<\/h1>/);
    assert.match(readOut(site, 'blog/2024/03/01/folder-post/index.html'), /Hello from <strong class="shout">MDX<\/strong>/);
  });

  test('an image next to a post is copied to assets/ under a content hash', () => {
    const html = readOut(site, 'blog/2024/03/01/folder-post/index.html');
    const src = /<img[^>]*src="(\/assets\/pic-[0-9a-f]+\.svg)"[^>]*alt="A square"/.exec(html)?.[1];
    assert.ok(src, 'the image points at a hashed asset');
    assert.match(readOut(site, src.slice(1)), /<rect/);
  });

  test('an unlisted post has a noindex page but stays out of lists and feeds; a draft is not built', () => {
    assert.match(readOut(site, 'blog/hidden/index.html'), /<meta name="robots" content="noindex, nofollow">/);
    for (const file of ['blog/index.html', 'blog/page/2/index.html', 'blog/archive/index.html', 'blog/rss.xml']) {
      assert.doesNotMatch(readOut(site, file), /An unlisted post/, file);
    }
    assert.throws(() => readOut(site, 'blog/draft/index.html'));
  });

  test('the list is newest first, split at postsPerPage, with Older/Newer entries', () => {
    const first = text(readOut(site, 'blog/index.html'));
    assert.ok(first.indexOf('A folder post') < first.indexOf('A long post'), 'newest first');
    assert.equal(articles(readOut(site, 'blog/index.html')), 2, 'two posts per page');
    assert.match(readOut(site, 'blog/index.html'), /href="\/blog\/page\/2"[^>]*>[\s\S]*?Older entries/);
    const second = readOut(site, 'blog/page/2/index.html');
    assert.equal(articles(second), 1, 'the third post is on page 2');
    assert.match(text(second), /A short post/);
    assert.match(second, /href="\/blog"[^>]*>[\s\S]*?Newer entries/);
  });

  test('excerpts stop at the truncate marker (markdown and MDX), with Read more', () => {
    const page2 = readOut(site, 'blog/page/2/index.html');
    assert.match(page2, /The opening paragraph of the short post\./);
    assert.doesNotMatch(page2, /AFTER THE MARKER/);
    assert.match(page2, /Read more/);
    const page1 = readOut(site, 'blog/index.html');
    assert.doesNotMatch(page1, /Hidden from lists/);
    assert.match(readOut(site, 'blog/short/index.html'), /AFTER THE MARKER/);
  });

  test('reading time: "One min read" and "N min read"', () => {
    assert.match(text(readOut(site, 'blog/short/index.html')), /One min read/);
    assert.match(text(readOut(site, 'blog/long/index.html')), /6 min read/);
  });

  test('tags, authors and the archive', () => {
    const tags = text(readOut(site, 'blog/tags/index.html'));
    assert.match(tags, /News/);
    assert.match(tags, /Guides/);
    const news = readOut(site, 'blog/tags/news/index.html');
    assert.match(text(news), /2 posts tagged with "News"/);
    const guides = readOut(site, 'blog/tags/guides/index.html');
    assert.match(text(guides), /2 posts tagged with "Guides"/);
    const authors = text(readOut(site, 'blog/authors/index.html'));
    assert.match(authors, /Fixture Writer/);
    assert.match(authors, /2 posts/);
    assert.match(authors, /One post/);
    const writer = readOut(site, 'blog/authors/writer/index.html');
    assert.equal(articles(writer), 2);
    assert.match(text(writer), /Fixture Writer.*2 posts/);
    assert.equal(articles(readOut(site, 'blog/authors/reviewer/index.html')), 1);
    const archive = text(readOut(site, 'blog/archive/index.html'));
    assert.match(archive, /2024/);
    assert.match(archive, /A folder post.*A long post.*A short post/);
  });

  test('post pages: authors with avatar and title, tags, TOC, newer/older posts, feed links in the head', () => {
    const html = readOut(site, 'blog/long/index.html');
    assert.match(html, /<img[^>]*src="\/img\/writer\.svg"[^>]*alt="Fixture Writer"|<img[^>]*alt="Fixture Writer"[^>]*src="\/img\/writer\.svg"/);
    assert.match(text(html), /Writes posts/);
    assert.match(html, /href="\/blog\/tags\/guides"/);
    assert.match(html, /href="\/blog\/2024\/03\/01\/folder-post"[\s\S]*?A folder post/);
    assert.match(html, /href="\/blog\/short"[\s\S]*?A short post/);
    assert.match(html, /<link rel="alternate" type="application\/rss\+xml" href="https:\/\/fixture\.example\.com\/blog\/rss\.xml"/);
    assert.match(html, /<link rel="alternate" type="application\/atom\+xml" href="https:\/\/fixture\.example\.com\/blog\/atom\.xml"/);
    const short = readOut(site, 'blog/short/index.html');
    assert.match(short, /href="#a-heading"/, 'the post has a table of contents');
    assert.match(short, /<meta property="og:image" content="https:\/\/fixture\.example\.com\/img\/card\.png">/);
    assert.match(short, /<meta name="keywords" content="fixture, short">/);
    assert.match(short, /<meta property="og:type" content="article">/);
  });

  test('RSS 2.0 and Atom feeds are well-formed XML with absolute URLs, one item per post', () => {
    const rss = readOut(site, 'blog/rss.xml');
    const rssNames = xmlElements(rss);
    assert.equal(rssNames[0], 'rss');
    assert.equal(rssNames.filter((name) => name === 'item').length, 3);
    assert.match(rss, /<link>https:\/\/fixture\.example\.com\/blog\/short<\/link>/);
    const atom = readOut(site, 'blog/atom.xml');
    const atomNames = xmlElements(atom);
    assert.equal(atomNames[0], 'feed');
    assert.equal(atomNames.filter((name) => name === 'entry').length, 3);
    assert.match(atom, /href="https:\/\/fixture\.example\.com\/blog\/2024\/03\/01\/folder-post"/);
  });
});

describe('blog checks', () => {
  test('a blog whose posts have no tags has no tags page, as under Docusaurus', () => {
    const site = copyFixture('basic-site');
    mkdirSync(path.join(site, 'content', 'blog'), { recursive: true });
    writeFileSync(path.join(site, 'content', 'blog', '2024-02-02-plain.md'), '---\ntitle: A plain post\n---\n\nNo tags here.\n');
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    assert.match(readOut(site, 'blog/index.html'), /A plain post/);
    assert.ok(!existsSync(path.join(site, 'build', 'blog', 'tags')));
  });

  test('an undeclared author key fails the build, naming the file, the key and the declared keys', () => {
    const site = copyFixture('basic-site');
    writeBlog(site);
    const file = path.join(site, 'content', 'blog', '2024-01-15-short.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('authors: writer', 'authors: nobody'));
    const built = runCli(['build', site]);
    assert.equal(built.status, 1);
    assert.match(built.stderr, /content\/blog\/2024-01-15-short\.md:4:1/);
    assert.match(built.stderr, /names the author "nobody", which authors\.yml does not declare/);
    assert.match(built.stderr, /Declared authors: writer, reviewer/);
  });

  test('an undeclared tag warns; with onInlineTags: throw it fails', () => {
    const site = copyFixture('basic-site');
    writeBlog(site);
    const file = path.join(site, 'content', 'blog', '2024-01-15-short.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('tags: [news]', 'tags: [news, surprise]'));
    const warned = runCli(['build', site]);
    assert.equal(warned.status, 0, warned.stderr);
    assert.match(warned.stdout + warned.stderr, /uses the tag "surprise", which tags\.yml does not declare/);
    assert.match(readOut(site, 'blog/tags/surprise/index.html'), /surprise/);

    const strict = copyFixture('basic-site');
    writeBlog(strict, { onInlineTags: 'throw' });
    const strictFile = path.join(strict, 'content', 'blog', '2024-01-15-short.md');
    writeFileSync(strictFile, readFileSync(strictFile, 'utf8').replace('tags: [news]', 'tags: [news, surprise]'));
    const failed = runCli(['build', strict]);
    assert.equal(failed.status, 1);
    assert.match(failed.stderr, /content\/blog\/2024-01-15-short\.md:5:1/);
    assert.match(failed.stderr, /"surprise"/);
  });
});

describe('a blog paged one post a time, with a tag whose label holds capitals and digits', () => {
  test("an author's second page is under page/, and a tag's route is its label in lodash's kebab case, as Docusaurus 3.10 writes them", () => {
    const site = copyFixture('basic-site');
    writeBlog(site, { postsPerPage: 1 });
    const file = path.join(site, 'content', 'blog', '2024-01-15-short.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('tags: [news]', 'tags: [news, GraphQL3]'));
    const built = runCli(['build', site]);
    assert.equal(built.status, 0, built.stdout + built.stderr);
    assert.equal(articles(readOut(site, 'blog/authors/writer/page/2/index.html')), 1);
    assert.ok(!existsSync(path.join(site, 'build', 'blog', 'authors', 'writer', 'authors')));
    assert.match(text(readOut(site, 'blog/tags/graph-ql-3/index.html')), /One post tagged with "GraphQL3"/);
    assert.match(readOut(site, 'blog/short/index.html'), /href="\/blog\/tags\/graph-ql-3"/);
  });
});
