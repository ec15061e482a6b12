/**
 * The blog's routes: each post's page from its compiled MDX, and the list pages (index, tags,
 * authors, archive) as generated code that imports each listed post's excerpt as its own module.
 */
import { excerptKey, type BlogContent, type BlogPost } from '../../blog/load';
import type { BlogEditUrlParams } from '../../config/schema';
import type { BlogFeed } from '../../blog/feeds';
import { blogRoutes, type BlogLocale } from '../../blog/routes';
import { routeToFile } from '../../core/paths';
import { blogOptionsOf, blogSettingsOf } from '../../blog/instances';
import { localeBaseUrl } from '../../content/locales';
import type { RouteContext } from './context';
import { blogListCode, codeRoute } from './generated-pages';
import { callEditUrl, contentPath, editLink, tocOf } from './content-pages';
import { mdxModule, type Linker } from './markdown-links';
import type { MdxModule, RouteEntry } from './types';

export interface BlogPages {
  routes: RouteEntry[];
  /** None for a blog with no posts. */
  feed?: BlogFeed;
}

/** The blog's routes and feed; each excerpt's module goes into `mdxModules`, which list pages import by index. */
export function blogPages(ctx: RouteContext, blog: BlogContent, linker: Linker, mdxModules: MdxModule[]): BlogPages {
  const { config, compiled, site } = ctx;
  const { url, baseUrl, trailingSlash, footer } = config.site;
  const inLocale = blog.locale === undefined ? undefined : blogLocale(ctx, blog.locale);
  const made = blogRoutes({
    blog,
    options: blogOptionsOf(config.site, blog),
    site: { title: site.title, url, baseUrl, trailingSlash, copyright: footer.copyright },
    titleOf: (post) => compiled.get(post.source)?.title,
    headTitle: ctx.headTitle,
    ...(inLocale ? { inLocale } : {}),
  });
  const inPlace = { ...(blog.locale !== undefined ? { locale: blog.locale } : {}) };
  // The default locale's pages name their addresses in the other locales too (hreflang, the locale dropdown).
  const several = blog.locale === undefined && config.site.i18n.locales.length > 1;
  const placed = <P extends { route: string }>(page: P): P =>
    several ? { ...page, localeLinks: localeLinksOf(ctx, config.site.i18n.defaultLocale, page.route) } : page;
  const routes: RouteEntry[] = [];
  for (const spec of made.routes) {
    if (spec.kind === 'post') {
      const result = compiled.get(spec.post.source);
      if (!result) continue;
      const linked = linker.linkedCode(result, { ...linkPlace(spec.post), ...inPlace, compiledAs: spec.post.source });
      routes.push({
        route: spec.page.route,
        outFile: routeToFile(spec.page.route),
        source: spec.post.source,
        module: mdxModule(linked, spec.post.absolutePath),
        contentLinks: linked.contentLinks,
        page: {
          ...placed(spec.page),
          toc: tocOf(ctx, result, spec.post.frontMatter),
          ...editUrlOf(ctx, blog, spec.post),
          ...ctx.lastUpdates.of('blog', spec.post.absolutePath, spec.post.frontMatter, blog.locale),
        },
      });
      continue;
    }
    // Each excerpt is imported as `docsite:mdx/<index>`; one that did not compile renders nothing.
    const imports = spec.excerpts.map((post) => {
      const result = compiled.get(excerptKey(post));
      if (!result) return 'null';
      const linked = linker.linkedCode(result, { ...linkPlace(post), ...inPlace, compiledAs: excerptKey(post) });
      mdxModules.push(mdxModule(linked, post.absolutePath));
      return `docsite:mdx/${mdxModules.length - 1}`;
    });
    routes.push(codeRoute(placed(spec.page), blogListCode(spec.component, spec.view, imports)));
  }
  return { routes, ...(made.feed ? { feed: made.feed } : {}) };
}

/** Where a post's `.md` links are read from: its file, and its original's place when it is a translation. */
function linkPlace(post: BlogPost): { file: string; source: string; original?: string } {
  return { file: post.absolutePath, source: post.source, ...(post.original !== undefined ? { original: post.original } : {}) };
}

/** What a locale's blog shows in it: its language, the theme's words of its code.json, and each page's locale and addresses in the others. */
function blogLocale(ctx: RouteContext, locale: string): BlogLocale {
  const { site } = ctx.config;
  return {
    htmlLang: site.i18n.localeConfigs[locale]?.htmlLang ?? locale,
    messages: ctx.model.translations.get(locale)?.code ?? {},
    facts: (route) => ({ locale, localeLinks: localeLinksOf(ctx, locale, route) }),
  };
}

/** A blog page's address in each locale: every blog is built in each, at the same place under its base URL. */
function localeLinksOf(ctx: RouteContext, locale: string, route: string): Record<string, string> {
  const { site } = ctx.config;
  const rest = route.slice(localeBaseUrl(site, locale).length);
  return Object.fromEntries(site.i18n.locales.map((each) => [each, `${localeBaseUrl(site, each)}${rest}`]));
}

/**
 * A post's "Edit this page" target, as a doc's: its front matter's custom_edit_url (null: none), else
 * the blog's editUrl and its path under the content folder, or what the editUrl function returns.
 */
function editUrlOf(ctx: RouteContext, blog: BlogContent, post: BlogPost): { editUrl?: string } {
  const custom = post.frontMatter.custom_edit_url;
  if (custom !== undefined) return custom === null ? {} : { editUrl: custom };
  const { config } = ctx;
  const base = blogSettingsOf(config.site, blog.id).editUrl;
  if (!base) return {};
  // A translated post is edited at its original, as Docusaurus does unless told to edit localized files.
  const file = post.original ?? post.absolutePath;
  if (typeof base === 'string') return { editUrl: editLink(base, config.contentDir, file) };
  const params: BlogEditUrlParams = {
    blogDirPath: contentPath(config.contentDir, blog.dir),
    blogPath: contentPath(blog.dir, file),
    permalink: post.route,
    locale: blog.locale ?? config.site.i18n.defaultLocale,
  };
  const editUrl = callEditUrl(ctx, 'blog', post.source, () => base(params));
  return editUrl ? { editUrl } : {};
}
