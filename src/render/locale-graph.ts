/**
 * Each locale's pages run in a module graph of their own in a render thread, as under Docusaurus,
 * which builds each locale apart: the site's modules run once per locale, so a translate() at the top
 * of one of them reads that locale's messages. A locale's graph is the same files imported with
 * `?docsite-locale=<locale>`, which a resolve hook passes on to every file they import in turn.
 */
import { register } from 'node:module';

const PARAM = 'docsite-locale';

/** Passes the parent's locale on to the files it imports; runs on Node's loader thread. */
const HOOKS = `
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const parent = context.parentURL;
  if (!parent || !parent.startsWith('file:') || !result.url.startsWith('file:')) return result;
  const locale = new URL(parent).searchParams.get(${JSON.stringify(PARAM)});
  const url = new URL(result.url);
  if (locale === null || url.searchParams.has(${JSON.stringify(PARAM)})) return result;
  url.searchParams.set(${JSON.stringify(PARAM)}, locale);
  return { ...result, url: url.href };
}
`;

let hooked = false;

/** The URL of a module in the graph of `locale`; the default locale's (none) is the module's own. */
export function inLocaleGraph(url: string, locale: string | undefined): string {
  if (locale === undefined) return url;
  if (!hooked) {
    register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
    hooked = true;
  }
  const at = new URL(url);
  at.searchParams.set(PARAM, locale);
  return at.href;
}

/** A stack trace with its files as they are on disk, so a throw is found in its source maps. */
export function withoutLocaleGraph(stack: string): string {
  return stack.replace(new RegExp(`\\?${PARAM}=[^:)\\s]*`, 'g'), '');
}

/**
 * The renderers of one shared bundle, one per locale graph, loaded when first asked for: a new bundle
 * URL (the theme changed) replaces the ones kept, and one that failed to load is loaded again when
 * asked for (a warm-up's, from a bundle since removed).
 */
export function rendererCache<R>(): (url: string, locale: string | undefined) => Promise<R> {
  let of: string | undefined;
  const byLocale = new Map<string, Promise<R>>();
  return (url, locale) => {
    if (of !== url) {
      byLocale.clear();
      of = url;
    }
    const key = locale ?? '';
    let renderer = byLocale.get(key);
    if (!renderer) {
      const loading = import(inLocaleGraph(url, locale)) as Promise<R>;
      loading.catch(() => byLocale.get(key) === loading && byLocale.delete(key));
      byLocale.set(key, loading);
      renderer = loading;
    }
    return renderer;
  };
}
