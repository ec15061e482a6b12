/** Reads everything the content folder declares, before any MDX is compiled: docs, pages, sidebars, statics. */
import { textDigest } from '../../infra/digest';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { DocsiteError, locateKey, throwIfAny } from '../../core/errors';
import { checkCollisions } from './collisions';
import { loadExtraDocs } from './extra-docs';
import { loadExtraPages, loadPages, mdxSource, PAGES_IGNORED, type PageEntry } from './pages';
import { loadTranslations, type LocaleTranslations } from '../../content/translations';
import { unsafeRouteErrors } from '../../content/route-safety';
import { loadDocs, type CategoryMeta, type DocEntry } from '../../content/docs';
import { CURRENT_VERSION, instanceKey } from '../../core/versions';
import { loadVersionInstances, settleVersions, type DocsInstance } from './version-instances';
import { loadPackageDocs } from '../../content/package-docs';
import { loadBlog, type BlogContent } from '../../blog/load';
import { blogsOf } from '../../blog/instances';
import { keptPosts, loadExtraBlogs, loadLocaleBlogs } from './extra-blogs';
import { openFileFacts } from '../../content/file-facts';
import { readFrontMatter, type DocFrontMatter } from '../../content/frontmatter';
import { scanContent } from '../../content/scan';
import { createContentReader, type ContentReader, type SiteFiles } from '../../content/site-files';
import { loadSidebarsFile, type SidebarsFile } from '../../content/sidebars-file';
import { createStore, type Store } from '../../infra/store';
import { docsiteFingerprint } from '../../infra/pool';

export type { MdxSource, PageEntry } from './pages';
export { mdxSource } from './pages';
export type { DocsInstance } from './version-instances';

