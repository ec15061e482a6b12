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
  blogPath: string;
  reader: ContentReader;
}

const IGNORED_IN_DOCS = ['**/_*/**', '**/_*.{md,mdx}', '**/*.test.*', '**/__tests__/**'];

export async function scanContent({ contentDir, docsPath, blogPath, reader }: ScanOptions): Promise<ContentFiles> {
  const docsDir = path.join(contentDir, docsPath);
  const blogDir = path.join(contentDir, blogPath);
  const glob = (patterns: string[], cwd: string, ignore: string[] = []) => reader.glob(patterns, { cwd, ignore });
  const hasBlog = await reader.realPath(blogDir).then(Boolean, () => false);
  const [docs, categories, pages, statics, blog, rest] = await Promise.all([
    glob(['**/*.{md,mdx}'], docsDir, IGNORED_IN_DOCS),
    glob(['**/_category_.{json,yml,yaml}'], docsDir),
    glob(['**/*.{md,mdx,tsx}'], path.join(contentDir, 'pages'), ['**/_*/**', '**/_*', '**/*.test.*']),
    glob(['**/*'], path.join(contentDir, 'static')),
    glob(['*.{md,mdx}', '*/index.{md,mdx}'], blogDir, ['_*', '_*/**']),
    // All of content/, only for its links: partials, components and ignored folders are not walked above.
    glob(['**'], contentDir),
  ]);
  const errors = new Map<string, DocsiteError>();
  for (const result of [docs, categories, pages, statics, blog, rest]) for (const error of result.errors) errors.set(error.loc?.file ?? '', error);
  if (errors.size > 0) {
    const list = [...errors.values()].sort((a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? ''));
    throw list.length === 1 ? list[0]! : new DocsiteErrorList(list);
  }
  return { docs: docs.files, categories: categories.files, pages: pages.files, static: statics.files, ...(hasBlog ? { blog: blog.files } : {}) };
}

/** The docs and `_category_` files of one docs folder (a version's, a locale's), relative to it. */
export async function scanDocsFolder(reader: ContentReader, dir: string): Promise<{ docs: string[]; categories: string[] }> {
  const [docs, categories] = await Promise.all([
    reader.glob(['**/*.{md,mdx}'], { cwd: dir, ignore: IGNORED_IN_DOCS }),
    reader.glob(['**/_category_.{json,yml,yaml}'], { cwd: dir }),
  ]);
  throwIfAny([...docs.errors, ...categories.errors]);
  return { docs: docs.files, categories: categories.files };
}
