/** Reads everything the content folder declares, before any MDX is compiled: docs, pages, sidebars, statics. */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ResolvedConfig } from '../config/load';
import type { DocsiteError } from '../core/errors';
import { loadDocs, type CategoryMeta, type DocEntry } from '../content/docs';
import { loadPackageDocs } from '../content/package-docs';
import { loadBlog, type BlogContent, type BlogPost } from '../blog/load';
import { openFileFacts } from '../content/file-facts';
import { readFrontMatter, type DocFrontMatter } from '../content/frontmatter';
import { scanContent } from '../content/scan';
import { createContentReader, type ContentReader, type SiteFiles } from '../content/site-files';
import { loadSidebarsFile, type SidebarsFile } from '../content/sidebars-file';
import { pageRoute } from '../core/paths';
import { createStore, type Store } from '../exec/store';
import { docsiteFingerprint } from './pool';

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
}

export interface SiteModel {
  docs: DocEntry[];
  categories: Map<string, CategoryMeta>;
  sidebarsFile: SidebarsFile;
  pages: PageEntry[];
  /** Relative to content/static; each one's real path lies inside the site folder. */
  staticFiles: string[];
  docsDir: string;
  routeBase: string;
  /** Files outside content/ that pages are made from (package READMEs), for the dev server to watch. */
  externalFiles: string[];
  warnings: DocsiteError[];
  /** The blog, when content/<blog path> exists. */
  blog?: BlogContent;
}

export interface SiteModelOptions {
  includeDrafts: boolean;
  /** Where the facts of unchanged docs are kept; a store over the config's cache folder when not given. */
  store?: Store;
  /** docsite's fingerprint, when the caller has it already (computed here otherwise). */
  fingerprint?: string;
  /** Where the site's files are read from: the disk under the config's site folder when not given. */
  files?: SiteFiles;
}

export async function loadSiteModel(config: ResolvedConfig, options: SiteModelOptions): Promise<SiteModel> {
  const { contentDir, siteDir } = config;
  const docsConfig = config.site.docs;
  const reader = options.files ?? (await createContentReader(siteDir));
  const facts = await openFileFacts({ store: options.store ?? createStore(config.cacheDir), contentDir, fingerprint: options.fingerprint ?? docsiteFingerprint(), files: reader });
  const files = await scanContent({ contentDir, docsPath: docsConfig.path, blogPath: config.site.blog.path, reader });
  const docsDir = path.join(contentDir, docsConfig.path);
  const routeBase = `${config.site.baseUrl}${docsConfig.routeBasePath}`;
  const packageDocs = await loadPackageDocs({ siteDir, configFile: config.configFile, config: config.site.packageDocs, files: reader });
  const blog = files.blog && (await loadBlog({ siteDir, contentDir, files: files.blog, reader, baseUrl: config.site.baseUrl, blog: config.site.blog, includeDrafts: options.includeDrafts }));
  const [loaded, sidebarsFile, pages] = await Promise.all([
    loadDocs({ siteDir, docsDir, routeBase, files: files.docs, categoryFiles: files.categories, generated: packageDocs.files, includeDrafts: options.includeDrafts, reader, facts }).then(async (docs) => {
      await facts.save();
      return docs;
    }),
    loadSidebarsFile({ contentDir, siteDir, sidebarPath: docsConfig.sidebarPath, cacheDir: config.cacheDir, reader }),
    Promise.all(files.pages.map((file) => loadPage({ pagesDir: path.join(contentDir, 'pages'), relativePath: file, config, reader }))),
  ]);
  return {
    docs: loaded.docs,
    categories: loaded.categories,
    sidebarsFile,
    pages: pages.filter((page) => options.includeDrafts || !page.frontMatter.draft),
    staticFiles: files.static,
    docsDir,
    routeBase,
    externalFiles: packageDocs.watch,
    warnings: [...packageDocs.warnings, ...(blog?.warnings ?? [])],
    ...(blog ? { blog } : {}),
  };
}

async function loadPage({ pagesDir, relativePath, config, reader }: { pagesDir: string; relativePath: string; config: ResolvedConfig; reader: ContentReader }): Promise<PageEntry> {
  const absolutePath = path.join(pagesDir, relativePath);
  const source = path.relative(config.siteDir, absolutePath);
  const route = `${config.site.baseUrl.replace(/\/$/, '')}${pageRoute(relativePath)}`;
  if (relativePath.endsWith('.tsx')) return { route, kind: 'tsx', absolutePath, source, frontMatter: {} };
  const text = await reader.readText(absolutePath);
  return {
    route,
    kind: 'mdx',
    absolutePath,
    source,
    frontMatter: readFrontMatter(text, source),
    mdx: mdxSource(absolutePath, source, text),
  };
}

export function mdxSource(file: string, display: string, text: string): MdxSource {
  return { key: display, file, display, readText: async () => text, digest: digestOf(text) };
}

function docSource(doc: DocEntry): MdxSource {
  return { key: doc.source, file: doc.absolutePath, display: doc.source, readText: doc.readText, digest: doc.digest };
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every markdown/MDX source of the site to compile: the docs, the markdown pages, blog posts and their excerpts. */
export function mdxSources(model: SiteModel): MdxSource[] {
  return [
    ...model.docs.map(docSource),
    ...model.pages.flatMap((page) => (page.mdx ? [page.mdx] : [])),
    ...(model.blog?.posts ?? []).flatMap((post) => [postSource(post), ...(post.truncated ? [excerptSource(post)] : [])]),
  ];
}

function postSource(post: BlogPost): MdxSource {
  return { key: post.source, file: post.absolutePath, display: post.source, readText: async () => post.text, digest: post.digest };
}

/** The part before the truncate marker, compiled on its own for list pages (the whole post when there is no marker). */
export function excerptKey(post: BlogPost): string {
  return post.truncated ? `${post.source}#excerpt` : post.source;
}

function excerptSource(post: BlogPost): MdxSource {
  return { key: excerptKey(post), file: post.absolutePath, display: post.source, readText: async () => post.excerpt, digest: digestOf(post.excerpt) };
}
