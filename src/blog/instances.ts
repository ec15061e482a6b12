/** The site's blogs taken together: the main one (`blog`, id `default`) and the others (`extraBlogs`), and each one's options. */
import type { BlogSettings, ParsedSiteConfig } from '../config/schema';
import type { BlogContent } from './load';

/** Every blog of the site: the main one first, then the others in the config's order. */
export function blogsOf(model: { blog?: BlogContent | undefined; extraBlogs?: BlogContent[] | undefined }): BlogContent[] {
  return [...(model.blog ? [model.blog] : []), ...(model.extraBlogs ?? [])];
}

/** The options of the blog with this id: `blog`'s for `default`. */
export function blogSettingsOf(site: Pick<ParsedSiteConfig, 'blog' | 'extraBlogs'>, id: string): BlogSettings {
  return (id === 'default' ? undefined : site.extraBlogs.find((set) => set.id === id)) ?? site.blog;
}
