/**
 * A doc's or post's "Last updated on <date> by <author>": from its front matter's `last_update`,
 * else from the newest commit of its file, as the section's showLastUpdateTime/Author ask.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { blogSettingsOf, blogsOf } from '../../blog/instances';
import type { DocFrontMatter } from '../../content/frontmatter';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';
import { localizedBlogDir } from '../../content/locales';
import type { GitHistory } from '../../infra/git-history';
import type { PageData, SiteData } from '../../shared/types';
import type { SiteModel } from '../scan/site-model';

export type LastUpdateSection = 'docs' | 'blog';

type Shows = { showLastUpdateTime: boolean; showLastUpdateAuthor: boolean };

/**
 * What a section shows; a doc of an extra docs set (by its id, or its file in the set's folder) and a
 * post of another blog (its file in the blog's folder, or in the locale's translations of it) follow the set's own settings.
 */
function showsOf(config: ResolvedConfig, section: LastUpdateSection, where: { pluginId?: string; file?: string; locale?: string | undefined }): Shows {
  const inBlog = (set: { id: string; path: string }, file: string) =>
    isInsideFolder(path.resolve(config.contentDir, set.path), file) ||
    (where.locale !== undefined && isInsideFolder(localizedBlogDir(config.contentDir, where.locale, set.id), file));
  if (section === 'blog') for (const set of config.site.extraBlogs) if (where.file && inBlog(set, where.file)) return set;
  if (section === 'docs')
    for (const set of config.site.extraDocs)
      if (set.id === where.pluginId || (where.file && isInsideFolder(path.resolve(config.contentDir, set.path), where.file))) return set;
  return config.site[section];
}

const showsAny = (shows: Shows) => shows.showLastUpdateTime || shows.showLastUpdateAuthor;

/** The folders whose git history the pages need: those of the sections that show a last update; none when no section does. */
export function lastUpdateFolders(config: ResolvedConfig, model: SiteModel): string[] {
  const folders = new Set<string>();
  for (const instance of model.instances) if (showsAny(showsOf(config, 'docs', { pluginId: instance.pluginId }))) folders.add(instance.docsDir);
  const translations = path.join(config.contentDir, 'i18n');
  if (showsAny(config.site.docs) && existsSync(translations)) folders.add(translations);
  for (const blog of blogsOf(model)) if (showsAny(blogSettingsOf(config.site, blog.id))) folders.add(blog.dir);
  // A locale's translated posts lie under i18n/ too.
  const localeBlogShows = (model.localeBlogs ?? []).some((blog) => showsAny(blogSettingsOf(config.site, blog.id)));
  if (localeBlogShows && existsSync(translations)) folders.add(translations);
  return [...folders];
}

export interface LastUpdates {
  /** The page data of a file's last update in `section`, in the locale the page is shown in. */
  of(section: LastUpdateSection, file: string, frontMatter: DocFrontMatter, locale: string | undefined): Pick<PageData, 'lastUpdate'>;
  /** Files no date or author was found for, and git's problem, as one warning each. */
  warnings(): DocsiteError[];
}

export function lastUpdates(config: ResolvedConfig, site: SiteData, history: GitHistory | undefined): LastUpdates {
  const unknown: string[] = [];
  const formats = new Map<string, Intl.DateTimeFormat>();
  const format = (locale: string | undefined) => {
    const tag = (locale && site.locale.configs?.[locale]?.htmlLang) || site.locale.htmlLang || 'en';
    let made = formats.get(tag);
    if (!made) {
      // UTC, so that the date a page shows does not depend on where it was built.
      const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
      made = Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0 ? new Intl.DateTimeFormat(tag, options) : new Intl.DateTimeFormat('en', options);
      formats.set(tag, made);
    }
    return made;
  };
  return {
    of(section, file, frontMatter, locale) {
      const { showLastUpdateTime: showTime, showLastUpdateAuthor: showAuthor } = showsOf(config, section, { file, locale });
      if (!showTime && !showAuthor) return {};
      const given = frontMatter.last_update;
      const inHistory = history?.folders.some((folder) => isInsideFolder(folder, file)) ?? false;
      const needsGit = inHistory && ((showTime && !given?.date) || (showAuthor && !given?.author));
      const commit = needsGit ? history?.lastCommit(file) : undefined;
      if (needsGit && !commit && !history?.problem) unknown.push(path.relative(config.siteDir, file).split(path.sep).join('/'));
      const at = showTime ? (given?.date ? Date.parse(given.date) : commit?.at) : undefined;
      const by = showAuthor ? (given?.author ?? commit?.by) : undefined;
      if (at === undefined && by === undefined) return {};
      return { lastUpdate: { ...(at === undefined ? {} : { at, formattedAt: format(locale).format(at) }), ...(by === undefined ? {} : { by }) } };
    },
    warnings() {
      const out: DocsiteError[] = [];
      if (history?.problem)
        out.push(
          new DocsiteError({
            code: 'LAST_UPDATE_UNKNOWN',
            message: `The pages show no last update: ${history.problem}.`,
            hint: 'Build inside a git repository with its history (a CI checkout with fetch-depth: 0), or give the pages a last_update in their front matter.',
          }),
        );
      if (unknown.length > 0)
        out.push(
          new DocsiteError({
            code: 'LAST_UPDATE_UNKNOWN',
            message: `${unknown.length} file${unknown.length === 1 ? ' has' : 's have'} no commit, so ${unknown.length === 1 ? 'its page shows' : 'their pages show'} no last update: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}.`,
            hint: 'Commit the files, or give them a last_update in their front matter.',
          }),
        );
      return out;
    },
  };
}
