/**
 * The blogs besides the main one: the other blog instances (`extraBlogs`, Docusaurus's further blog
 * plugin instances, such as a changelog), each read from its own folder with its own authors and tags
 * at its own route; and every blog again in each locale but the default one, as Docusaurus builds it.
 */
import path from 'node:path';
import { loadBlog, type BlogContent, type BlogPost } from '../../blog/load';
import type { ResolvedConfig } from '../../config/load';
import type { BlogSettings } from '../../config/schema';
import { localeBaseUrl, localizedBlogDir } from '../../content/locales';
import { scanBlogFolder } from '../../content/scan';
import type { ContentReader } from '../../content/site-files';
import { readMessages } from '../../content/translations';

interface BlogScanOptions {
  reader: ContentReader;
  includeDrafts: boolean;
}

export async function loadExtraBlogs(config: ResolvedConfig, options: BlogScanOptions): Promise<BlogContent[]> {
  const loaded = await Promise.all(config.site.extraBlogs.map((set) => loadBlogIn(config, set, options)));
  return loaded.filter((blog): blog is BlogContent => blog !== undefined);
}

/**
 * Each blog of the site (`blog` and `extraBlogs`) in every locale but the default, under the locale's
 * URL (`/fr/blog/...`). As under Docusaurus, the blog folder's posts make the list: a post translated
 * at the same path under `i18n/<locale>/docusaurus-plugin-content-blog[-<id>]/` is read in its place
 * (authors.yml and tags.yml too), the others are shown as written; that folder's `options.json` gives
 * the blog's title, description and sidebar title in the locale.
 */
export async function loadLocaleBlogs(config: ResolvedConfig, options: BlogScanOptions): Promise<BlogContent[]> {
  const { i18n } = config.site;
  const locales = i18n.locales.filter((locale) => locale !== i18n.defaultLocale);
  if (locales.length === 0) return [];
  const sets: BlogSettings[] = [config.site.blog, ...config.site.extraBlogs];
  const loaded = await Promise.all(locales.flatMap((locale) => sets.map((set) => loadBlogIn(config, set, options, locale))));
  return loaded.filter((blog): blog is BlogContent => blog !== undefined);
}

/** One blog, in the default locale or in `locale`; none when its folder does not exist. */
async function loadBlogIn(config: ResolvedConfig, set: BlogSettings, options: BlogScanOptions, locale?: string): Promise<BlogContent | undefined> {
  const { contentDir, siteDir } = config;
  const files = (await scanBlogFolder(options.reader, path.join(contentDir, set.path))) ?? (set.emptyWhenMissing ? [] : undefined);
  if (!files) return undefined;
  const localizedDir = locale === undefined ? undefined : localizedBlogDir(contentDir, locale, 'id' in set ? set.id : undefined);
  const blog = await loadBlog({
    siteDir,
    contentDir,
    files,
    reader: options.reader,
    baseUrl: locale === undefined ? config.site.baseUrl : localeBaseUrl(config.site, locale),
    trailingSlash: config.site.trailingSlash,
    blog: set,
    includeDrafts: options.includeDrafts,
    authorPageByDefault: config.layout.kind !== 'docusaurus',
    ...(localizedDir !== undefined ? { localizedDir } : {}),
  });
  if (locale === undefined || localizedDir === undefined) return blog;
  const messages = await readMessages(path.join(localizedDir, 'options.json'), siteDir, options.reader);
  const translatedOptions = {
    ...(messages['title'] !== undefined ? { title: messages['title'] } : {}),
    ...(messages['description'] !== undefined ? { description: messages['description'] } : {}),
    ...(messages['sidebar.title'] !== undefined ? { blogSidebarTitle: messages['sidebar.title'] } : {}),
  };
  return { ...blog, locale, translatedOptions };
}

/** A blog with only the posts the collision check kept. */
export function keptPosts(blog: BlogContent, kept: BlogPost[]): BlogContent {
  const keep = new Set(kept);
  return { ...blog, posts: blog.posts.filter((post) => keep.has(post)) };
}
