/**
 * The blogs besides the main one (`extraBlogs`, Docusaurus's further blog plugin instances, such as
 * a changelog): each read from its own folder with its own authors and tags, at its own route.
 */
import path from 'node:path';
import { loadBlog, type BlogContent, type BlogPost } from '../../blog/load';
import type { ResolvedConfig } from '../../config/load';
import { scanBlogFolder } from '../../content/scan';
import type { ContentReader } from '../../content/site-files';

export async function loadExtraBlogs(config: ResolvedConfig, options: { reader: ContentReader; includeDrafts: boolean }): Promise<BlogContent[]> {
  const { contentDir, siteDir } = config;
  const loaded = await Promise.all(
    config.site.extraBlogs.map(async (set) => {
      const files = (await scanBlogFolder(options.reader, path.join(contentDir, set.path))) ?? (set.emptyWhenMissing ? [] : undefined);
      if (!files) return undefined;
      return loadBlog({
        siteDir,
        contentDir,
        files,
        reader: options.reader,
        baseUrl: config.site.baseUrl,
        trailingSlash: config.site.trailingSlash,
        blog: set,
        includeDrafts: options.includeDrafts,
        authorPageByDefault: config.layout.kind !== 'docusaurus',
      });
    }),
  );
  return loaded.filter((blog): blog is BlogContent => blog !== undefined);
}

/** A blog with only the posts the collision check kept. */
export function keptPosts(blog: BlogContent, kept: BlogPost[]): BlogContent {
  const keep = new Set(kept);
  return { ...blog, posts: blog.posts.filter((post) => keep.has(post)) };
}
