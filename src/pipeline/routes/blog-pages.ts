/**
 * The blog's routes: each post's page from its compiled MDX, and the list pages (index, tags,
 * authors, archive) as generated code that imports each listed post's excerpt as its own module.
 */
import { excerptKey, type BlogContent, type BlogPost } from '../../blog/load';
import type { BlogEditUrlParams } from '../../config/schema';
import type { BlogFeed } from '../../blog/feeds';
import { blogRoutes } from '../../blog/routes';
import { routeToFile } from '../../core/paths';
import { blogSettingsOf } from '../../blog/instances';
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
  const made = blogRoutes({
    blog,
    options: blogSettingsOf(config.site, blog.id),
    site: { title: site.title, url, baseUrl, trailingSlash, copyright: footer.copyright },
    titleOf: (post) => compiled.get(post.source)?.title,
    headTitle: ctx.headTitle,
  });
  const routes: RouteEntry[] = [];
  for (const spec of made.routes) {
    if (spec.kind === 'post') {
      const result = compiled.get(spec.post.source);
      if (!result) continue;
      const linked = linker.linkedCode(result, { file: spec.post.absolutePath, source: spec.post.source, compiledAs: spec.post.source });
      routes.push({
        route: spec.page.route,
        outFile: routeToFile(spec.page.route),
        source: spec.post.source,
        module: mdxModule(linked, spec.post.absolutePath),
        contentLinks: linked.contentLinks,
        page: {
          ...spec.page,
          toc: tocOf(ctx, result, spec.post.frontMatter),
          ...editUrlOf(ctx, blog, spec.post),
          ...ctx.lastUpdates.of('blog', spec.post.absolutePath, spec.post.frontMatter, undefined),
        },
      });
      continue;
    }
    // Each excerpt is imported as `docsite:mdx/<index>`; one that did not compile renders nothing.
    const imports = spec.excerpts.map((post) => {
      const result = compiled.get(excerptKey(post));
      if (!result) return 'null';
      const linked = linker.linkedCode(result, { file: post.absolutePath, source: post.source, compiledAs: excerptKey(post) });
      mdxModules.push(mdxModule(linked, post.absolutePath));
      return `docsite:mdx/${mdxModules.length - 1}`;
    });
    routes.push(codeRoute(spec.page, blogListCode(spec.component, spec.view, imports)));
  }
  return { routes, ...(made.feed ? { feed: made.feed } : {}) };
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
  if (typeof base === 'string') return { editUrl: editLink(base, config.contentDir, post.absolutePath) };
  const params: BlogEditUrlParams = {
    blogDirPath: contentPath(config.contentDir, blog.dir),
    blogPath: contentPath(blog.dir, post.absolutePath),
    permalink: post.route,
    locale: config.site.i18n.defaultLocale,
  };
  const editUrl = callEditUrl(ctx, 'blog', post.source, () => base(params));
  return editUrl ? { editUrl } : {};
}
