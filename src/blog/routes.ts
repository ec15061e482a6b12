/**
 * The blog's routes: one page per post, the paginated list, tag and author pages, the archive, and
 * the RSS and Atom feeds. Post pages render their MDX; the others render theme components from
 * views, with each post's excerpt compiled as its own module. The feeds' content is data here.
 */
import type {
  BlogArchiveView,
  BlogAuthorsView,
  BlogAuthorView,
  BlogListView,
  BlogPageData,
  BlogPostMeta,
  BlogSidebarView,
  BlogTagsView,
} from '../shared/blog-views';
import { applyTrailingSlash } from '../core/paths';
import type { NavLink, PageData } from '../shared/types';
import type { BlogSettings } from '../config/schema';
import type { BlogFeed } from './feeds';
import type { BlogAuthor, BlogContent, BlogPost } from './load';
import { THEME_MESSAGES, pluralForm, type ThemeMessageId } from '../shared/theme-messages';

export interface BlogRoutesInput {
  blog: BlogContent;
  options: BlogSettings;
  site: { title: string; url: string; baseUrl: string; trailingSlash?: boolean | undefined; copyright: string };
  /** Compiled title of a post or excerpt module, when its MDX starts with an H1. */
  titleOf(post: BlogPost): string | undefined;
  headTitle(title: string): string;
  /** The locale the blog is shown in, when not the default one. */
  inLocale?: BlogLocale;
}

/** A locale's blog: its language (dates, plural forms), the theme's words in it, and what each of its pages carries of it. */
export interface BlogLocale {
  htmlLang: string;
  messages: Record<string, string>;
  facts(route: string): Partial<PageData>;
}

/** What the route table turns into routes: page data plus either the post's own content or a view. */
export type BlogRouteSpec =
  { kind: 'post'; post: BlogPost; page: PageData } | { kind: 'view'; route: string; page: PageData; component: string; view: unknown; excerpts: BlogPost[] };

