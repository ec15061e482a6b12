/** The parts of the config schema that several options share: route strings, locales, docs, blog and pages sets, versions, source links, allowed hosts. */
import * as z from 'zod';
import { unsafeRouteReason } from '../core/paths';

/** A string routes are made from: refused when a file written for such a route could land outside its place (see unsafeRouteReason). */
export const routePart = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    const reason = unsafeRouteReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: `cannot be part of a route: ${reason}` });
  });

export const reportLevel = z.enum(['ignore', 'log', 'warn', 'throw']);

export const localeConfig = z
  .object({
    /** The locale's name in the locale dropdown; its name in its own language when absent ("Français"). */
    label: z.string().optional(),
    /** Its writing direction; the language's own when absent (right to left for `ar`, `he`...). */
    direction: z.enum(['ltr', 'rtl']).optional(),
    htmlLang: z.string().optional(),
    /** The locale's URL segment (`/<path>/docs/...`); the locale's name when absent. */
    path: z
      .string()
      .regex(/^[\w-]+$/, 'must be one path segment such as fr')
      .optional(),
    /** Accepted as Docusaurus has it; docsite formats no dates per locale yet. */
    calendar: z.string().optional(),
  })
  .strict();

/** One docs version's settings (Docusaurus's docs `versions.<name>`). */
export const docsVersionOptions = z
  .object({
    label: z.string().min(1).optional(),
    /** Under the docs' route: `''` for the docs root, `next`, `1.0`... */
    path: routePart(z.string().regex(/^([\w.+-]+(\/[\w.+-]+)*)?$/, 'must be a relative path such as 1.x, or an empty string')).optional(),
    banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
    /** Pages of the version carry `noindex` and stay out of the sitemap. */
    noIndex: z.boolean().optional(),
    /** The "Version: <label>" badge on its docs (shown by default when the site has more than one version). */
    badge: z.boolean().optional(),
  })
  .strict();

/** What an `apiDocs.sourceLink` template may use (src/api/source-links.ts fills them in). */
export const SOURCE_LINK_PLACEHOLDERS = ['package', 'version', 'directory', 'path', 'stem', 'dirname', 'line'] as const;

