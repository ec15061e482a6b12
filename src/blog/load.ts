/**
 * Reads the blog folder: posts (`YYYY-MM-DD-slug.md(x)` or `YYYY-MM-DD-slug/index.md(x)`),
 * `authors.yml` and `tags.yml`. Settles each post's date, route, authors, tags, excerpt and reading
 * time before anything is compiled; unknown authors are errors, undeclared tags follow `onInlineTags`.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import readingTime from 'reading-time';
import { parse as parseYaml } from 'yaml';
import type { BlogSettings, ReportLevel } from '../config/schema';
import { lineOfKey, readFrontMatter, type DocFrontMatter } from '../content/frontmatter';
import { unsafeRouteError } from '../content/route-safety';
import type { ContentReader } from '../content/site-files';
import { DocsiteError, DocsiteErrorList, fileByLevel, type SourceLocation } from '../core/errors';
import { applyTrailingSlash, unsafeRouteReason } from '../core/paths';
import kebabCase from 'lodash.kebabcase';

export interface BlogAuthor {
  key?: string;
  /**
   * Where the author's page is, below the blog's authors route: `page.permalink` in authors.yml, the key in kebab case for
   * `page: true` (Docusaurus's rules), the key as written when authors.yml says nothing (on a docsite site; a
   * Docusaurus site's author then has none, as under Docusaurus); none for `page: false`.
   */
  pagePath?: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
}

export interface BlogTag {
  key: string;
  label: string;
  /** Route of the tag's page. */
  route: string;
  description?: string;
}

export interface BlogPost {
  /** Path relative to the site folder. */
  source: string;
  absolutePath: string;
  text: string;
  digest: string;
  /** The text up to the truncate marker (frontmatter kept, so lines match), or the whole text. */
  excerpt: string;
  truncated: boolean;
  title?: string;
  date: Date;
  route: string;
  authors: BlogAuthor[];
  tags: BlogTag[];
  readingTime: number;
  frontMatter: DocFrontMatter;
  description?: string;
  image?: string;
  unlisted: boolean;
  /** The post of the blog folder this one translates (a locale's file under i18n/), by absolute path. */
  original?: string;
}

export interface BlogContent {
  /** The blog's id: `default` for `blog`, else its `extraBlogs` id. */
  id: string;
  /** Newest first. */
  posts: BlogPost[];
  /** Authors.yml keys in file order, with their data. */
  authors: Map<string, BlogAuthor>;
  tags: Map<string, BlogTag>;
  routeBase: string;
  dir: string;
  warnings: DocsiteError[];
  /** The locale it is shown in, when not the default one (see loadLocaleBlogs in src/pipeline/scan/extra-blogs.ts). */
  locale?: string;
  /** The title, description and sidebar title the locale's options.json gives it. */
  translatedOptions?: Partial<Pick<BlogSettings, 'title' | 'description' | 'blogSidebarTitle'>>;
}

type BlogOptions = BlogSettings;

const FILE_DATE = /^(\d{4})-(\d{2})-(\d{2})-(.+?)(?:\/index)?\.mdx?$/;
/** `<!-- truncate -->` in markdown, `{/* truncate *\/}` in MDX (as Docusaurus accepts). */
export const TRUNCATE_MARKER = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;

export interface BlogLoadOptions {
  siteDir: string;
  contentDir: string;
  /** The posts, relative to the blog folder, as scan.ts lists them. */
  files: string[];
  reader: ContentReader;
  baseUrl: string;
  /** The site's `trailingSlash`, which settles each post's and tag's route. */
  trailingSlash?: boolean | undefined;
  blog: BlogOptions;
  includeDrafts: boolean;
  /** An author authors.yml says nothing of a page for gets one at its key: docsite's rule; a Docusaurus site's authors have one only when asked (`page`). */
  authorPageByDefault?: boolean;
  /**
   * The folder of a locale's translations (`i18n/<locale>/docusaurus-plugin-content-blog`): a post, authors.yml
   * or tags.yml found there at the same relative path is read in place of the blog folder's.
   */
  localizedDir?: string;
}

export async function loadBlog(options: BlogLoadOptions): Promise<BlogContent> {
  const dir = path.join(options.contentDir, options.blog.path);
  const routeBase = `${options.baseUrl}${options.blog.routeBasePath}`;
  const errors: DocsiteError[] = [];
  const warnings: DocsiteError[] = [];
  /** Where a file of the blog is read from: the locale's folder when it holds it, else the blog folder. */
  const placeOf = async (file: string) =>
    options.localizedDir !== undefined && (await options.reader.realPath(path.join(options.localizedDir, file))) !== undefined ? options.localizedDir : dir;
  const authors = await readAuthors(path.join(await placeOf('authors.yml'), 'authors.yml'), options);
  const tags = await readTags(path.join(await placeOf('tags.yml'), 'tags.yml'), options, routeBase);
  const posts: BlogPost[] = [];
  for (const file of options.files) {
    try {
      const place = await placeOf(file);
      const post = await loadPost(file, { ...options, dir: place, original: place === dir ? undefined : dir, routeBase, authors, tags, warnings, errors });
      if (post && (options.includeDrafts || !post.frontMatter.draft)) posts.push(post);
    } catch (error) {
      if (error instanceof DocsiteError) errors.push(error);
      else throw error;
    }
  }
  if (errors.length > 0) throw errors.length === 1 ? errors[0]! : new DocsiteErrorList(errors);
  posts.sort((a, b) => b.date.getTime() - a.date.getTime() || a.route.localeCompare(b.route));
  return { id: 'id' in options.blog ? options.blog.id : 'default', posts, authors, tags, routeBase, dir, warnings };
}

