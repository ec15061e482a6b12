/**
 * Links written to `.md`/`.mdx` files, turned into the routes of the pages those files make. A page's
 * code is linked (its placeholders replaced by routes) only when its module's `code` is read; its
 * links, the broken ones and what its code is made from are known at once.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DocsiteError, fileByLevel } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';
import type { CompileResult, MarkdownLink } from '../../mdx';
import { markdownLinkUses, MD_LINK_PLACEHOLDER } from '../../mdx/md-links';
import type { RouteContext } from './context';
import { instanceKey } from '../../core/versions';
import { blogsOf } from '../../blog/instances';
import type { DocsInstances, ResolvedInstance } from './docs-instances';
import type { LinkedCode, MdxModule, RouteTableOptions } from './types';

export interface LinkOptions {
  file: string;
  source: string;
  /** The docs instance a doc belongs to (its links go to docs of the same version and locale). */
  instance?: string;
  /** Where a translated doc's original lies, for its relative links to untranslated neighbours. */
  original?: string;
  /** The locale of a blog post shown in a locale but the default: its links lead to that locale's posts and docs. */
  locale?: string;
}

export interface Linker {
  /** The route a `.md` link written in `from` (a page or a partial) points at, read from that file's own folder and version. */
  markdownRoute(from: string, target: string): string | undefined;
  /** The compiled page's `.md` links turned into routes, its broken ones filed, and its code linked when read. */
  linkedCode(result: CompileResult, options: LinkOptions & { compiledAs: string }): LinkedCode;
}

export function createLinker(ctx: RouteContext, docs: DocsInstances, { memo, compileKeys }: Pick<RouteTableOptions, 'memo' | 'compileKeys'>): Linker {
  const { config, model } = ctx;
  /** Markdown links point at files; this maps every linkable page to its route (docs have their instance's map). */
  const routeOfFile = new Map<string, string>();
  for (const page of model.pages) routeOfFile.set(page.absolutePath, page.route);
  /** A locale's posts, by their file and by their original's, so that its posts link to each other. */
  const localeRouteOfFile = new Map<string, Map<string, string>>();
  for (const blog of blogsOf(model)) {
    const own = blog.locale === undefined ? routeOfFile : (localeRouteOfFile.get(blog.locale) ?? new Map<string, string>());
    if (blog.locale !== undefined) localeRouteOfFile.set(blog.locale, own);
    for (const post of blog.posts) {
      own.set(post.absolutePath, post.route);
      if (post.original !== undefined) own.set(post.original, post.route);
    }
  }
  // A link may lead into another docs set (`extraDocs`), in the linking page's locale: from the main docs to the community's, or back.
  const otherSets = [...docs.byKey.values()].filter((own) => own.instance.pluginId);
  const mainVersion = docs.byKey.get(docs.defaultKey)?.instance.version.name;
  /** A translated page of an extra set links back into the main docs of its own locale. */
  const mainOfLocale = (own: ResolvedInstance | undefined) =>
    own?.instance.pluginId && own.instance.locale ? docs.byKey.get(instanceKey(mainVersion, own.instance.locale)) : undefined;
  const fileRoute = (file: string, instance: string | undefined, locale?: string) =>
    (locale !== undefined
      ? (localeRouteOfFile.get(locale)?.get(file) ?? docs.byKey.get(instanceKey(mainVersion, locale))?.routeOfFile.get(file))
      : undefined) ??
    (instance ? docs.byKey.get(instance)?.routeOfFile.get(file) : undefined) ??
    routeOfFile.get(file) ??
    mainOfLocale(instance ? docs.byKey.get(instance) : undefined)?.routeOfFile.get(file) ??
    docs.byKey.get(docs.defaultKey)?.routeOfFile.get(file) ??
    otherSets.find((own) => own.instance.locale === docs.byKey.get(instance ?? '')?.instance.locale && own.routeOfFile.has(file))?.routeOfFile.get(file);

  const markdownRoute = (from: string, target: string): string | undefined => {
    const instance = [...docs.byKey].find(([, own]) => isInsideFolder(own.instance.docsDir, from))?.[0];
    const docsDir = (instance ? docs.byKey.get(instance)?.instance.docsDir : undefined) ?? model.docsDir;
    return firstRoute(linkedFiles(target, from, { contentDir: config.contentDir, docsDir }), (file) => fileRoute(file, instance));
  };

  // Everything a page's resolved links depend on besides its own compile result.
  const linkSettings = memo
    ? createHash('sha256')
        .update(
          JSON.stringify([
            config.contentDir,
            model.docsDir,
            config.site.onBrokenMarkdownLinks,
            [...routeOfFile].sort(([a], [b]) => (a < b ? -1 : 1)),
            [...docs.byKey].map(([key, own]) => [key, [...own.routeOfFile].sort(([a], [b]) => (a < b ? -1 : 1))]),
            ...[...localeRouteOfFile].map(([locale, own]) => [locale, [...own].sort(([a], [b]) => (a < b ? -1 : 1))]),
          ]),
        )
        .digest('hex')
    : '';
  const linkedCode = (result: CompileResult, options: LinkOptions & { compiledAs: string }): LinkedCode => {
    const compileKey = compileKeys?.get(options.compiledAs);
    const key = `${linkSettings}\0${options.file}\0${options.source}\0${options.instance ?? ''}\0${options.locale ?? ''}\0${compileKey ?? ''}`;
    let kept = memo?.linked.get(result);
    if (kept?.key !== key) {
      const docsDir = (options.instance ? docs.byKey.get(options.instance)?.instance.docsDir : undefined) ?? model.docsDir;
      kept = { key, linked: resolveLinks(ctx, result, options, compileKey, (target) => fileRoute(target, options.instance, options.locale), docsDir) };
      memo?.linked.set(result, kept);
    }
    for (const problem of kept.linked.problems) fileByLevel(problem.level, problem.error, ctx.errors, ctx.warnings);
    return kept.linked;
  };
  return { markdownRoute, linkedCode };
}

