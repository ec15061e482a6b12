/** The site's blogs taken together: the main one (`blog`, id `default`), the others (`extraBlogs`), each again per locale, and each one's options. */
import type { BlogSettings, ParsedSiteConfig } from '../config/schema';
import type { BlogContent } from './load';

/** Every blog of the site: the main one first, then the others in the config's order, then each in the other locales. */
export function blogsOf(model: {
  blog?: BlogContent | undefined;
  extraBlogs?: BlogContent[] | undefined;
  localeBlogs?: BlogContent[] | undefined;
}): BlogContent[] {
  return [...(model.blog ? [model.blog] : []), ...(model.extraBlogs ?? []), ...(model.localeBlogs ?? [])];
}

/** A blog's options with what its locale's options.json translates. */
export function blogOptionsOf(site: Pick<ParsedSiteConfig, 'blog' | 'extraBlogs'>, blog: Pick<BlogContent, 'id' | 'translatedOptions'>): BlogSettings {
  return { ...blogSettingsOf(site, blog.id), ...blog.translatedOptions };
}

/** The options of the blog with this id: `blog`'s for `default`. */
export function blogSettingsOf(site: Pick<ParsedSiteConfig, 'blog' | 'extraBlogs'>, id: string): BlogSettings {
  return (id === 'default' ? undefined : site.extraBlogs.find((set) => set.id === id)) ?? site.blog;
}