interface PostContext {
  siteDir: string;
  reader: ContentReader;
  /** The folder the post is read from. */
  dir: string;
  /** The blog folder, when the post is a locale's translation read from elsewhere. */
  original?: string | undefined;
  routeBase: string;
  baseUrl: string;
  trailingSlash?: boolean | undefined;
  blog: BlogOptions;
  authors: Map<string, BlogAuthor>;
  tags: Map<string, BlogTag>;
  warnings: DocsiteError[];
  errors: DocsiteError[];
}

async function loadPost(file: string, context: PostContext): Promise<BlogPost | undefined> {
  const absolutePath = path.join(context.dir, file);
  const source = path.relative(context.siteDir, absolutePath);
  const text = await context.reader.readText(absolutePath);
  const frontMatter = readFrontMatter(text, source);
  const fm = frontMatter as DocFrontMatter & { date?: string; authors?: unknown; tags?: unknown; image?: string; title?: string };
  const fromName = FILE_DATE.exec(file);
  const date = fm.date ? new Date(fm.date) : fromName ? new Date(`${fromName[1]}-${fromName[2]}-${fromName[3]}T00:00:00.000Z`) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new DocsiteError({
      code: 'BLOG_POST_DATE',
      message: `${source} has no date: ${fm.date ? `"${fm.date}" is not a date` : 'the file name does not start with YYYY-MM-DD-'}.`,
      hint: 'Name the post YYYY-MM-DD-slug.md (or YYYY-MM-DD-slug/index.md), or add `date: 2024-01-31` to its frontmatter.',
      loc: { file: source, line: fm.date ? lineOfKey(text, 'date') : 1, column: 1 },
    });
  }
  const name = fromName ? fromName[4]! : file.replace(/(\/index)?\.mdx?$/, '');
  const slug = fm.slug ? fm.slug.replace(/^\/+/, '') : `${date.toISOString().slice(0, 10).replace(/-/g, '/')}/${name}`;
  const route = applyTrailingSlash(`${context.routeBase}/${slug}`, context);
  const unsafe = await unsafeRouteError({ route, keys: { slug: fm.slug }, source, text: async () => text });
  if (unsafe) throw unsafe;
  const marker = TRUNCATE_MARKER.exec(text);
  const body = withoutFrontMatter(text);
  return {
    source,
    absolutePath,
    text,
    digest: createHash('sha256').update(text).digest('hex'),
    excerpt: marker ? text.slice(0, marker.index) : text,
    truncated: marker !== null,
    date,
    route,
    authors: postAuthors(fm.authors, { source, text, authors: context.authors }),
    tags: postTags(fm.tags, { source, text, context }),
    readingTime: Math.max(1, Math.ceil(readingTime(body).minutes)),
    frontMatter,
    ...(fm.title ? { title: fm.title } : {}),
    ...(fm.description ? { description: fm.description } : {}),
    ...(typeof fm.image === 'string' ? { image: fm.image } : {}),
    unlisted: fm.unlisted === true,
    ...(context.original !== undefined ? { original: path.join(context.original, file) } : {}),
  };
}

function postAuthors(value: unknown, at: { source: string; text: string; authors: Map<string, BlogAuthor> }): BlogAuthor[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item) => {
    if (typeof item === 'string') {
      const author = at.authors.get(item);
      if (author) return author;
      const declared = [...at.authors.keys()];
      throw new DocsiteError({
        code: 'BLOG_UNKNOWN_AUTHOR',
        message: `${at.source} names the author "${item}", which authors.yml does not declare.`,
        hint: declared.length
          ? `Declared authors: ${declared.join(', ')}. Add "${item}" to authors.yml or fix the key.`
          : `authors.yml declares no authors; add "${item}" to it.`,
        loc: { file: at.source, line: lineOfKey(at.text, 'authors'), column: 1 },
      });
    }
    return toAuthor(item as Record<string, unknown>);
  });
}

function postTags(value: unknown, at: { source: string; text: string; context: PostContext }): BlogTag[] {
  if (!Array.isArray(value)) return [];
  const { tags, routeBase, blog } = at.context;
  return value.map((item) => {
    if (typeof item === 'object' && item !== null) {
      const { label, permalink } = item as { label: string; permalink?: string };
      const route = applyTrailingSlash(`${routeBase}/tags/${(permalink ?? kebab(label)).replace(/^\/+/, '')}`, at.context);
      refuseUnsafeRoute(route, `The tag permalink ${JSON.stringify(permalink)}`, { file: at.source, line: lineOfKey(at.text, 'tags'), column: 1 });
      return { key: label, label, route };
    }
    const key = String(item);
    const declared = tags.get(key);
    if (declared) return declared;
    if (tags.size > 0 || blog.onInlineTags === 'throw') reportInlineTag(key, at, blog.onInlineTags);
    return { key, label: key, route: applyTrailingSlash(`${routeBase}/tags/${kebab(key)}`, at.context) };
  });
}

