/**
 * The small vocabulary the Docusaurus mapping tables are written in: each option either goes to a
 * docsite option, is accepted and has no effect, or is named as unsupported, unless its value is
 * one that changes nothing (such as `false` or an empty list).
 */
import path from 'node:path';
import type { RouteRedirects, SitePluginEntry } from './plugins/types';

/** An option docsite cannot honour, named by its path in the Docusaurus config. */
export interface Unsupported {
  /** `presets[0].docs.showLastUpdateTime`, `plugins[1]`... */
  path: string;
  reason: string;
  hint?: string;
  /** A string written in the config (a plugin's name) that locates it better than its key. */
  quoted?: string;
  /** How many times `quoted` is written before the place meant (a plugin listed twice): 0 when absent. */
  occurrence?: number;
  /** A name written unquoted in the config (an inline plugin function's) that locates it. */
  near?: string;
  /** The plugin this is about: the build may leave such a plugin out (--skip-unsupported-plugins) and go on. */
  plugin?: string;
  /** A plugin that ran and failed, rather than an option docsite lacks. */
  failed?: boolean;
  /** A value Docusaurus would refuse too (a navbar item type nothing draws), rather than an option docsite lacks. */
  invalid?: boolean;
}

export interface MapContext {
  /** docsite's config input being filled in. */
  out: Record<string, unknown>;
  unsupported: Unsupported[];
  siteDir: string;
  /** Whether a folder exists at this path relative to the site folder. */
  hasFolder(name: string): boolean;
  /** Leave unchecked whether the site draws its navbar items' own types (a compile thread's read of the config, checked already). */
  skipNavbarTypes?: boolean;
  /** The site's own plugins found in the config, run once the config is mapped. */
  sitePlugins: SitePluginEntry[];
  /** Redirects the official client-redirects plugin makes from the routes, once they are known. */
  routeRedirects: RouteRedirects[];
}

export interface Rule {
  /** What the option becomes in docsite, for the reader of the table. */
  docsite: string;
  apply(value: unknown, ctx: MapContext, at: string): void;
}

export type Table = Record<string, Rule>;

/** Sets `dotted` (such as `docs.path`) in docsite's config input. */
export function setOption(out: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let node = out;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]!] = value;
}

/** Copied as it is to docsite's option `dotted`, whose schema then checks it. */
export function to(dotted: string, convert: (value: unknown, ctx: MapContext) => unknown = (value) => value): Rule {
  return { docsite: dotted, apply: (value, ctx) => value !== undefined && setOption(ctx.out, dotted, convert(value, ctx)) };
}

/** Accepted without effect: `why` says why nothing is lost. */
export function accepted(why: string): Rule {
  return { docsite: `accepted, no effect (${why})`, apply: () => undefined };
}

/** A value that changes nothing: absent, false, null, an empty list or object. */
export function isInert(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** Not supported yet: named in the error unless its value changes nothing (`inert`, by default `isInert`). */
export function unsupported(reason: string, inert: (value: unknown) => boolean = isInert): Rule {
  return {
    docsite: `unsupported: ${reason}`,
    apply: (value, ctx, at) => {
      if (!inert(value)) ctx.unsupported.push({ path: at, reason });
    },
  };
}

/** An object whose own keys are mapped by `table`; a key the table does not know is named as unsupported. */
export function nested(table: Table, docsite = 'see its own table'): Rule {
  return {
    docsite,
    apply: (value, ctx, at) => {
      if (value === undefined) return;
      if (!value || typeof value !== 'object' || Array.isArray(value)) {
        ctx.unsupported.push({ path: at, reason: 'expected an object here' });
        return;
      }
      applyTable(table, value as Record<string, unknown>, ctx, at);
    },
  };
}

export function applyTable(table: Table, value: Record<string, unknown>, ctx: MapContext, at: string): void {
  for (const [key, item] of Object.entries(value)) {
    const where = at ? `${at}.${key}` : key;
    const rule = Object.hasOwn(table, key) ? table[key] : undefined;
    if (rule) rule.apply(item, ctx, where);
    else if (item !== undefined) ctx.unsupported.push({ path: where, reason: 'not an option docsite knows' });
  }
}

/**
 * A path the config gives (`./sidebars.js`, or an absolute one from `require.resolve`) as docsite
 * writes it: relative to the site folder, with forward slashes.
 */
export function sitePath(value: unknown, ctx: MapContext): unknown {
  if (typeof value !== 'string') return value;
  const relative = path.isAbsolute(value) ? path.relative(ctx.siteDir, value) : path.normalize(value);
  return relative.split(path.sep).join('/');
}

/** A Docusaurus route base (`/docs`, `docs/`, `/`) as docsite writes one: no slash at either end. */
export function routeBase(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : value;
}

/**
 * A list of tags for the page head (the config's scripts, stylesheets and headTags, themeConfig's
 * metadata), each written out by `html` after the tags already there; an entry it refuses is named.
 */
export function headTagsOf(html: (entry: unknown) => string, docsite = 'htmlTags.head', expected = 'a list'): Rule {
  return {
    docsite,
    apply: (value, ctx, at) => {
      if (value === undefined) return;
      if (!Array.isArray(value)) return void ctx.unsupported.push({ path: at, reason: `expected ${expected}` });
      const out = ((ctx.out.htmlTags as { head?: string[] } | undefined)?.head ?? []).slice();
      value.forEach((entry, index) => {
        try {
          out.push(html(entry));
        } catch (error) {
          ctx.unsupported.push({ path: `${at}[${index}]`, reason: (error as Error).message });
        }
      });
      setOption(ctx.out, 'htmlTags.head', out);
    },
  };
}