export interface SiteModel {
  /** Every doc: the docs folder's, and those of each older version and each other locale. */
  docs: DocEntry[];
  /** The versions and locales the docs are built in; the default locale's come first, newest version first. */
  instances: DocsInstance[];
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
  /** The other blogs (`extraBlogs`) whose folders exist. */
  extraBlogs?: BlogContent[];
  /** Every blog again in each locale but the default one (see extra-blogs.ts). */
  localeBlogs?: BlogContent[];
  /** Each locale's translation files (code.json, navbar, footer, sidebar labels), by locale. */
  translations: Map<string, LocaleTranslations>;
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
  const siteFiles = options.files ?? (await createContentReader(siteDir));
  const facts = await openFileFacts({
    store: options.store ?? createStore(config.cacheDir),
    contentDir,
    fingerprint: options.fingerprint ?? docsiteFingerprint(),
    files: siteFiles,
  });
  // Globs whose folders did not change since the last scan are not walked again.
  const reader = facts.remembering(siteFiles);
  const { layout } = config;
  const files = await scanContent({
    contentDir,
    docsPath: docsConfig.path,
    docsExclude: docsConfig.exclude,
    blogPath: config.site.blog.path,
    reader,
    staticDir: layout.staticDir,
    pagesDir: layout.pagesDir,
    pagePatterns: config.site.pages.include ?? layout.pagePatterns,
    pageIgnore: config.site.pages.exclude ?? PAGES_IGNORED,
    contentFolders: layout.contentFolders,
  });
  const docsDir = path.join(contentDir, docsConfig.path);
  const routeBase = `${config.site.baseUrl}${docsConfig.routeBasePath}`;
  const packageDocs = await loadPackageDocs({ siteDir, configFile: config.configFile, config: config.site.packageDocs, files: reader });
  const blogFiles = files.blog ?? (config.site.blog.emptyWhenMissing ? [] : undefined);
  const blog =
    blogFiles &&
    (await loadBlog({
      siteDir,
      contentDir,
      files: blogFiles,
      reader,
      baseUrl: config.site.baseUrl,
      trailingSlash: config.site.trailingSlash,
      blog: config.site.blog,
      includeDrafts: options.includeDrafts,
      authorPageByDefault: config.layout.kind !== 'docusaurus',
    }));
  const extraBlogs = await loadExtraBlogs(config, { reader, includeDrafts: options.includeDrafts });
  const localeBlogs = await loadLocaleBlogs(config, { reader, includeDrafts: options.includeDrafts });
  const versions = await settleVersions(config, reader, docsConfig);
  const current = versions.find((version) => version.name === CURRENT_VERSION);
  const sharedDocs = { siteDir, includeDrafts: options.includeDrafts, reader, facts, slashes: config.site, categoryJsonAsYaml: layout.kind === 'docusaurus' };
  // Read once: the docs folder's sidebars serve it in every locale.
  const sidebarsLoading = loadSidebarsFile({ contentDir, siteDir, sidebarPath: docsConfig.sidebarPath, cacheDir: config.cacheDir, reader });
  const extraLoading = loadExtraDocs(config, sharedDocs, reader);
  // The sidebar labels of each version of the main docs and of each other docs set, in every locale.
  const translationsLoading = extraLoading.then((extra) => {
    const folders = [
      ...versions.map(({ folder }) => ({ folder })),
      ...extra.instances.flatMap(({ locale, version, pluginId }) => (locale ? [] : [{ folder: version.folder, pluginId }])),
    ];
    return loadTranslations({ contentDir, siteDir, locales: config.site.i18n.locales, docsFolders: folders, reader });
  });
  const [loaded, sidebarsFile, pages, others, extra, translations] = await Promise.all([
    current
      ? loadDocs({
          ...sharedDocs,
          docsDir,
          routeBase: current.routeBase,
          files: files.docs,
          categoryFiles: files.categories,
          generated: packageDocs.files,
          version: CURRENT_VERSION,
        })
      : { docs: [], categories: new Map<string, CategoryMeta>() },
    sidebarsLoading,
    Promise.all([loadPages({ files: files.pages, pagesDir: layout.pagesDir, config, reader, facts }), loadExtraPages({ config, reader, facts })]).then((each) =>
      each.flat(),
    ),
    // The older versions, and every version again in each locale but the default.
    loadVersionInstances({ config, versions, docsDir, currentSidebars: sidebarsLoading, skipCurrent: true, sharedDocs, files: reader }),
    extraLoading,
    translationsLoading,
  ]);
  await facts.save();
  const claimed = await checkCollisions({
    docs: [...loaded.docs, ...others.docs, ...extra.docs],
    pages: pages.filter((page) => options.includeDrafts || !page.frontMatter.draft),
    posts: [...(blog?.posts ?? []), ...[...extraBlogs, ...localeBlogs].flatMap((extra) => extra.posts)],
    level: config.site.onDuplicateRoutes,
    instanceOf: (doc) => instanceKey(doc.version, doc.locale, doc.pluginId),
  });
  throwIfAny(claimed.errors);
  const instances: DocsInstance[] = [
    ...(current ? [{ version: current, routeBase: current.routeBase, docsDir, categories: loaded.categories, sidebarsFile }] : []),
    ...others.instances,
  ];
  // Newest version first, the default locale's before the others'.
  instances.sort((a, b) => (a.locale ? 1 : 0) - (b.locale ? 1 : 0) || versions.indexOf(a.version) - versions.indexOf(b.version));
  // The extra docs sets come last: the main docs' instances keep their places.
  instances.push(...extra.instances);
  const model: SiteModel = {
    docs: claimed.docs,
    instances,
    categories: loaded.categories,
    sidebarsFile,
    pages: claimed.pages,
    staticFiles: files.static,
    docsDir,
    routeBase: current?.routeBase ?? routeBase,
    externalFiles: packageDocs.watch,
    warnings: [...packageDocs.warnings, ...[blog, ...extraBlogs, ...localeBlogs].flatMap((each) => each?.warnings ?? []), ...claimed.warnings],
    ...(blog ? { blog: keptPosts(blog, claimed.posts) } : {}),
    ...(extraBlogs.length > 0 ? { extraBlogs: extraBlogs.map((extra) => keptPosts(extra, claimed.posts)) } : {}),
    ...(localeBlogs.length > 0 ? { localeBlogs: localeBlogs.map((each) => keptPosts(each, claimed.posts)) } : {}),
    translations,
  };
  await checkRouteNames(model);
  return model;
}

