/**
 * What blog pages hand to the theme. Post pages render the post's MDX as their content and carry
 * the post's metadata in `page.blog`; list, tag, author and archive pages render the theme's
 * components from the views below. Dates are ISO strings plus a formatted form made at build time,
 * so server and client print the same text.
 */

export interface BlogAuthorView {
  /** The authors.yml key; absent for an author written inline in a post. */
  key?: string;
  name: string;
  title?: string;
  /** The author's own site. */
  url?: string;
  imageUrl?: string;
  /** The author's page in this blog, when there is one. */
  href?: string;
}

export interface BlogTagView {
  label: string;
  href: string;
  description?: string;
  /** Number of posts with the tag (tag lists only). */
  count?: number;
}

export interface BlogPostMeta {
  title: string;
  href: string;
  /** ISO date, e.g. `2019-05-28T00:00:00.000Z`. */
  date: string;
  /** e.g. `May 28, 2019`. */
  formattedDate: string;
  /** Whole minutes, at least 1; absent when the blog does not show reading times. */
  readingTime?: number;
  authors: BlogAuthorView[];
  tags: BlogTagView[];
  description?: string;
  image?: string;
}

export interface BlogNavLink {
  title: string;
  href: string;
}

/** The blog sidebar: recent posts, grouped by year (newest first). */
export interface BlogSidebarView {
  title: string;
  years: { year: string; posts: BlogNavLink[] }[];
}

/** `page.blog` on every blog page. */
export interface BlogPageData {
  sidebar: BlogSidebarView;
  /** Post pages only: the post's metadata and its neighbours in date order. */
  post?: BlogPostMeta & { newer?: BlogNavLink; older?: BlogNavLink };
}

export interface BlogListView {
  type: 'list';
  /** e.g. `Blog`, or `3 posts tagged with "hello"`, or an author's name. */
  title: string;
  description?: string;
  /** Author pages show the author above the list. */
  author?: BlogAuthorView & { count: number };
  /** Tag pages link to all tags. */
  allTagsHref?: string;
  /** Each post with whether its excerpt stops before the end (then "Read more" links to it). */
  posts: (BlogPostMeta & { truncated: boolean })[];
  /** Pagination of the list: the main list's, a tag's or an author's. */
  newer?: string;
  older?: string;
  page: number;
  pages: number;
}

export interface BlogTagsView {
  type: 'tags';
  tags: BlogTagView[];
}

export interface BlogAuthorsView {
  type: 'authors';
  authors: (BlogAuthorView & { href: string; count: number })[];
}

export interface BlogArchiveView {
  type: 'archive';
  years: { year: string; posts: BlogPostMeta[] }[];
}

export type BlogPageView = BlogListView | BlogTagsView | BlogAuthorsView | BlogArchiveView;