export const sourceLinkTemplate = z
  .string()
  .regex(/^https?:\/\//, 'must be an http(s) URL template')
  .refine((template) => [...template.matchAll(/\{([^{}]*)\}/g)].every((match) => (SOURCE_LINK_PLACEHOLDERS as readonly string[]).includes(match[1]!)), {
    message: `may use only the placeholders ${SOURCE_LINK_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
  });

/** One entry of server.allowedHosts: a host name, or `.example.com` for a domain and all its subdomains. */
export const allowedHostEntry = z
  .string()
  .regex(
    /^\.?[a-z\d_-]+(\.[a-z\d_-]+)*$/i,
    'must be a host name such as docs.example.com, or .example.com for a domain and its subdomains (no scheme, port or path)',
  );

/** A unified plugin as a remark, rehype or recma list takes it: the function, or `[function, options]`. */
const unifiedPlugin = z.union([
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a plugin function'),
  z.tuple([z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a plugin function')], z.unknown()),
]);

/**
 * The site's own plugins, as Docusaurus's content plugins take them: the `beforeDefault` lists run
 * before docsite's own remark and rehype plugins, the others after them.
 */
export const pluginListFields = {
  beforeDefaultRemarkPlugins: z.array(unifiedPlugin).optional(),
  remarkPlugins: z.array(unifiedPlugin).optional(),
  beforeDefaultRehypePlugins: z.array(unifiedPlugin).optional(),
  rehypePlugins: z.array(unifiedPlugin).optional(),
  recmaPlugins: z.array(unifiedPlugin).optional(),
};

/** What a pages instance takes, as Docusaurus's pages plugin: its route prefix, its files, its own plugins. */
const pagesFields = {
  /** Its URL prefix under the base URL; none by default. */
  routeBasePath: routePart(z.string()).optional(),
  /** Globs of its page files, relative to its folder: Markdown and React components by default. */
  include: z.array(z.string().min(1)).min(1).optional(),
  /** Globs of files it leaves out: `_` files and folders and tests by default. */
  exclude: z.array(z.string().min(1)).optional(),
  /** Its own remark, rehype and recma plugins, run on its Markdown pages after `markdown`'s. */
  ...pluginListFields,
};

/** The pages of the pages folder (a Docusaurus site's `src/pages`, or the folder `path` names, relative to the content folder). */
export const pagesOptions = z
  .object({ path: z.string().min(1).optional(), ...pagesFields })
  .strict()
  .default({});

/** A pages folder besides the main one (Docusaurus's further pages plugin instances), with its own options. */
export const extraPagesSet = z
  .object({
    id: z.string().regex(/^[\w-]+$/, 'must be a name such as more (letters, digits, - and _)'),
    /** Its folder, relative to the content folder. */
    path: z.string().min(1),
    ...pagesFields,
  })
  .strict();

/** What an `editUrl` function of the docs is given, as Docusaurus gives it; paths are relative to the content folder, with `/`. */
export interface DocsEditUrlParams {
  /** The doc's version: `current` for the docs folder, else its name in versions.json. */
  version: string;
  /** The version's docs folder: `docs`, `versioned_docs/version-1.0`. */
  versionDocsDirPath: string;
  /** The doc's file inside that folder: `guides/setup.md`. */
  docPath: string;
  /** The doc's URL, with the base URL. */
  permalink: string;
  locale: string;
}

/** What an `editUrl` function of the blog is given; paths are relative to the content folder, with `/`. */
export interface BlogEditUrlParams {
  /** The blog folder: `blog`. */
  blogDirPath: string;
  /** The post's file inside it: `2024-05-01-welcome.md`. */
  blogPath: string;
  permalink: string;
  locale: string;
}

/**
 * An `editUrl`: a base URL the file's path under the content folder is added to, or a function that
 * gives each page's whole URL (undefined: no link on that page).
 */
export function editUrlOption<Params>() {
  return z.union([
    z.url({ protocol: /^https?$/ }),
    z.custom<(params: Params) => string | undefined>((value) => typeof value === 'function', 'must be a URL or a function that returns one'),
  ]);
}

/** Docusaurus's `showLastUpdateTime` and `showLastUpdateAuthor`: each page shows when its file was last committed, and by whom. */
export const lastUpdateFields = {
  showLastUpdateTime: z.boolean().default(false),
  showLastUpdateAuthor: z.boolean().default(false),
};

/** A docs set's sidebar: how its categories start when they do not say, and whether its pages show their place in it (Docusaurus's options of the same names). */
export const docsSidebarFields = {
  /** Each doc shows the categories it is in above its title. */
  breadcrumbs: z.boolean().default(true),
  /** Categories start collapsed. */
  sidebarCollapsed: z.boolean().default(true),
  /** Categories can be collapsed; when not, they are always open. */
  sidebarCollapsible: z.boolean().default(true),
  /** Where a docs version's tag pages are, below the version's route: its tags list, and a page per tag below it. */
  tagsBasePath: z
    .string()
    .min(1)
    .regex(/^[\w./-]+$/, 'must be a path of letters, digits, dashes, dots and slashes')
    .refine((value) => !value.split('/').includes('..'), 'must not go up a folder')
    .default('tags'),
};

/**
 * A docs set's versions, as Docusaurus lays them out beside its folder (content/versions.json,
 * versioned_docs/version-<name>/, versioned_sidebars/version-<name>-sidebars.json; another set's
 * names start with `<id>_`) and as its options settle them.
 */
export const docsVersionFields = {
  /** The version served at the docs root: the newest of versions.json by default. */
  lastVersion: z.string().min(1).optional(),
  /** Build only these versions (`current` is the docs folder). */
  onlyIncludeVersions: z.array(z.string().min(1)).min(1).optional(),
  versions: z.record(z.string(), docsVersionOptions).default({}),
  /** Whether the docs folder itself (the version `current`, "Next") is built. */
  includeCurrentVersion: z.boolean().default(true),
  /** Ignore versions.json: only the docs folder is built. */
  disableVersioning: z.boolean().default(false),
  /** Edit links of an older version's docs point at the docs folder's file of the same path. */
  editCurrentVersion: z.boolean().default(false),
};

/** The main docs: their folder, route, sidebars, edit links, versions and the site's own plugins for them. */
export const docsOptions = z
  .object({
    /** Folder under content/ holding the docs. */
    path: z.string().default('docs'),
    /** URL prefix of the docs. */
    routeBasePath: routePart(z.string()).default('docs'),
    /** Sidebar file, relative to content/. Missing file: one autogenerated sidebar. */
    sidebarPath: z.string().default('sidebars.ts'),
    tocMinHeadingLevel: z.number().int().min(2).max(6).default(2),
    tocMaxHeadingLevel: z.number().int().min(2).max(6).default(3),
    /**
     * Globs (relative to the docs folder) of Markdown files that are not docs, in place of the
     * default: `_` files and folders, tests and `__tests__` folders.
     */
    exclude: z.array(z.string()).optional(),
    /**
     * Where a doc's source can be edited, as Docusaurus's editUrl: each doc gets an "Edit this
     * page" link to this URL followed by its path under content/ (`docs/intro.md`). A function
     * gets the doc's version, folder, path, URL and locale and returns the whole URL.
     */
    editUrl: editUrlOption<DocsEditUrlParams>().optional(),
    ...lastUpdateFields,
    ...docsSidebarFields,
    // Versioned docs, as Docusaurus lays them out beside the docs folder: content/versions.json,
    // content/versioned_docs/version-<name>/, content/versioned_sidebars/version-<name>-sidebars.json.
    ...docsVersionFields,
    /** The site's own remark, rehype and recma plugins for the docs (see pluginListFields). */
    ...pluginListFields,
  })
  .strict()
  // Parsed like a written `docs: {}`, so each option has its field's default.
  .prefault({});

/**
 * A docs set besides `docs` (Docusaurus's second docs plugin instance): its own folder, route,
 * sidebars, edit URL and versions. Its docs' ids are its own; a navbar item names it by `docsPluginId`.
 */
export const extraDocsSet = z
  .object({
    id: z.string().regex(/^[\w-]+$/, 'must be a name such as community (letters, digits, - and _)'),
    /** Folder holding its docs, relative to the content folder. */
    path: z.string().min(1),
    /** Its URL prefix; the id by default. */
    routeBasePath: routePart(z.string()).optional(),
    /** Its sidebars file, relative to the content folder; without one, one autogenerated sidebar. */
    sidebarPath: z.string().min(1).optional(),
    /** As `docs.editUrl`: a URL followed by the doc's path under the content folder, or a function. */
    editUrl: editUrlOption<DocsEditUrlParams>().optional(),
    /** As the docs': its own, not the main docs'. */
    ...lastUpdateFields,
    ...docsSidebarFields,
    /** Its versions, in files named after its id: `<id>_versions.json`, `<id>_versioned_docs/`, `<id>_versioned_sidebars/`. */
    ...docsVersionFields,
    /** Its own remark, rehype and recma plugins, run on its docs only (after `markdown`'s). */
    ...pluginListFields,
  })
  .strict();

/**
 * The blog's options: read from `content/<path>` when that folder exists: posts, tags, authors,
 * archive, RSS and Atom feeds, as a Docusaurus blog works.
 */
const blogRouteBase = z.string().regex(/^[\w-]+$/, 'must be one path segment such as blog');

export const blogFields = {
  path: z.string().default('blog'),
  /**
   * A missing folder gives a blog with no posts (its list page alone) rather than no blog: what
   * Docusaurus builds for a blog its config turns on. Set for a Docusaurus site's blogs.
   */
  emptyWhenMissing: z.boolean().optional(),
  /**
   * The segment an author's further list pages go under: `page` (`/blog/authors/ada/page/2`), as
   * Docusaurus 3.10 and later page them; `authors` (`/blog/authors/ada/authors/2`) for a Docusaurus
   * site whose installed blog plugin is older, as that one did.
   */
  authorPagesSegment: z.enum(['page', 'authors']).default('page'),
  routeBasePath: blogRouteBase.default('blog'),
  postsPerPage: z.number().int().min(1).default(10),
  /** How many recent posts the blog sidebar lists, or 'ALL'. */
  blogSidebarCount: z.union([z.number().int().min(0), z.literal('ALL')]).default(5),
  blogSidebarTitle: z.string().default('Recent posts'),
  /** Whether each post's reading time shows beside its date. */
  showReadingTime: z.boolean().default(true),
  title: z.string().default('Blog'),
  description: z.string().default('Blog'),
  /** A tag that tags.yml does not declare. */
  onInlineTags: reportLevel.default('warn'),
  /** Where a post's source can be edited, as for the docs: this URL followed by the post's path under the content folder (`blog/2024-05-01-welcome.md`). */
  editUrl: editUrlOption<BlogEditUrlParams>().optional(),
  ...lastUpdateFields,
};

/**
 * A blog besides `blog` (Docusaurus's second blog plugin instance, a changelog say): its own folder
 * and route (the id by default) and the blog's options; the blog's markdown plugin lists are not its own.
 */
export const extraBlogSet = z
  .object({
    id: z.string().regex(/^[\w-]+$/, 'must be a name such as changelog (letters, digits, - and _)'),
    ...blogFields,
    /** Its folder, relative to the content folder, and its URL prefix: the id by default. */
    path: z.string().min(1).optional(),
    routeBasePath: blogRouteBase.optional(),
    /** Its own remark, rehype and recma plugins, run on its posts only (after `markdown`'s). */
    ...pluginListFields,
  })
  .strict()
  .transform((set) => ({ ...set, path: set.path ?? set.id, routeBasePath: set.routeBasePath ?? set.id }));

/** Sets besides the main one (`extraBlogs`, `extraPages`): ids unique and not `default`, the main one's. */
export function extraSets<Item extends z.ZodType<{ id: string }>>(set: Item, kind: string) {
  return z
    .array(set)
    .superRefine((sets, ctx) => {
      const seen = new Set<string>(['default']);
      sets.forEach((each, index) => {
        if (seen.has(each.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `the ${kind} id "${each.id}" is used twice or is "default"` });
        seen.add(each.id);
      });
    })
    .default([]);
}
