/**
 * Walks content/: the docs, the pages, the blog posts, the static files and the category files,
 * and every other file there (partials, components), so that no symbolic link under content/ can
 * lead out of the site folder unnoticed. All such links are reported together.
 */
import path from 'node:path';
import { DocsiteError, DocsiteErrorList, throwIfAny } from '../core/errors';
import type { ContentReader } from './site-files';

export interface ContentFiles {
  /** Relative to the docs folder. */
  docs: string[];
  /** `_category_.json|yml|yaml`, relative to the docs folder. */
  categories: string[];
  /** Relative to content/pages. */
  pages: string[];
  /** Relative to content/static; each one's real path lies inside the site folder. */
  static: string[];
  /** Posts relative to the blog folder; undefined when there is no blog folder. */
  blog?: string[];
}

export interface ScanOptions {
  contentDir: string;
  docsPath: string;
  /** Globs of the docs folder's files that are not docs; default: `_` files and folders and tests. */
  docsExclude?: string[];
  blogPath: string;
  reader: ContentReader;
  /** Default: content/static and content/pages, with Markdown and TSX pages. */
  staticDir?: string;
  pagesDir?: string;
  pagePatterns?: string[];
  /** Page files left out: `_` files and folders and tests by default. */
  pageIgnore?: string[];
  /** The folders content lies in, walked for links; default: the whole content folder. */
  contentFolders?: string[];
}

/** A blog's posts: `2024-05-01-name.md` or `2024-05-01-name/index.md`, leaving out `_` files and folders. */
const BLOG_POSTS = ['*.{md,mdx}', '*/index.{md,mdx}'];
const BLOG_IGNORED = ['_*', '_*/**'];
export const IGNORED_IN_DOCS = ['**/_*/**', '**/_*.{md,mdx}', '**/*.test.*', '**/__tests__/**'];

export async function scanContent(options: ScanOptions): Promise<ContentFiles> {
  const { contentDir, docsPath, blogPath, reader } = options;
  const docsDir = path.join(contentDir, docsPath);
  const pagesDir = options.pagesDir ?? path.join(contentDir, 'pages');
  const blogDir = path.join(contentDir, blogPath);
  const glob = (patterns: string[], cwd: string, ignore: string[] = []) => reader.glob(patterns, { cwd, ignore });
  const hasBlog = await reader.realPath(blogDir).then(Boolean, () => false);
  const [docs, categories, pages, statics, blog, rest] = await Promise.all([
    glob(['**/*.{md,mdx}'], docsDir, options.docsExclude ?? IGNORED_IN_DOCS),
    glob(['**/_category_.{json,yml,yaml}'], docsDir),
    glob(options.pagePatterns ?? ['**/*.{md,mdx,tsx}'], pagesDir, options.pageIgnore ?? ['**/_*/**', '**/_*', '**/*.test.*', '**/__tests__/**']),
    glob(['**/*'], options.staticDir ?? path.join(contentDir, 'static')),
    glob(BLOG_POSTS, blogDir, BLOG_IGNORED),
    // All of the content, only for its links: partials, components and ignored folders are not walked
    // above. A site whose content lies at its root (Docusaurus's layout) has only its content folders walked.
    walkForLinks(reader, options.contentFolders ?? [contentDir]),
  ]);
  const errors = new Map<string, DocsiteError>();
  for (const result of [docs, categories, pages, statics, blog, rest]) for (const error of result.errors) errors.set(error.loc?.file ?? '', error);
  if (errors.size > 0) {
    const list = [...errors.values()].sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
    throw list.length === 1 ? list[0]! : new DocsiteErrorList(list);
  }
  return { docs: docs.files, categories: categories.files, pages: pages.files, static: statics.files, ...(hasBlog ? { blog: blog.files } : {}) };
}

/** Every file under `folders`, for the links the walk reports. */
async function walkForLinks(reader: ContentReader, folders: string[]): Promise<{ files: string[]; errors: DocsiteError[] }> {
  const results = await Promise.all(folders.map((dir) => reader.glob(['**'], { cwd: dir })));
  return { files: results.flatMap((result) => result.files), errors: results.flatMap((result) => result.errors) };
}

/** The docs and `_category_` files of one docs folder (a version's, a locale's), relative to it; `exclude` as the docs config's. */
export async function scanDocsFolder(reader: ContentReader, dir: string, exclude = IGNORED_IN_DOCS): Promise<{ docs: string[]; categories: string[] }> {
  const [docs, categories] = await Promise.all([
    reader.glob(['**/*.{md,mdx}'], { cwd: dir, ignore: exclude }),
    reader.glob(['**/_category_.{json,yml,yaml}'], { cwd: dir }),
  ]);
  throwIfAny([...docs.errors, ...categories.errors]);
  return { docs: docs.files, categories: categories.files };
}

/** The posts of one blog folder (a second blog's), relative to it; undefined when the folder does not exist. */
export async function scanBlogFolder(reader: ContentReader, dir: string): Promise<string[] | undefined> {
  if (!(await reader.realPath(dir).then(Boolean, () => false))) return undefined;
  const posts = await reader.glob(BLOG_POSTS, { cwd: dir, ignore: BLOG_IGNORED });
  throwIfAny(posts.errors);
  return posts.files;
}
