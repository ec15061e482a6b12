/** Walks content/ with fast-glob: the docs, the pages, the static files and the category files. */
import fg from 'fast-glob';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface ContentFiles {
  /** Relative to the docs folder. */
  docs: string[];
  /** `_category_.json|yml|yaml`, relative to the docs folder. */
  categories: string[];
  /** Relative to content/pages. */
  pages: string[];
  /** Relative to content/static. */
  static: string[];
}

const IGNORED_IN_DOCS = ['**/_*/**', '**/_*.{md,mdx}', '**/*.test.*', '**/__tests__/**'];

export async function scanContent(contentDir: string, docsPath: string): Promise<ContentFiles> {
  const docsDir = path.join(contentDir, docsPath);
  const pagesDir = path.join(contentDir, 'pages');
  const staticDir = path.join(contentDir, 'static');
  const glob = (patterns: string[], cwd: string, ignore: string[] = []) =>
    existsSync(cwd) ? fg(patterns, { cwd, ignore, dot: false, onlyFiles: true }).then((files) => files.sort()) : Promise.resolve([]);
  const [docs, categories, pages, statics] = await Promise.all([
    glob(['**/*.{md,mdx}'], docsDir, IGNORED_IN_DOCS),
    glob(['**/_category_.{json,yml,yaml}'], docsDir),
    glob(['**/*.{md,mdx,tsx}'], pagesDir, ['**/_*/**', '**/_*', '**/*.test.*']),
    glob(['**/*'], staticDir),
  ]);
  return { docs, categories, pages, static: statics };
}