function reportInlineTag(key: string, at: { source: string; text: string; context: PostContext }, level: ReportLevel): void {
  const error = new DocsiteError({
    code: 'BLOG_INLINE_TAG',
    message: `${at.source} uses the tag "${key}", which tags.yml does not declare.`,
    hint: `Declare it in tags.yml (${[...at.context.tags.keys()].join(', ') || 'no tags yet'}), or set blog.onInlineTags in the site config.`,
    loc: { file: at.source, line: lineOfKey(at.text, 'tags'), column: 1 },
  });
  fileByLevel(level, error, at.context.errors, at.context.warnings);
}

async function readAuthors(file: string, options: BlogLoadOptions): Promise<Map<string, BlogAuthor>> {
  const data = await readYaml(file, options);
  const authors = new Map<string, BlogAuthor>();
  for (const [key, value] of Object.entries(data)) {
    const author: BlogAuthor = { ...toAuthor(value as Record<string, unknown>), key };
    const page = (value as { page?: unknown } | null)?.page;
    const permalink = typeof page === 'object' && page !== null ? (page as { permalink?: unknown }).permalink : undefined;
    const pagePath =
      page === false
        ? undefined
        : typeof permalink === 'string'
          ? permalink.replace(/^\/+|\/+$/g, '')
          : page === true
            ? kebabCase(key)
            : page === undefined && options.authorPageByDefault !== false
              ? key
              : undefined;
    if (pagePath !== undefined) {
      const what = typeof permalink === 'string' ? `The page permalink of the author ${JSON.stringify(key)}` : `The author key ${JSON.stringify(key)}`;
      refuseUnsafeRoute(pagePath, what, { file: path.relative(options.siteDir, file) });
      author.pagePath = pagePath;
    }
    authors.set(key, author);
  }
  return authors;
}

async function readTags(file: string, options: BlogLoadOptions, routeBase: string): Promise<Map<string, BlogTag>> {
  const data = await readYaml(file, options);
  return new Map(
    Object.entries(data).map(([key, value]) => {
      const entry = (value ?? {}) as { label?: string; permalink?: string; description?: string };
      const label = entry.label ?? key.charAt(0).toUpperCase() + key.slice(1);
      const route = applyTrailingSlash(`${routeBase}/tags/${(entry.permalink ?? kebab(key)).replace(/^\/+/, '')}`, options);
      refuseUnsafeRoute(route, `The permalink of the tag ${JSON.stringify(key)}`, { file: path.relative(options.siteDir, file) });
      return [key, { key, label, route, ...(entry.description ? { description: entry.description } : {}) }];
    }),
  );
}

async function readYaml(file: string, { siteDir, reader }: BlogLoadOptions): Promise<Record<string, unknown>> {
  if (!(await reader.realPath(file))) return {};
  const text = await reader.readText(file);
  try {
    return (parseYaml(text) ?? {}) as Record<string, unknown>;
  } catch (error) {
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw new DocsiteError({
      code: 'BLOG_YAML_INVALID',
      message: `${path.relative(siteDir, file)} is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
      hint: 'Each entry is a key followed by indented fields, e.g. `name: Ada`.',
      loc: { file: path.relative(siteDir, file), ...(pos ? { line: pos.line, column: pos.col } : {}) },
    });
  }
}

function toAuthor(value: Record<string, unknown>): BlogAuthor {
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
  const imageUrl = text('image_url') ?? text('imageURL');
  return {
    name: text('name') ?? '',
    ...(text('title') ? { title: text('title') } : {}),
    ...(text('url') ? { url: text('url') } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  };
}

/** Tag and author pages get their routes from what the blog's files say: one that could be written outside its place is an error there. */
function refuseUnsafeRoute(route: string, what: string, loc: SourceLocation): void {
  const reason = unsafeRouteReason(route);
  if (!reason) return;
  throw new DocsiteError({
    code: 'ROUTE_UNSAFE',
    message: `${what} cannot be used: ${reason}, so its page could be written outside its place in the output folder.`,
    loc,
  });
}

/** A tag's URL part from its label, as Docusaurus makes it (lodash's kebabCase: `Web3` is `web-3`, `GraphQL` is `graph-ql`). */
function kebab(value: string): string {
  return kebabCase(value);
}

/** The text after the frontmatter block. */
export function withoutFrontMatter(text: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

/** The part before the truncate marker, compiled on its own for list pages (the whole post when there is no marker). */
export function excerptKey(post: BlogPost): string {
  return post.truncated ? `${post.source}#excerpt` : post.source;
}