/**
 * Each `.md` link's route (or, broken, its target as written), filed once for every place the
 * code shows it, in the code's order, as replacing the placeholders one by one would.
 */
function resolveLinks(
  ctx: RouteContext,
  result: CompileResult,
  options: LinkOptions,
  compileKey: string | undefined,
  fileRoute: (file: string) => string | undefined,
  docsDir: string,
): LinkedCode {
  const { contentDir, site } = ctx.config;
  const problems: LinkedCode['problems'] = [];
  const contentLinks = new Map<string, MarkdownLink>();
  // A link written twice is reported where it is first.
  for (const link of result.links) if (!contentLinks.has(link.url)) contentLinks.set(link.url, link);
  const count = result.mdLinks.length;
  const uses = count === 0 ? [] : (result.mdLinkUses ?? markdownLinkUses(result.code, count));
  const texts = new Map<number, string>();
  for (const index of uses) {
    const ref = result.mdLinks[index]!;
    const found = firstRoute(
      linkedFiles(ref.target, options.file, { contentDir, docsDir, ...(options.original ? { original: options.original } : {}) }),
      fileRoute,
    );
    if (!found) {
      const error = new DocsiteError({
        code: 'BROKEN_MARKDOWN_LINK',
        message: `Markdown link to "${ref.target}" does not match any doc or page.`,
        hint: 'Check the relative path from this file, or link to the route instead (e.g. /docs/intro).',
        loc: { file: options.source, line: ref.line, column: ref.column },
      });
      problems.push({ error, level: site.onBrokenMarkdownLinks });
      // Left as written, hash and all: the link check then finds it broken too, and says where it is.
      const written = ref.hash ? `${ref.target}#${ref.hash}` : ref.target;
      contentLinks.set(written, { url: written, line: ref.line, column: ref.column });
      texts.set(index, JSON.stringify(written).slice(1, -1));
      continue;
    }
    const url = ref.hash ? `${found}#${ref.hash}` : found;
    contentLinks.set(url, { url, line: ref.line, column: ref.column });
    texts.set(index, JSON.stringify(url).slice(1, -1));
  }
  let code: string | undefined;
  const link = () => (uses.length === 0 ? result.code : result.code.replace(MD_LINK_PLACEHOLDER, (whole, index: string) => texts.get(Number(index)) ?? whole));
  return {
    code: () => (code ??= link()),
    // The code is the compile key's, so it and what each placeholder becomes name the linked code.
    ...(compileKey
      ? {
          madeFrom: createHash('sha256')
            .update(JSON.stringify([compileKey, [...texts].sort(([a], [b]) => a - b)]))
            .digest('hex'),
        }
      : {}),
    contentLinks,
    problems,
  };
}

/**
 * The files a `.md` link written in `from` may mean, in the order Docusaurus tries them: from the
 * file's own folder (a `/` path from the content folder), from the place of the doc a translated file
 * translates (`original`), from the docs folder, from the site's (content) folder. Made one at a time:
 * the first is nearly always a page, and a site's links are resolved again on every build.
 */
function* linkedFiles(target: string, from: string, places: { contentDir: string; docsDir: string; original?: string }): Generator<string> {
  if (target.startsWith('/')) {
    yield path.join(places.contentDir, target);
    yield path.join(places.docsDir, target);
    return;
  }
  yield path.resolve(path.dirname(from), target);
  if (places.original) yield path.resolve(path.dirname(places.original), target);
  yield path.join(places.docsDir, target);
  yield path.join(places.contentDir, target);
}

/** The route of the first of `files` that is a page. */
function firstRoute(files: Iterable<string>, routeOf: (file: string) => string | undefined): string | undefined {
  for (const file of files) {
    const route = routeOf(file);
    if (route !== undefined) return route;
  }
  return undefined;
}

/** The module of linked code: its `code` is a getter, so making the module reads none. */
export function mdxModule(linked: LinkedCode, file: string): { type: 'mdx' } & MdxModule {
  return {
    type: 'mdx',
    get code() {
      return linked.code();
    },
    resolveDir: path.dirname(file),
    ...(linked.madeFrom ? { madeFrom: linked.madeFrom } : {}),
  };
}
