/** The shape of site.config.ts: a strict zod schema, so unknown keys and wrong types are named. */
import * as z from 'zod';
import { docFrontMatterSchema } from '../core/frontmatter-schema';

import {
  routePart,
  reportLevel,
  localeConfig,
  sourceLinkTemplate,
  allowedHostEntry,
  pagesOptions,
  pluginListFields,
  extraPagesSet,
  extraDocsSet,
  blogFields,
  extraBlogSet,
  docsOptions,
  extraSets,
} from './schema-parts';
import { footerHtml, footerLink, navbarItems } from './schema-navbar';

export { SOURCE_LINK_PLACEHOLDERS, allowedHostEntry } from './schema-parts';
export type { BlogEditUrlParams, DocsEditUrlParams } from './schema-parts';

export const siteConfigSchema = z
  .object({
    title: z.string().min(1),
    tagline: z.string().default(''),
    url: z.url().default('http://localhost:3000'),
    baseUrl: routePart(z.string().startsWith('/').endsWith('/')).default('/'),
    favicon: z.string().optional(),
    /** The default social card (Docusaurus's themeConfig.image), under content/static: og:image of every page without its own `image`. */
    image: z.string().optional(),
    titleDelimiter: z.string().min(1).default('|'),
    /** Docusaurus's `trailingSlash`: `true` links to `/docs/intro/` (`docs/intro/index.html`), `false` to `/docs/intro` (`docs/intro.html`). */
    trailingSlash: z.boolean().optional(),
    logo: z.object({ alt: z.string(), src: z.string(), srcDark: z.string().optional() }).strict().optional(),
    /**
     * `hideOnScroll`: the navbar slides away while the reader scrolls down and comes back on the way up.
     * `title`: the text beside the logo, when it is not the site's title ('' for none).
     */
    navbar: z
      .object({
        title: z.string().optional(),
        items: navbarItems,
        hideOnScroll: z.boolean().default(false),
      })
      .strict()
      .default({ items: [], hideOnScroll: false }),
    footer: z
      .object({
        /**
         * Docusaurus's footer styles: `dark` (class `footer--dark`) is dark in both colour modes; `light`,
         * the default, is Infima's light footer on a site with Infima, and the theme's dark one without.
         */
        style: z.enum(['light', 'dark']).optional(),
        /** Columns of links under a title; an item may be HTML of the site's own (`{ html }`), written as it is. */
        columns: z
          .array(
            z.object({ title: z.string().optional(), className: z.string().min(1).optional(), items: z.array(z.union([footerHtml, footerLink])) }).strict(),
          )
          .default([]),
        copyright: z.string().default(''),
        /** The copyright line as HTML of the site's own (Docusaurus's `copyright` is HTML), shown instead of `copyright`. */
        copyrightHtml: z.string().optional(),
        /** Shown above the copyright, as Docusaurus's footer.logo; `href` makes it a link. */
        logo: z
          .object({
            alt: z.string(),
            src: z.string(),
            href: z.string().optional(),
            width: z.number().int().positive().optional(),
            height: z.number().int().positive().optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .default({ columns: [], copyright: '' }),
    codeThemes: z
      .object({ light: z.string().default('github-light'), dark: z.string().default('dracula') })
      .strict()
      .default({ light: 'github-light', dark: 'dracula' }),
    /**
     * A bar above the navbar (Docusaurus's announcementBar): `content` is HTML, written by the site;
     * a visitor who closes it does not see it again until its `id` changes.
     */
    announcementBar: z
      .object({
        id: z.string().min(1).default('announcement-bar'),
        content: z.string().min(1),
        backgroundColor: z.string().default('#fff'),
        textColor: z.string().default('#000'),
        isCloseable: z.boolean().default(true),
      })
      .strict()
      .optional(),
    /**
     * The docs sidebar (Docusaurus's `themeConfig.docs.sidebar`): a button at its foot that hides it,
     * and categories that close the open ones beside them as they open. Both on by default; a
     * Docusaurus site has them off unless its config turns them on, as under Docusaurus.
     */
    docsSidebar: z
      .object({ hideable: z.boolean().default(true), autoCollapseCategories: z.boolean().default(true) })
      .strict()
      .prefault({}),
    /** Google Analytics (Docusaurus's gtag plugin): the tag in every built page's head and a page view on each client navigation. */
    gtag: z
      .object({ trackingID: z.string().min(1), anonymizeIP: z.boolean().default(false) })
      .strict()
      .optional(),
    /** Docusaurus's colour-mode settings: the mode a first visit gets, whether the navbar has a toggle, whether to follow the system. */
    colorMode: z
      .object({
        defaultMode: z.enum(['light', 'dark']).default('light'),
        disableSwitch: z.boolean().default(false),
        respectPrefersColorScheme: z.boolean().default(false),
      })
      .strict()
      .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
    i18n: z
      .object({
        defaultLocale: z.string().default('en'),
        locales: z.array(routePart(z.string())).min(1).default(['en']),
        localeConfigs: z.record(z.string(), localeConfig).default({}),
      })
      .strict()
      .default({ defaultLocale: 'en', locales: ['en'], localeConfigs: {} }),
    /** The docs: their folder, route, sidebars, edit links, versions and plugins (see docsOptions). */
    docs: docsOptions,
    /**
     * Docs sets besides `docs`, each with its own folder, route, sidebars and edit URL (Docusaurus's
     * further docs plugin instances). Ids are unique and not `default`, the id of `docs`.
     */
    extraDocs: z
      .array(extraDocsSet)
      .superRefine((sets, ctx) => {
        const seen = new Set<string>(['default']);
        sets.forEach((set, index) => {
          if (seen.has(set.id))
            ctx.addIssue({
              code: 'custom',
              path: [index, 'id'],
              message: set.id === 'default' ? '"default" is the id of `docs`; give this set its own id' : `the id "${set.id}" is used twice`,
            });
          seen.add(set.id);
        });
      })
      .default([]),
    /**
     * Doc pages generated from installed npm packages' READMEs, one per package, at
     * `<docs>/<dir>/<name>` where `@scope/pkg` becomes `scope-pkg`.
     */
    packageDocs: z
      .object({
        /** Folder of the docs the pages live in (a `dirName` for an autogenerated sidebar item). */
        dir: z
          .string()
          .regex(/^[\w-]+(\/[\w-]+)*$/, 'must be a relative folder such as packages')
          .default('packages'),
        packages: z.array(z.string().regex(/^(@[\w.-]+\/)?[\w.-]+$/, 'must be an npm package name')).min(1),
        /** Extra frontmatter per package name, e.g. a sidebar position or label. */
        frontMatter: z.record(z.string(), docFrontMatterSchema).default({}),
      })
      .strict()
      .refine((value) => Object.keys(value.frontMatter).every((name) => value.packages.includes(name)), {
        message: 'frontMatter names a package that is not in packages',
        path: ['frontMatter'],
      })
      .optional(),
    /**
     * Paths that send the visitor elsewhere (a moved page, an external post): each becomes a static
     * page with a meta refresh, a canonical link and a plain link, so it works without JavaScript.
     */
    redirects: z
      .array(
        z
          .object({
            from: routePart(z.string().regex(/^\/[^?#]*$/, 'must be a path starting with / (no query or hash)')),
            to: z.string().refine((to) => to.startsWith('/') || URL.canParse(to), 'must be a path starting with / or an absolute URL'),
          })
          .strict(),
      )
      .default([]),
    /**
     * An API reference generated from installed packages' type declarations (TypeDoc), at
     * `<docs>/<routeBasePath>/modules/<module_id>`, `.../classes/<module_id>.<Class>` and
     * `.../interfaces/<module_id>.<Interface>`; every `exports` entry of a package is a module.
     */
    apiDocs: z
      .object({
        /** Package names (every `exports` entry point), or `{ name, entryPoints: ['.', './Sub'] }` for some. */
        packages: z
          .array(
            z.union([
              z.string().regex(/^(@[\w.-]+\/)?[\w.-]+$/, 'must be an npm package name'),
              z.object({ name: z.string().min(1), entryPoints: z.array(z.string().regex(/^\.(\/.+)?$/, "must be '.' or './Sub'")).min(1) }).strict(),
            ]),
          )
          .min(1),
        routeBasePath: z
          .string()
          .regex(/^[\w-]+$/, 'must be one path segment such as api')
          .default('api'),
        /**
         * "Defined in" links: a URL template with {package}, {version}, {directory} (package.json's
         * repository.directory), {path} (the .d.ts inside the package), {stem}, {dirname} and {line}.
         * Without one, a declaration's place is shown as plain text.
         */
        sourceLink: sourceLinkTemplate.optional(),
        /** Templates for some packages, in place of `sourceLink`: `{ '@scope/pkg': '...' }`. */
        sourceLinkByPackage: z.record(z.string().regex(/^(@[\w.-]+\/)?[\w.-]+$/, 'must be an npm package name'), sourceLinkTemplate).optional(),
      })
      .strict()
      .optional(),
    /**
     * The blog, read from `content/<path>` when that folder exists: posts, tags, authors, archive,
     * RSS and Atom feeds, as a Docusaurus blog works.
     */
    /** The blog, with the site's own remark, rehype and recma plugins for its posts. */
    blog: z
      .object({ ...blogFields, ...pluginListFields })
      .strict()
      // Parsed like a written `blog: {}`, so each option has its field's default.
      .prefault({}),
    /**
     * Blogs besides `blog` (Docusaurus's further blog plugin instances, such as a changelog), each with
     * its own folder, route, posts, tags, authors and feeds. Ids are unique and not `default`, the id of `blog`.
     */
    extraBlogs: extraSets(extraBlogSet, 'blog'),
    pages: pagesOptions,
    /** Pages folders besides `pages`, each with its own route, files and plugins. Ids are unique and not `default`, the id of `pages`. */
    extraPages: extraSets(extraPagesSet, 'pages'),
    /** Docusaurus's `markdown` settings. */
    markdown: z
      .object({
        /** ```mermaid fences become diagrams, drawn in the browser in the reader's colour mode. */
        mermaid: z.boolean().default(false),
        /**
         * Rewrites each Markdown file's text before it is compiled; given the file's path (relative to
         * the site folder) and its text, returns the text to compile. Runs in the main thread.
         */
        preprocessor: z
          .custom<(args: { filePath: string; fileContent: string }) => string>(
            (value) => typeof value === 'function',
            'must be a function ({ filePath, fileContent }) => string',
          )
          .optional(),
        /** `mdx` compiles every file as MDX; `md` every file as CommonMark; `detect` `.md` as CommonMark and `.mdx` as MDX. */
        format: z.enum(['mdx', 'md', 'detect']).default('mdx'),
        /**
         * Kinds of magic comment in code blocks (Docusaurus's `prism.magicComments`), in place of the
         * default `highlight-next-line` / `highlight-start` / `highlight-end`: a comment line `line`
         * gives the next line `className`, a `block` the lines between its comments. The first kind's
         * lines (and those `{1,3}` names) are shown highlighted; each class is on its lines for the site's CSS.
         */
        magicComments: z
          .array(
            z
              .object({
                className: z.string().regex(/^[\w-]+(?: [\w-]+)*$/, 'must be class names such as code-block-error-line'),
                line: z.string().min(1).optional(),
                block: z
                  .object({ start: z.string().min(1), end: z.string().min(1) })
                  .strict()
                  .optional(),
              })
              .strict()
              .refine((kind) => kind.line !== undefined || kind.block !== undefined, 'needs a `line` or a `block` comment'),
          )
          .min(1)
          .optional(),
        /** The site's own remark, rehype and recma plugins for every page; a section's own lists run after these. */
        ...pluginListFields,
      })
      .strict()
      .default({ mermaid: false, format: 'mdx' }),
    /** The dev server (`docsite serve`). */
    server: z
      .object({
        /**
         * Host names the dev server answers besides localhost names and IP addresses (the guard
         * against DNS rebinding); `.example.com` covers the domain and its subdomains; `true` answers any host.
         */
        allowedHosts: z.union([z.array(allowedHostEntry), z.literal(true)]).default([]),
      })
      .strict()
      .default({ allowedHosts: [] }),
    /**
     * Search: the DocSearch modal and the search page. With no `algolia` block they search an index
     * the build writes into the site (no account, no network); with one, Algolia's index. `false`:
     * no search box and no search page (a Docusaurus site that configures no search has none).
     */
    search: z
      .union([
        z.literal(false),
        z
          .object({
            /** The route of the search page (`search` gives `/search?q=...`), or false for none. */
            searchPagePath: z.union([z.string().regex(/^[\w-]+(\/[\w-]+)*$/, 'must be a path such as search'), z.literal(false)]).default('search'),
            /** The modal's input placeholder. */
            placeholder: z.string().min(1).default('Search docs'),
            /** Where "Let us know." on the no-results screen links to; `{query}` becomes the query. */
            missingResultsUrl: z
              .string()
              .refine((url) => URL.canParse(url.replace(/\{query\}/g, 'q')), 'must be an absolute URL, with {query} where the query goes')
              .optional(),
            /** Filter results to the current language and docs version, as Docusaurus's contextual search does. */
            contextualSearch: z.boolean().default(true),
            algolia: z
              .object({
                appId: z.string({ error: (issue) => (issue.input === undefined ? '`appId` is missing.' : 'must be a string') }).min(1, '`appId` is missing.'),
                apiKey: z
                  .string({ error: (issue) => (issue.input === undefined ? '`apiKey` is missing.' : 'must be a string') })
                  .min(1, '`apiKey` is missing.'),
                indexName: z.string().min(1),
                contextualSearch: z.boolean().optional(),
                /** Extra search parameters sent with every query (they override the modal's own). */
                searchParameters: z.record(z.string(), z.unknown()).default({}),
                /** Send click and conversion events to Algolia Insights (loads search-insights from a CDN). */
                insights: z.boolean().default(false),
                /**
                 * Hosts that answer Algolia's API instead of Algolia's own (`http://127.0.0.1:3000` for
                 * `docsite serve`, a proxy, a test server), as algoliasearch's `hosts` option.
                 */
                hosts: z
                  .array(z.url({ protocol: /^https?$/ }))
                  .min(1)
                  .optional(),
              })
              .strict()
              .optional(),
          })
          .strict(),
      ])
      .default({ searchPagePath: 'search', placeholder: 'Search docs', contextualSearch: true }),
    /**
     * Docusaurus's customFields: values of the site's own (JSON only, as they travel to the browser)
     * that its components read from useDocusaurusContext().siteConfig.customFields.
     */
    customFields: z.record(z.string(), z.json()).default({}),
    /** Keys of a Docusaurus themeConfig that other themes and plugins read (`giscus`, `zoom`...): JSON given to `useThemeConfig()` as they are. */
    themeConfigExtra: z.record(z.string(), z.json()).default({}),
    /** Stylesheets of the site, relative to the site folder, loaded after the theme's on every page. */
    customCss: z.array(z.string().min(1)).default([]),
    /**
     * Markup written into every page as it is: in the head, right after `<body>`, and last in the
     * body (Docusaurus's scripts, stylesheets, headTags and what its plugins inject).
     */
    htmlTags: z
      .object({ head: z.array(z.string()).default([]), preBody: z.array(z.string()).default([]), postBody: z.array(z.string()).default([]) })
      .strict()
      .default({ head: [], preBody: [], postBody: [] }),
    /** Modules of the site, relative to the site folder, that every page imports in the browser before it hydrates. */
    clientModules: z.array(z.string().min(1)).default([]),
    /**
     * Infima, the CSS framework of Docusaurus's classic theme, loaded before the theme's stylesheet: a
     * site's `--ifm-*` variables and classes (`hero`, `row`, `col`, `button`, `alert`...) look as they
     * do under Docusaurus, and the theme takes its colours from the same variables.
     */
    infima: z.boolean().default(false),
    onBrokenLinks: reportLevel.default('throw'),
    onBrokenAnchors: reportLevel.default('warn'),
    onBrokenMarkdownLinks: reportLevel.default('warn'),
    onDuplicateRoutes: reportLevel.default('warn'),
    /**
     * A service worker for offline reading and faster repeat visits (production builds only). `false`
     * ships one that unregisters itself, so visitors who have the site's worker lose it.
     */
    serviceWorker: z.boolean().default(true),
  })
  .strict();

/** What a site author writes (every default may be left out). */
export type SiteConfig = z.input<typeof siteConfigSchema>;
/** What the build reads: defaults filled in. */
export type ParsedSiteConfig = z.output<typeof siteConfigSchema>;
/** A blog's options: `blog`'s, or one of `extraBlogs` (with its id). */
export type BlogSettings = ParsedSiteConfig['blog'] | ParsedSiteConfig['extraBlogs'][number];
export type ReportLevel = z.infer<typeof reportLevel>;