export interface BlogRoutes {
  routes: BlogRouteSpec[];
  /** The RSS and Atom feeds' content; none for a blog with no posts, as under Docusaurus. */
  feed?: BlogFeed;
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', DATE_OPTIONS);

/** The theme's words of `id` in the blog's locale (docsite's English in the default one), placeholders filled. */
export function wordsOf(inLocale: BlogLocale | undefined) {
  return (id: ThemeMessageId, values: Record<string, string | number> = {}, count?: number): string => {
    const message = inLocale?.messages[id] ?? THEME_MESSAGES[id];
    const form = count === undefined ? message : pluralForm(message, count, inLocale?.htmlLang ?? 'en');
    return form.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

export function blogRoutes(input: BlogRoutesInput): BlogRoutes {
  const { blog, options, inLocale } = input;
  const base = blog.routeBase;
  const words = wordsOf(inLocale);
  const dateFormat = inLocale ? new Intl.DateTimeFormat(inLocale.htmlLang, DATE_OPTIONS) : DATE_FORMAT;
  /** A route under the blog's, as the site's `trailingSlash` ends it. */
  const under = (suffix: string) => applyTrailingSlash(`${base}${suffix}`, input.site);
  const listed = blog.posts.filter((post) => !post.unlisted);
  const titleOf = (post: BlogPost) => post.title ?? input.titleOf(post) ?? post.route.split('/').pop()!;
  const authorPages = new Map(
    [...blog.authors].flatMap(([key, author]) => (author.pagePath === undefined ? [] : [[key, under(`/authors/${author.pagePath}`)]])),
  );
  const authorView = (author: BlogAuthor): BlogAuthorView => ({
    ...(author.key ? { key: author.key } : {}),
    name: author.name,
    ...(author.title ? { title: author.title } : {}),
    ...(author.url ? { url: author.url } : {}),
    ...(author.imageUrl ? { imageUrl: author.imageUrl } : {}),
    ...(author.key && authorPages.has(author.key) ? { href: authorPages.get(author.key)! } : {}),
  });
  const meta = (post: BlogPost): BlogPostMeta => ({
    title: titleOf(post),
    href: post.route,
    date: post.date.toISOString(),
    formattedDate: dateFormat.format(post.date),
    ...(options.showReadingTime ? { readingTime: post.readingTime } : {}),
    authors: post.authors.map(authorView),
    tags: post.tags.map((tag) => ({ label: tag.label, href: tag.route, ...(tag.description ? { description: tag.description } : {}) })),
    ...(post.description ? { description: post.description } : {}),
    ...(post.image ? { image: post.image } : {}),
  });

  const recent = options.blogSidebarCount === 'ALL' ? listed : listed.slice(0, options.blogSidebarCount);
  const sidebar: BlogSidebarView = { title: options.blogSidebarTitle, years: [] };
  for (const post of recent) {
    const year = String(post.date.getUTCFullYear());
    let group = sidebar.years.find((entry) => entry.year === year);
    if (!group) sidebar.years.push((group = { year, posts: [] }));
    group.posts.push({ title: titleOf(post), href: post.route });
  }

  // A blog with no posts has no feeds, as under Docusaurus.
  const hasFeeds = blog.posts.length > 0;
  const feeds: PageData['feeds'] = hasFeeds
    ? [
        { type: 'application/rss+xml', href: `${base}/rss.xml`, title: `${input.site.title} ${options.title} RSS Feed` },
        { type: 'application/atom+xml', href: `${base}/atom.xml`, title: `${input.site.title} ${options.title} Atom Feed` },
      ]
    : undefined;
  const pageData = (route: string, title: string, extra: Partial<PageData> = {}, blogData: Partial<BlogPageData> = {}): PageData => ({
    route,
    kind: 'blog',
    title,
    headTitle: input.headTitle(title),
    hideTitle: false,
    contentHasTitle: true,
    toc: [],
    breadcrumbs: [],
    ...(feeds ? { feeds } : {}),
    blog: { sidebar, ...blogData },
    ...extra,
    ...inLocale?.facts(route),
  });

  const routes: BlogRouteSpec[] = [];
  blog.posts.forEach((post) => {
    const at = listed.indexOf(post);
    const link = (other: BlogPost | undefined): NavLink | undefined => (other ? { label: titleOf(other), href: other.route } : undefined);
    const newer = at > 0 ? link(listed[at - 1]) : undefined;
    const older = at >= 0 ? link(listed[at + 1]) : undefined;
    const title = titleOf(post);
    routes.push({
      kind: 'post',
      post,
      page: pageData(
        post.route,
        title,
        {
          source: post.source,
          ...(post.description ? { description: post.description } : {}),
          ...(post.frontMatter.keywords?.length ? { keywords: post.frontMatter.keywords } : {}),
          ...(post.image ? { image: post.image } : {}),
          ...(post.unlisted ? { unlisted: true } : {}),
        },
        {
          post: {
            ...meta(post),
            ...(newer ? { newer: { title: newer.label, href: newer.href } } : {}),
            ...(older ? { older: { title: older.label, href: older.href } } : {}),
          },
        },
      ),
    });
  });

  /** A list's pages of `postsPerPage`: the first at `first`, the next at `first/<segment>/2`..., as Docusaurus pages its lists. */
  const paginated = (posts: BlogPost[], first: string, segment: string) => {
    const routeOf = (page: number) => (page === 1 ? first : applyTrailingSlash(`${first.replace(/\/$/, '')}/${segment}/${page}`, input.site));
    const pages = Math.max(1, Math.ceil(posts.length / options.postsPerPage));
    return Array.from({ length: pages }, (_, index) => ({
      route: routeOf(index + 1),
      slice: posts.slice(index * options.postsPerPage, (index + 1) * options.postsPerPage),
      list: { page: index + 1, pages, ...(index > 0 ? { newer: routeOf(index) } : {}), ...(index + 1 < pages ? { older: routeOf(index + 2) } : {}) },
    }));
  };
  const listOf = (slice: BlogPost[]) => slice.map((post) => ({ ...meta(post), truncated: post.truncated }));

  // The main list, paginated: /blog, /blog/page/2, ...
  for (const { route, slice, list } of paginated(listed, under(''), 'page')) {
    const view: BlogListView = { type: 'list', title: options.title, description: options.description, posts: listOf(slice), ...list };
    routes.push({
      kind: 'view',
      route,
      page: pageData(route, options.title, { description: options.description }),
      component: 'BlogListPage',
      view,
      excerpts: slice,
    });
  }

  // Tags: the list and one page per tag.
  const byTag = new Map<string, { tag: BlogPost['tags'][number]; posts: BlogPost[] }>();
  for (const post of listed) {
    for (const tag of post.tags) {
      const entry = byTag.get(tag.route) ?? { tag, posts: [] };
      entry.posts.push(post);
      byTag.set(tag.route, entry);
    }
  }
  const tagEntries = [...byTag.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label));
  const tagsView: BlogTagsView = {
    type: 'tags',
    tags: tagEntries.map(({ tag, posts }) => ({
      label: tag.label,
      href: tag.route,
      count: posts.length,
      ...(tag.description ? { description: tag.description } : {}),
    })),
  };
  // A blog whose posts have no tags has no list of them, as under Docusaurus.
  if (tagEntries.length > 0)
    routes.push({
      kind: 'view',
      route: under('/tags'),
      page: pageData(under('/tags'), words('theme.tags.tagsPageTitle')),
      component: 'BlogTagsPage',
      view: tagsView,
      excerpts: [],
    });
  for (const { tag, posts } of tagEntries) {
    const nPosts = words('theme.blog.post.plurals', { count: posts.length }, posts.length);
    const title = words('theme.blog.tagTitle', { nPosts, tagName: tag.label });
    for (const { route, slice, list } of paginated(posts, tag.route, 'page')) {
      const view: BlogListView = {
        type: 'list',
        title,
        ...(tag.description ? { description: tag.description } : {}),
        allTagsHref: under('/tags'),
        posts: listOf(slice),
        ...list,
      };
      routes.push({
        kind: 'view',
        route,
        page: pageData(route, title, tag.description ? { description: tag.description } : {}),
        component: 'BlogListPage',
        view,
        excerpts: slice,
      });
    }
  }

  // Authors, when authors.yml declares any: the list and each author's pages (paged below the author's
  // route at `page/2`..., or `authors/2`... as Docusaurus before 3.10 paged them).
  const postsBy = (key: string) => listed.filter((post) => post.authors.some((author) => author.key === key));
  if (blog.authors.size > 0) {
    const authorsView: BlogAuthorsView = {
      type: 'authors',
      authors: [...blog.authors.values()]
        .filter((author) => authorPages.has(author.key!))
        .map((author) => ({ ...authorView(author), href: authorPages.get(author.key!)!, count: postsBy(author.key!).length })),
    };
    routes.push({
      kind: 'view',
      route: under('/authors'),
      page: pageData(under('/authors'), words('theme.blog.authorsList.pageTitle')),
      component: 'BlogAuthorsPage',
      view: authorsView,
      excerpts: [],
    });
  }
  for (const author of blog.authors.values()) {
    const first = authorPages.get(author.key!);
    if (first === undefined) continue;
    const posts = postsBy(author.key!);
    for (const { route, slice, list } of paginated(posts, first, options.authorPagesSegment)) {
      const view: BlogListView = { type: 'list', title: author.name, author: { ...authorView(author), count: posts.length }, posts: listOf(slice), ...list };
      routes.push({
        kind: 'view',
        route,
        page: pageData(route, author.name, author.title ? { description: author.title } : {}),
        component: 'BlogListPage',
        view,
        excerpts: slice,
      });
    }
  }

  // The archive, by year; a blog with no listed post has none, as under Docusaurus.
  const archive: BlogArchiveView = { type: 'archive', years: [] };
  for (const post of listed) {
    const year = String(post.date.getUTCFullYear());
    let group = archive.years.find((entry) => entry.year === year);
    if (!group) archive.years.push((group = { year, posts: [] }));
    group.posts.push(meta(post));
  }
  if (listed.length > 0)
    routes.push({
      kind: 'view',
      route: under('/archive'),
      page: pageData(under('/archive'), words('theme.blog.archive.title'), { description: words('theme.blog.archive.description') }),
      component: 'BlogArchivePage',
      view: archive,
      excerpts: [],
    });

  return { routes, ...(hasFeeds ? { feed: feedOf(input, listed, meta) } : {}) };
}

/** What the feeds say, as data; src/blog/feeds.ts writes the XML. */
function feedOf(input: BlogRoutesInput, posts: BlogPost[], meta: (post: BlogPost) => BlogPostMeta): BlogFeed {
  const origin = input.site.url.replace(/\/$/, '');
  const absolute = (route: string) => `${origin}${route}`;
  return {
    dir: input.blog.routeBase.slice(input.site.baseUrl.length),
    url: absolute(input.blog.routeBase),
    title: `${input.site.title} ${input.options.title}`,
    description: input.options.description,
    copyright: input.site.copyright,
    ...(input.blog.locale !== undefined ? { language: input.blog.locale } : {}),
    items: posts.map((post) => ({
      title: meta(post).title,
      url: absolute(post.route),
      date: post.date.toISOString(),
      ...(post.description ? { description: post.description } : {}),
      excerpt: post.excerpt,
      authors: post.authors.map((author) => ({ name: author.name, ...(author.url ? { link: author.url } : {}) })),
      categories: post.tags.map((tag) => ({ name: tag.label, domain: absolute(tag.route) })),
    })),
  };
}
