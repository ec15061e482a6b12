/** The module a route's chunk is made from (its page data, its content, its locale's module), and a digest of it made without writing it. */
import { createHash } from 'node:crypto';
import { sidebarItemsName, sidebarWithoutItems } from '../../core/navigation';
import type { PageData, SiteData } from '../../shared/types';
import type { RouteEntry } from '../routes/routes';
import { localeModuleOf } from './locale-modules';

/** The JSON of sidebar views (see RouteTableMemo), made once per view: on a large site, most of a doc page's data. */
const sidebarJson = new WeakMap<object, string>();

/** The digest of each sidebar view's JSON, made once per view. */
const sidebarDigest = new WeakMap<object, string>();

const sidebarItemsJson = (items: object): string => {
  let json = sidebarJson.get(items);
  if (json === undefined) sidebarJson.set(items, (json = JSON.stringify(items)));
  return json;
};

/** The page's data as JSON, its sidebar view's part taken from `sidebarJson`. */
function pageJson(page: PageData): string {
  const sidebar = page.sidebar;
  if (!sidebar) return JSON.stringify(page);
  const items = sidebarItemsJson(sidebar.items);
  // The same object written in parts: the page without its sidebar, the sidebar without its items, then the items.
  const side = JSON.stringify(sidebarWithoutItems(sidebar));
  const whole = JSON.stringify({ ...page, sidebar: undefined });
  const sideWithItems = side === '{}' ? `{"items":${items}}` : `${side.slice(0, -1)},"items":${items}}`;
  return whole === '{}' ? `{"sidebar":${sideWithItems}}` : `${whole.slice(0, -1)},"sidebar":${sideWithItems}}`;
}

/**
 * A digest of routeModuleCode's text, made from what the text is made from without writing it: the
 * sidebar view, most of a doc page's data, is hashed once per view, so a site graph keys its
 * unchanged pages with a few small strings each, not with their whole modules.
 */
export function routeModuleDigest(entry: RouteEntry, site: SiteData, delimiter: string): string {
  const { page, module } = entry;
  const hash = createHash('sha256').update(
    `${entry.route}\0${localeModuleOf(page, site) ?? ''}\0${module.type === 'tsx' ? `tsx\0${module.file}\0${site.title}\0${delimiter}` : 'content'}\0`,
  );
  const sidebar = page.sidebar;
  if (!sidebar) return hash.update(`page\0${JSON.stringify(page)}`).digest('hex');
  // A view the route table named stands for its JSON by that name, its items unread (a lazy view's
  // are then never made); any other is hashed, once per view.
  const name = sidebarItemsName(sidebar);
  let items = name === undefined ? sidebarDigest.get(sidebar.items) : `view\0${name}`;
  if (items === undefined) {
    items = createHash('sha256').update(sidebarItemsJson(sidebar.items)).digest('hex');
    sidebarDigest.set(sidebar.items, items);
  }
  return hash.update(`sidebar\0${JSON.stringify({ ...page, sidebar: undefined })}\0${JSON.stringify(sidebarWithoutItems(sidebar))}\0${items}`).digest('hex');
}

/** The module a route's chunk is made from: its page data and its content. */
export function routeModuleCode(entry: RouteEntry, site: SiteData, delimiter: string): string {
  const page = pageJson(entry.page);
  const siteTitle = site.title;
  // The locale's module first: it runs before the page's content and the modules that imports.
  const localeModule = localeModuleOf(entry.page, site);
  const locale = localeModule ? [`import locale from ${JSON.stringify(localeModule)};`, 'export { locale };'] : [];
  if (entry.module.type !== 'tsx')
    return [...locale, `export { default as Content } from ${JSON.stringify(`docsite:content/${entry.route}`)};`, `export const page = ${page};\n`].join('\n');
  // TSX pages may export `meta` ({ title, description, wide }) to fill their head and layout.
  return [
    ...locale,
    `import * as mod from ${JSON.stringify(entry.module.file)};`,
    'export const Content = mod.default;',
    'const meta = mod.meta || {};',
    `const base = ${page};`,
    `const title = meta.title || base.title;`,
    `export const page = { ...base, title, headTitle: title === ${JSON.stringify(siteTitle)} ? title : title + ${JSON.stringify(` ${delimiter} `)} + ${JSON.stringify(siteTitle)}, description: meta.description || base.description, wide: meta.wide === undefined ? base.wide : !!meta.wide };`,
  ].join('\n');
}
