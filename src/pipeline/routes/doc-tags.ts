/**
 * Docs tags: the tags a doc's front matter gives it (shown at its foot), and for each docs version in
 * each locale with tagged docs, the list of its tags and a page per tag listing its docs. Inline tags
 * are slugged as Docusaurus slugs them (lodash's kebabCase) under the version's `tags` route.
 */
import kebabCase from 'lodash.kebabcase';
import { wordsOf } from '../../blog/routes';
import type { DocEntry } from '../../content/docs';
import type { DocFrontMatter } from '../../core/frontmatter-schema';
import { applyTrailingSlash } from '../../core/paths';
import type { BlogTagView } from '../../shared/blog-views';
import type { PageData } from '../../shared/types';
import type { RouteContext } from './context';
import { docsSettingsOf, isVersioned, type DocsInstances } from './docs-instances';
import { blogListCode, codeRoute } from './generated-pages';
import type { RouteEntry } from './types';

/** A doc's tags, as links to their pages under its version's route. */
export function docTagsOf(ctx: RouteContext, routeBase: string, pluginId: string | undefined, frontMatter: DocFrontMatter): BlogTagView[] {
  const base = `${routeBase}/${tagsBasePathOf(ctx, pluginId)}`;
  return (frontMatter.tags ?? []).map((tag) => {
    const { label, permalink } = typeof tag === 'string' ? { label: tag, permalink: kebabCase(tag) } : tag;
    return { label, href: applyTrailingSlash(`${base}/${permalink.replace(/^\/+/, '')}`, ctx.config.site) };
  });
}

function tagsBasePathOf(ctx: RouteContext, pluginId: string | undefined): string {
  return docsSettingsOf(ctx, pluginId).tagsBasePath.replace(/^\/+|\/+$/g, '');
}

/** The tags list and tag pages of every docs version in every locale whose listed docs have tags. */
export function docTagRoutes(ctx: RouteContext, docs: DocsInstances): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const [key, resolved] of docs.byKey) {
    const { instance } = resolved;
    const listed = (docs.docsOf.get(key) ?? []).filter((doc) => !doc.frontMatter.unlisted && ctx.compiled.has(doc.source));
    const byTag = new Map<string, { tag: BlogTagView; docs: DocEntry[] }>();
    for (const doc of listed) {
      for (const tag of docTagsOf(ctx, instance.routeBase, instance.pluginId, doc.frontMatter)) {
        const entry = byTag.get(tag.href) ?? { tag, docs: [] };
        if (!entry.docs.includes(doc)) entry.docs.push(doc);
        byTag.set(tag.href, entry);
      }
    }
    if (byTag.size === 0) continue;
    const { site } = ctx.config;
    const locale = instance.locale;
    const words = wordsOf(
      locale === undefined
        ? undefined
        : { htmlLang: site.i18n.localeConfigs[locale]?.htmlLang ?? locale, messages: ctx.model.translations.get(locale)?.code ?? {}, facts: () => ({}) },
    );
    const facts: Partial<PageData> = {
      ...(locale !== undefined ? { locale } : {}),
      ...(instance.pluginId ? { docsPluginId: instance.pluginId } : {}),
      ...(isVersioned(docs, instance.pluginId) ? { docsVersion: instance.version.name } : {}),
      ...(instance.version.noIndex ? { noIndex: true } : {}),
    };
    const page = (route: string, title: string): PageData => ({
      route,
      kind: 'page',
      title,
      headTitle: ctx.headTitle(title),
      hideTitle: false,
      contentHasTitle: true,
      toc: [],
      breadcrumbs: [],
      docsTagsListing: true,
      ...facts,
    });
    const allTagsHref = applyTrailingSlash(`${instance.routeBase}/${tagsBasePathOf(ctx, instance.pluginId)}`, site);
    const entries = [...byTag.values()].sort((a, b) => a.tag.label.localeCompare(b.tag.label));
    const tagsView = { type: 'tags', tags: entries.map(({ tag, docs: tagged }) => ({ ...tag, count: tagged.length })) };
    routes.push(codeRoute(page(allTagsHref, words('theme.tags.tagsPageTitle')), blogListCode('BlogTagsPage', tagsView, [])));
    for (const { tag, docs: tagged } of entries) {
      const nDocsTagged = words('theme.docs.tagDocListPageTitle.nDocsTagged', { count: tagged.length }, tagged.length);
      const title = words('theme.docs.tagDocListPageTitle', { nDocsTagged, tagName: tag.label });
      const view = {
        title,
        allTagsHref,
        docs: tagged
          .map((doc) => ({
            title: doc.frontMatter.title ?? ctx.compiled.get(doc.source)?.title ?? doc.id.split('/').pop()!,
            href: applyTrailingSlash(doc.route, site),
            ...(doc.frontMatter.description ? { description: doc.frontMatter.description } : {}),
          }))
          .sort((a, b) => a.title.localeCompare(b.title)),
      };
      routes.push(codeRoute(page(tag.href, title), docTagPageCode(view)));
    }
  }
  return routes;
}

/** A tag's page: the theme's DocsTagPage with its docs. */
function docTagPageCode(view: unknown): string {
  return [
    "import { jsx } from 'react/jsx-runtime';",
    "import Page from '@theme/DocsTagPage';",
    `const view = ${JSON.stringify(view)};`,
    'export default function DocTagPage() {',
    '  return jsx(Page, { view });',
    '}',
  ].join('\n');
}
