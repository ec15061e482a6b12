/**
 * A second (third...) blog of a Docusaurus config: `['@docusaurus/plugin-content-blog', { id, path,
 * routeBasePath, ... }]` in `plugins` becomes one of docsite's `extraBlogs`, its options read as the
 * classic preset's blog options are. One without an `id` is the site's blog when the preset sets none.
 */
import type { MapContext, Table } from './rules';

/** Whether a plugins entry names Docusaurus's blog plugin: by package, by short name, or by a resolved path. */
export function isBlogPlugin(name: unknown): boolean {
  return typeof name === 'string' && (name === 'content-blog' || /(^|[\\/])(@docusaurus[\\/])?(docusaurus-)?plugin-content-blog([\\/]|$)/.test(name));
}

const idsOf = new WeakMap<MapContext, Set<string>>();

/**
 * Maps one blog plugin entry of `plugins` (written at `at`) onto an `extraBlogs` set, or onto `blog`
 * when it has no id and nothing else set the blog's options; `mainBlog` is the preset's blog table (map.ts's BLOG_OPTIONS).
 */
export function blogPlugin(name: string, options: unknown, ctx: MapContext, at: string, mainBlog: Table): void {
  const given = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
  const id = given.id;
  const ids = idsOf.get(ctx) ?? new Set<string>();
  idsOf.set(ctx, ids);
  if ((id === undefined || id === 'default') && ctx.out.blog === undefined && !ids.has('default')) {
    ids.add('default');
    return applyBlogOptions(given, ctx, at, mainBlog);
  }
  if (typeof id !== 'string' || id === '' || id === 'default' || ids.has(id)) {
    const reason =
      id === undefined || id === 'default'
        ? 'a second blog needs its own `id`: the classic preset\'s blog is "default"'
        : typeof id === 'string' && id !== ''
          ? `the blog id "${id}" is used twice`
          : 'a blog `id` is a non-empty string';
    ctx.unsupported.push({ path: at, reason, hint: "Give each blog plugin its own id, such as id: 'changelog'.", quoted: name });
    return;
  }
  ids.add(id);
  const scratch: MapContext = { ...ctx, out: {} };
  applyBlogOptions(given, scratch, at, mainBlog);
  // Its markdown plugin lists come with the rest, run on its posts only.
  const set: Record<string, unknown> = { ...((scratch.out.blog as Record<string, unknown> | undefined) ?? {}), id };
  ctx.out.extraBlogs = [...((ctx.out.extraBlogs as unknown[] | undefined) ?? []), set];
}

/** The options other than `id` through the blog's table, into `ctx.out`. */
function applyBlogOptions(given: Record<string, unknown>, ctx: MapContext, at: string, table: Table): void {
  for (const [key, value] of Object.entries(given)) {
    if (key === 'id') continue;
    const where = `${at}.${key}`;
    const rule = Object.hasOwn(table, key) ? table[key] : undefined;
    if (rule) rule.apply(value, ctx, where);
    else if (value !== undefined) ctx.unsupported.push({ path: where, reason: 'not an option docsite knows' });
  }
}