/**
 * The model once more after edits that changed only the bodies of docs and markdown pages: each file
 * of `changed` is a doc or page of `previous` (read from the site folder, not a package's README)
 * whose front matter reads as it did. Its id, route, position and sidebar place come from its path
 * and front matter alone, so only its text and digest are new. Undefined when any file is not such
 * an edit (a new, moved or deleted file, front matter edited, a category or sidebars file, ...), or
 * does not read: a whole scan then decides, and reports what is wrong.
 */
export async function rescanBodies(previous: SiteModel, changed: Iterable<string>, reader: ContentReader): Promise<SiteModel | undefined> {
  const external = new Set(previous.externalFiles);
  const docsOf = new Map<string, DocEntry[]>();
  for (const doc of previous.docs) docsOf.set(doc.absolutePath, [...(docsOf.get(doc.absolutePath) ?? []), doc]);
  const pageOf = new Map(previous.pages.filter((page) => page.mdx).map((page) => [page.absolutePath, page]));
  const texts = new Map<string, string>();
  for (const file of changed) {
    const docs = docsOf.get(file);
    const page = pageOf.get(file);
    if ((!docs && !page) || external.has(file)) return undefined;
    const source = docs?.[0]!.source ?? page!.source;
    let frontMatter: DocFrontMatter;
    try {
      const text = await reader.readText(file);
      frontMatter = readFrontMatter(text, source);
      texts.set(file, text);
    } catch {
      return undefined;
    }
    const before = [...(docs ?? []).map((doc) => doc.frontMatter), ...(page ? [page.frontMatter] : [])];
    if (!before.every((kept) => JSON.stringify(kept) === JSON.stringify(frontMatter))) return undefined;
  }
  return {
    ...previous,
    docs: previous.docs.map((doc) => {
      const text = texts.get(doc.absolutePath);
      return text === undefined ? doc : { ...doc, digest: textDigest(text), readText: async () => text };
    }),
    pages: previous.pages.map((page) => {
      const text = texts.get(page.absolutePath);
      return text === undefined ? page : { ...page, mdx: mdxSource(page.absolutePath, page.source, text) };
    }),
  };
}

/**
 * Routes made from file names must be URLs as written: a `#`, `?` or `%` would make the link to the
 * page mean something else. Two routes that differ only in case are one file on many disks and
 * servers. Both are refused at the file that makes them.
 */
async function checkRouteNames(model: SiteModel): Promise<void> {
  const errors: DocsiteError[] = [];
  const sources: { route: string; source: string; slug?: unknown; readText?: () => Promise<string> }[] = [
    ...model.docs.map((doc) => ({ route: doc.route, source: doc.source, slug: doc.frontMatter.slug, readText: doc.readText })),
    ...model.pages.map((page) => ({ route: page.route, source: page.source, slug: page.frontMatter.slug, readText: page.mdx?.readText })),
    ...blogsOf(model).flatMap((blog) => blog.posts.map((post) => ({ route: post.route, source: post.source, slug: post.frontMatter.slug }))),
  ];
  // A route that could leave its place is the graver fault: said first, as such.
  throwIfAny(unsafeRouteErrors(sources));
  const byFoldedRoute = new Map<string, { route: string; source: string }>();
  for (const entry of sources) {
    const bad = /[#?%]/.exec(entry.route);
    if (bad) {
      const bySlug = typeof entry.slug === 'string' && entry.slug.includes(bad[0]);
      // A slug is a line of the front matter; a file name has no line.
      const text = bySlug && entry.readText ? await entry.readText().catch(() => undefined) : undefined;
      errors.push(
        new DocsiteError({
          code: 'ROUTE_CHARACTER_INVALID',
          message: `${entry.source} would be at ${entry.route}: ${bySlug ? 'its slug' : 'its file name'} puts "${bad[0]}" in the URL, where it cannot stand as written.`,
          loc: locateKey(entry.source, text, 'slug'),
        }),
      );
      continue;
    }
    const folded = entry.route.toLowerCase();
    const first = byFoldedRoute.get(folded);
    if (first && first.route !== entry.route) {
      errors.push(
        new DocsiteError({
          code: 'ROUTE_CASE_COLLISION',
          message: `${entry.source} (${entry.route}) and ${first.source} (${first.route}) have URLs that differ only in letter case.`,
          loc: { file: entry.source },
        }),
      );
    } else if (!first) byFoldedRoute.set(folded, entry);
  }
  throwIfAny(errors);
}
