/**
 * The site's pages: each pages instance's folder (the main one, `src/pages` on a Docusaurus site, and
 * each of `extraPages`), its React and Markdown pages at its route, then each again in the site's
 * other locales. A Markdown page is read as a doc is: an unchanged one only when it must be compiled.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import type { FileFactsMemo } from '../../content/file-facts';
import { readFrontMatter, type DocFrontMatter } from '../../content/frontmatter';
import type { ContentReader } from '../../content/site-files';
import { throwIfAny } from '../../core/errors';
import { applyTrailingSlash, pageRoute } from '../../core/paths';
import { textDigest } from '../../infra/digest';
import { localePages } from './locale-pages';

/** A markdown or MDX source to compile: a doc, a markdown page or a generated page. */
export interface MdxSource {
  key: string;
  /** Absolute path (generated pages use a path inside the folder they belong to). */
  file: string;
  /** Relative to the site folder, for messages. */
  display: string;
  /** The text to compile, whose SHA-256 is `digest`: read on demand, as only pages compiled anew need it. */
  readText(): Promise<string>;
  digest: string;
}

export interface PageEntry {
  route: string;
  kind: 'mdx' | 'tsx';
  absolutePath: string;
  source: string;
  frontMatter: DocFrontMatter;
  mdx?: MdxSource;
  /** The locale it is shown in, when not the default one (see locale-pages.ts). */
  locale?: string;
  /** The pages instance it belongs to (an `extraPages` id), when not the main one. */
  pluginId?: string;
}

/** Files Docusaurus's pages plugin leaves out unless its `exclude` says otherwise. */
export const PAGES_IGNORED = ['**/_*/**', '**/_*', '**/*.test.*', '**/__tests__/**'];

/** One pages instance: its folder, its route prefix under the base URL (`more/`, or empty), and its id when not the main one. */
interface PagesInstance {
  dir: string;
  routeBase: string;
  pluginId?: string;
}

interface PagesOptions {
  config: ResolvedConfig;
  reader: ContentReader;
  facts: FileFactsMemo;
}

/** The main pages instance's files (found by the content scan), then each again in the site's other locales. */
export async function loadPages(options: PagesOptions & { files: string[]; pagesDir: string }): Promise<PageEntry[]> {
  return loadInstance(options, { dir: options.pagesDir, routeBase: routeBaseOf(options.config.site.pages.routeBasePath) }, options.files);
}

/** Each `extraPages` instance's pages, found with its own include and exclude globs, in every locale. */
export async function loadExtraPages(options: PagesOptions): Promise<PageEntry[]> {
  const { config, reader } = options;
  const made = await Promise.all(
    config.site.extraPages.map(async (set) => {
      const dir = path.join(config.contentDir, set.path);
      if (!(await reader.realPath(dir).then(Boolean, () => false))) return [];
      const found = await reader.glob(set.include ?? config.layout.pagePatterns, { cwd: dir, ignore: set.exclude ?? PAGES_IGNORED });
      throwIfAny(found.errors);
      return loadInstance(options, { dir, routeBase: routeBaseOf(set.routeBasePath), pluginId: set.id }, found.files);
    }),
  );
  return made.flat();
}

/** `more`, `/more/` → `more/`; none → empty. */
const routeBaseOf = (routeBasePath: string | undefined) => {
  const trimmed = (routeBasePath ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
};

async function loadInstance(options: PagesOptions, instance: PagesInstance, files: string[]): Promise<PageEntry[]> {
  const { config, reader } = options;
  const pages = await Promise.all(files.map((file) => loadPage(options, { ...instance, relativePath: file })));
  const loadTranslated = (dir: string, relativePath: string) => loadPage(options, { ...instance, dir, relativePath });
  const translated = await localePages({ config, pages, pagesDir: instance.dir, reader, loadTranslated, pluginId: instance.pluginId });
  return [...pages, ...translated];
}

async function loadPage({ config, reader, facts }: PagesOptions, at: PagesInstance & { relativePath: string }): Promise<PageEntry> {
  const { relativePath } = at;
  const absolutePath = path.join(at.dir, relativePath);
  const source = path.relative(config.siteDir, absolutePath);
  const route = applyTrailingSlash(`${config.site.baseUrl}${at.routeBase}${pageRoute(relativePath).slice(1)}`, config.site);
  const own = at.pluginId ? { pluginId: at.pluginId } : {};
  if (/\.[jt]sx?$/.test(relativePath)) return { route, kind: 'tsx', absolutePath, source, frontMatter: {}, ...own };
  // As a doc: an unchanged page is not read until it must be compiled.
  const known = await facts.lookup(absolutePath);
  if (known.facts) {
    const mdx = { key: source, file: absolutePath, display: source, readText: () => reader.readText(absolutePath), digest: known.facts.digest };
    return { route, kind: 'mdx', absolutePath, source, frontMatter: known.facts.frontMatter, mdx, ...own };
  }
  const text = await reader.readText(absolutePath);
  const frontMatter = readFrontMatter(text, source);
  const mdx = mdxSource(absolutePath, source, text);
  facts.record(absolutePath, known.stamp, { digest: mdx.digest, frontMatter });
  return { route, kind: 'mdx', absolutePath, source, frontMatter, mdx, ...own };
}

export function mdxSource(file: string, display: string, text: string): MdxSource {
  return { key: display, file, display, readText: async () => text, digest: textDigest(text) };
}
