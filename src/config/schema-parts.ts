/** The parts of the config schema that several options share: route strings, link targets, navbar items, locales, versions, source links, allowed hosts. */
import * as z from 'zod';
import { unsafeRouteReason } from '../core/paths';

/** A string routes are made from: refused when a file written for such a route could land outside its place (see unsafeRouteReason). */
export const routePart = (schema: z.ZodString) =>
  schema.superRefine((value, ctx) => {
    const reason = unsafeRouteReason(value);
    if (reason) ctx.addIssue({ code: 'custom', message: `cannot be part of a route: ${reason}` });
  });

export const reportLevel = z.enum(['ignore', 'log', 'warn', 'throw']);

export const linkTarget = z
  .object({
    label: z.string().min(1),
    /** A route inside the site, e.g. `/docs/intro`. */
    to: z.string().startsWith('/').optional(),
    /** An absolute URL outside the site. */
    href: z.url().optional(),
  })
  .strict()
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route in the site) or `href` (an external URL)',
  });

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Classes of the site's own on a navbar item's element (for an icon drawn by the site's CSS, say). */
const itemClassName = z.string().min(1).optional();

/** Which side of the navbar an item sits on. */
const itemPosition = z.enum(['left', 'right']).default('left');

export const navbarItem = z
  .object({
    /** The link's text; a link drawn by the site's CSS alone (`className`) has none, and says what it is in `ariaLabel`. */
    label: z.string().min(1).optional(),
    to: z.string().startsWith('/').optional(),
    href: z.url().optional(),
    position: itemPosition,
    activeBasePath: z.string().startsWith('/').optional(),
    /** A regular expression the route (with the base URL) matches on the pages the item is active on. */
    activeBaseRegex: z
      .string()
      .refine((source) => isRegExp(source), 'must be a regular expression')
      .optional(),
    ariaLabel: z.string().optional(),
    /** Where the link opens: `_blank` a new tab, `_self` this one (links to other sites open in a new tab unless told). */
    target: z.string().min(1).optional(),
    className: itemClassName,
    /** The link's content as HTML of the site's own, in place of `label`. */
    html: z.string().optional(),
  })
  .strict()
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route in the site) or `href` (an external URL)',
  })
  .refine((item) => item.label !== undefined || item.html !== undefined || item.ariaLabel !== undefined, {
    message: 'give a `label` (or `html`), or an `ariaLabel` for a link without text',
  });

/** HTML of the site's own in the navbar, written as it is (Docusaurus's `html` item). */
/** Where the search box sits among the items (Docusaurus's `{ type: 'search' }`); without one it comes after the right-hand items. */
export const navbarSearchItem = z
  .object({
    type: z.literal('search'),
    position: itemPosition,
    className: itemClassName,
  })
  .strict();

export const navbarHtmlItem = z
  .object({
    type: z.literal('html'),
    value: z.string(),
    position: itemPosition,
    className: itemClassName,
  })
  .strict();

/** A navbar menu of the site's own links under a label (Docusaurus's `dropdown` item). */
export const navbarLinksDropdown = z
  .object({
    type: z.literal('dropdown'),
    label: z.string().min(1),
    position: itemPosition,
    items: z.array(linkTarget).min(1),
    className: itemClassName,
  })
  .strict();

/**
 * A navbar link to a doc (`type: 'doc'`, by its id) or to the first page of a sidebar
 * (`type: 'docSidebar'`, by the sidebar's name), as Docusaurus's navbar item types: the route
 * table settles where it leads and its label, and it is active on every page of that sidebar.
 * `docsPluginId` names the docs set (an `extraDocs` id) the doc or sidebar is in; `default` is `docs`.
 */
const docItemFields = {
  label: z.string().min(1).optional(),
  position: itemPosition,
  className: itemClassName,
  docsPluginId: z.string().min(1).optional(),
};

export const navbarDocItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('doc'), docId: z.string().min(1), ...docItemFields }).strict(),
  z.object({ type: z.literal('docSidebar'), sidebarId: z.string().min(1), ...docItemFields }).strict(),
]);

/**
 * A navbar dropdown docsite fills itself: the docs versions, or the site's locales (as Docusaurus's
 * navbar item types), with links of the site's own before and after them.
 */
export const navbarDropdown = z
  .object({
    type: z.enum(['docsVersionDropdown', 'localeDropdown']),
    position: itemPosition,
    /** A version dropdown's docs set (an `extraDocs` id); the main docs, `default`, when absent. */
    docsPluginId: z.string().min(1).optional(),
    dropdownItemsBefore: z.array(linkTarget).default([]),
    dropdownItemsAfter: z.array(linkTarget).default([]),
    className: itemClassName,
  })
  .strict();

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
 * An item of a type the site adds (Docusaurus's `custom-*` types), or Docusaurus's `docsVersion` link:
 * drawn by the component src/theme/NavbarItem/ComponentTypes maps its type to, given its other keys as props.
 */
export const navbarComponentItem = z
  .object({
    type: z.string().regex(/^(custom-.+|docsVersion)$/, "a navbar item type of the site's own starts with custom-"),
    position: itemPosition,
  })
  .catchall(z.unknown())
  // Held apart from the item's props, under a key no other kind of item has.
  .transform(({ type, position, ...props }) => ({ position, component: { type, props } }));

/** The navbar's items, each of the kinds above. */
export const navbarItems = z
  .array(z.union([navbarDropdown, navbarLinksDropdown, navbarHtmlItem, navbarSearchItem, navbarDocItem, navbarComponentItem, navbarItem]))
  .default([]);

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
