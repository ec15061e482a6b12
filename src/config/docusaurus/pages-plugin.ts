/**
 * Docusaurus's pages plugin, as the classic preset's `pages` and as a `plugins` entry
 * (`['@docusaurus/plugin-content-pages', { id, path, routeBasePath, include, exclude }]`): one with an
 * id of its own is one of docsite's `extraPages`; one without is the site's pages, when the preset's
 * are off (`pages: false`) or there is no preset.
 */
import { PLUGIN_LISTS, pluginList } from './markdown-plugins';
import { routeBase, sitePath, to, unsupported, type MapContext, type Table } from './rules';

/** Whether a plugins entry names Docusaurus's pages plugin: by package, by short name, or by a resolved path. */
export function isPagesPlugin(name: unknown): boolean {
  return typeof name === 'string' && (name === 'content-pages' || /(^|[\\/])(@docusaurus[\\/])?(docusaurus-)?plugin-content-pages([\\/]|$)/.test(name));
}

/** A pages instance's options, each to `<prefix><name>` in docsite's config (`pages.` for the site's pages, none for an extraPages set). */
export function pagesOptions(prefix: string): Table {
  return {
    path: to(`${prefix}path`, sitePath),
    routeBasePath: to(`${prefix}routeBasePath`, routeBase),
    include: to(`${prefix}include`),
    exclude: to(`${prefix}exclude`),
    ...Object.fromEntries(PLUGIN_LISTS.map((name) => [name, pluginList(`${prefix}${name}`)])),
    mdxPageComponent: unsupported('replacing the Markdown page component is not supported yet'),
    admonitions: unsupported('custom admonition keywords are not supported yet'),
    editUrl: unsupported('edit links on pages are not supported yet'),
    editLocalizedFiles: unsupported('edit links to translated files are not supported yet'),
    showLastUpdateTime: unsupported('last update times on pages are not supported yet', (value) => value === undefined || value === false),
    showLastUpdateAuthor: unsupported('last update authors on pages are not supported yet', (value) => value === undefined || value === false),
  };
}

/** The ids given so far, and where the entry for the site's own pages (no id) is written, in each config being mapped. */
const idsOf = new WeakMap<MapContext, Set<string>>();
const defaultAt = new WeakMap<MapContext, { at: string; name: string }>();

/** Maps one pages plugin entry of `plugins` (written at `at`) onto `pages` or an `extraPages` set. */
export function pagesPlugin(name: string, options: unknown, ctx: MapContext, at: string): void {
  const given = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
  const { id, ...rest } = given;
  const ids = idsOf.get(ctx) ?? new Set<string>();
  idsOf.set(ctx, ids);
  if ((id === undefined || id === 'default') && !ids.has('default')) {
    ids.add('default');
    defaultAt.set(ctx, { at, name });
    return applyOptions(rest, ctx, at, pagesOptions('pages.'));
  }
  if (typeof id !== 'string' || id === '' || ids.has(id) || id === 'default') {
    const reason = typeof id === 'string' && id !== '' ? `the pages id "${id}" is used twice` : 'a second pages instance needs its own `id`';
    ctx.unsupported.push({ path: at, reason, hint: "Give each pages plugin its own id, such as id: 'more'.", quoted: name });
    return;
  }
  ids.add(id);
  const set: Record<string, unknown> = { id, path: id };
  applyOptions(rest, { ...ctx, out: set }, at, pagesOptions(''));
  ctx.out.extraPages = [...((ctx.out.extraPages as unknown[] | undefined) ?? []), set];
}

/**
 * A pages entry without an id is the site's pages only when nothing else makes them: the classic
 * preset makes them unless its `pages` is false. Called once every entry is mapped.
 */
export function checkDefaultPages(ctx: MapContext, presetMakesPages: boolean): void {
  const entry = defaultAt.get(ctx);
  if (!entry || !presetMakesPages) return;
  ctx.unsupported.push({
    path: entry.at,
    reason: 'the classic preset already has the pages plugin "default": a second pages instance needs its own `id`',
    hint: "Give this pages plugin its own id, such as id: 'more', or set the preset's pages to false.",
    quoted: entry.name,
  });
}

function applyOptions(given: Record<string, unknown>, ctx: MapContext, at: string, table: Table): void {
  for (const [key, value] of Object.entries(given)) {
    const where = `${at}.${key}`;
    const rule = Object.hasOwn(table, key) ? table[key] : undefined;
    if (rule) rule.apply(value, ctx, where);
    else if (value !== undefined) ctx.unsupported.push({ path: where, reason: 'not an option docsite knows' });
  }
}
