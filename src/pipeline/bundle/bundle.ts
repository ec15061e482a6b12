/** What the bundle stage (chunks.ts) hands esbuild: its options, the virtual modules of the route table, images and partials, and its errors located in the site's files. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BuildOptions, Message, Plugin } from 'esbuild';
import { ERROR_CATALOGUE } from '../../core/error-catalogue';
import { DocsiteError, DocsiteErrorList, codeFrame, formatLocation } from '../../core/errors';
import { ASSET_FILE } from '../../core/paths';
import { importPosition } from '../../mdx/import-positions';
import type { SiteData } from '../../shared/types';
import type { DocsiteLocations } from '../../infra/locations';
import { outsideSiteSpecifier } from './site-boundary';
import { localeModuleCode } from './locale-modules';
import { routeModuleCode } from './route-module';
import { mdxImportsPlugin, type MdxImportCompiler, type PartialLink } from './mdx-imports';
import type { MdxModule, RouteEntry } from '../routes/routes';

export interface BundleInput {
  routes: RouteEntry[];
  site: SiteData;
  siteDir: string;
  locations: DocsiteLocations;
  titleDelimiter: string;
  /** Absolute paths of the site's own stylesheets, bundled after the theme's. */
  customCss: string[];
  /** Absolute paths of the site's client modules, which every page imports in the browser before it hydrates. */
  clientModules?: string[];
  /** The site's `infima` switch: Infima's stylesheet goes before the theme's. */
  infima?: boolean;
  /** Compiles markdown files that code imports; shared by the client and server bundles. */
  mdxImports: MdxImportCompiler;
  /** The route a `.md` link in an imported markdown file points at (RouteTable.markdownRoute). */
  markdownRoute?: (from: string, target: string) => string | undefined;
  /** Compiled markdown that generated pages import as `docsite:mdx/<index>` (blog excerpts). */
  mdxModules?: MdxModule[];
  /** Development builds skip minification and keep names readable. */
  dev?: boolean;
  /** The site's static folder, where a stylesheet's root-relative `url(/...)` is looked for. */
  staticDir?: string;
}

const NS = 'docsite';

/** A file name per route for its chunk (`route-docs-intro`), unique within the site. */
export function routeEntryNames(routes: RouteEntry[]): string[] {
  const used = new Set<string>();
  return routes.map((entry) => {
    const base = boundedName(
      `route-${
        entry.route
          .replace(/\.html$/, '')
          .replace(/[^a-zA-Z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'index'
      }`,
      entry.route,
    );
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    return name;
  });
}

/** Readable names longer than this keep their start and end with a hash, so a name with esbuild's hash and extension stays far below the file system's 255 bytes. */
const NAME_LIMIT = 96;

/** `name` as it is when short enough; else its start and a hash of `whole` (what the name is made from), which keeps long names apart. */
export function boundedName(name: string, whole: string = name): string {
  if (name.length <= NAME_LIMIT) return name;
  return `${name.slice(0, NAME_LIMIT - 17)}-${createHash('sha256').update(whole).digest('hex').slice(0, 16)}`;
}

export const ASSET_FILTER = ASSET_FILE;

/** Where a file's content is published: under assets/, named by the file and a hash of its content. */
export function assetName(file: string, contents: Uint8Array): string {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  const ext = path.extname(file);
  return `assets/${boundedName(path.basename(file, ext).replace(/[^\w-]+/g, '-'))}-${hash}${ext}`;
}

/**
 * Files imported from code (images, fonts) become URLs under assets/ named by their content hash.
 * Both builds compute the same URL, so server HTML and client hydration agree.
 */
export function assetFiles(read: () => { baseUrl: string; emitted: Map<string, Uint8Array>; sources?: Map<string, string> }): Plugin {
  return {
    name: 'docsite-assets',
    setup(b) {
      b.onLoad({ filter: ASSET_FILTER }, async (args) => {
        const { baseUrl, emitted, sources } = read();
        const contents = await readFile(args.path);
        const name = assetName(args.path, contents);
        emitted.set(name, contents);
        sources?.set(args.path, name);
        return { contents: `export default ${JSON.stringify(`${baseUrl}${name}`)};`, loader: 'js' };
      });
    },
  };
}

/** Virtual modules: the site data, one route module and one content module per route, and the server entry. */
export function virtualModules(read: () => { input: BundleInput; extra?: Record<string, string> }): Plugin {
  return {
    name: 'docsite-virtual',
    setup(b) {
      b.onResolve({ filter: /^docsite:/ }, (args) => ({ path: args.path.slice('docsite:'.length), namespace: NS }));
      b.onLoad({ filter: /.*/, namespace: NS }, (args) => {
        const { input, extra = {} } = read();
        const { routes, site } = input;
        // The tags written into the HTML are the renderer's: pages do not carry them. Each locale's own
        // navbar, footer and messages are a module of their own, which only that locale's pages import.
        if (args.path === 'site-data') return { contents: JSON.stringify({ ...site, htmlTags: undefined, localized: undefined }), loader: 'json' };
        if (args.path === CLIENT_RUNTIME.slice('docsite:'.length)) return { contents: clientRuntime(input), loader: 'js', resolveDir: input.siteDir };
        if (args.path === 'styles') return { contents: stylesEntry(input), loader: 'css', resolveDir: input.siteDir };
        if (extra[args.path] !== undefined) return { contents: extra[args.path], loader: 'js', resolveDir: input.siteDir };
        const slash = args.path.indexOf('/');
        const kind = args.path.slice(0, slash);
        const key = args.path.slice(slash + 1);
        if (kind === 'locale') {
          const own = site.localized?.[key];
          return own ? { contents: localeModuleCode(own), loader: 'js', resolveDir: input.siteDir } : undefined;
        }
        if (kind === 'mdx') {
          const module = input.mdxModules?.[Number(key)];
          return module ? { contents: module.code, loader: 'jsx', resolveDir: module.resolveDir } : undefined;
        }
        const entry = routeByName(routes).get(key);
        if (!entry) return undefined;
        if (kind === 'route') return { contents: routeModuleCode(entry, site, input.titleDelimiter), loader: 'js', resolveDir: input.siteDir };
        if (kind === 'content' && entry.module.type !== 'tsx') return { contents: entry.module.code, loader: 'jsx', resolveDir: entry.module.resolveDir };
        return undefined;
      });
    },
  };
}

/** The browser's runtime entry of a site with client modules: each of them imported, in order, before the runtime itself. */
export const CLIENT_RUNTIME = 'docsite:client-runtime';

function clientRuntime(input: BundleInput): string {
  return (
    [...(input.clientModules ?? []), input.locations.runtimeEntry].map((file) => `import ${JSON.stringify(file)};`).join('\n') +
    `\nexport * from ${JSON.stringify(input.locations.runtimeEntry)};\n`
  );
}

/** The runtime's entry: docsite's own, or the one that runs the site's client modules first (a site without any keeps its bundle as it was). */
export function runtimeEntryOf(input: BundleInput): string {
  return input.clientModules?.length ? CLIENT_RUNTIME : input.locations.runtimeEntry;
}

/**
 * One stylesheet for every page: the theme's rules first, so the site's own rules win on equal
 * specificity. Infima, when the site turns it on, comes before the theme: the theme's chrome uses
 * some of Infima's class names (navbar, menu, footer, pagination-nav) and keeps its own look where
 * both set a property, while the classes only Infima styles (hero, row, col, card, badge) look as
 * Infima draws them; the site's custom.css, last, overrides both, as under Docusaurus.
 */
function stylesEntry(input: BundleInput): string {
  const infima = input.infima ? [infimaCss(input.locations.root)] : [];
  return [...infima, input.locations.themeCss, ...input.customCss].map((file) => `@import ${JSON.stringify(file)};`).join('\n');
}

/** Infima's stylesheet as docsite's own dependency resolves it, whatever the site has installed. */
function infimaCss(docsiteRoot: string): string {
  return createRequire(path.join(docsiteRoot, 'package.json')).resolve('infima/dist/css/default/default.css');
}

const routeMaps = new WeakMap<RouteEntry[], Map<string, RouteEntry>>();

/** Routes by route, for virtual module paths (`docsite:route/<route>`), which stay the same when other pages come and go. */
function routeByName(routes: RouteEntry[]): Map<string, RouteEntry> {
  let map = routeMaps.get(routes);
  if (!map) {
    map = new Map(routes.map((entry) => [entry.route, entry]));
    routeMaps.set(routes, map);
  }
  return map;
}

export function sharedOptions(input: BundleInput): BuildOptions {
  const nm = input.locations.nodeModules;
  return {
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    // Docusaurus sites write React components in .js files (src/pages/index.js): JSX is allowed there
    // as Docusaurus allows it. A .js file without JSX bundles to the same code either way.
    loader: { '.js': 'jsx' },
    absWorkingDir: input.siteDir,
    alias: {
      '@theme': input.locations.themeDir,
      // Docusaurus's client modules (Link, useBaseUrl, BrowserOnly, ...), written for this theme.
      '@docusaurus': path.join(input.locations.themeDir, 'docusaurus'),
      '@site': input.siteDir,
      react: path.join(nm, 'react'),
      'react-dom': path.join(nm, 'react-dom'),
    },
    nodePaths: [nm],
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(input.dev ? 'development' : 'production') },
    // Packages that ship separate dev and prod builds (lexical does) pick one through these export
    // conditions; without them the default entry bundles both and chooses at run time.
    conditions: [input.dev ? 'development' : 'production'],
  };
}

/**
 * Modules that only ever run in the browser (the mermaid library, imported when a diagram mounts)
 * are an empty module in the Node bundle, which renders pages and never draws a diagram.
 */
export function browserOnlyModules(): Plugin {
  return {
    name: 'docsite-browser-only',
    setup(b) {
      b.onResolve({ filter: /^mermaid$/ }, (args) => ({ path: args.path, namespace: 'docsite-browser-only' }));
      b.onLoad({ filter: /.*/, namespace: 'docsite-browser-only' }, () => ({ contents: 'export default undefined;', loader: 'js' }));
    },
  };
}

/** Compiles markdown imports with whatever compiler the current run of a (possibly kept) build has. */
export function mdxImportsOf(read: () => { input: BundleInput }, onLinks?: (links: PartialLink[]) => void): Plugin {
  return mdxImportsPlugin({ compile: (file) => read().input.mdxImports.compile(file, read().input.markdownRoute) }, onLinks);
}

/**
 * esbuild reports errors in a page's module at lines of the compiled code. Each is reported at the
 * page's own file instead, and an unresolvable import at the line where the page imports it (from
 * the table the MDX compiler leaves in the module). All of a run's errors are reported together.
 */
export async function bundleError(error: unknown, input: BundleInput): Promise<Error> {
  const messages: Message[] = (error as { errors?: Message[] }).errors ?? [];
  if (messages.length === 0) {
    return new DocsiteError({
      code: 'BUNDLE_FAILED',
      message: `Could not bundle the site: ${(error as Error).message}`,
      hint: 'Fix the code at the position shown.',
      cause: error,
    });
  }
  const located = await Promise.all(messages.map((message) => locateMessage(message, input, error)));
  // A blog excerpt repeats the start of its post; its errors are only worth showing on their own.
  const named = located.filter((item) => !item.excerpt);
  const unique = new Map<string, DocsiteError>();
  for (const { error: item } of named.length > 0 ? named : located) unique.set(`${item.loc ? formatLocation(item.loc) : ''}\0${item.message}`, item);
  const errors = [...unique.values()].sort(
    (a, b) => (a.loc?.file ?? '').localeCompare(b.loc?.file ?? '') || (a.loc?.line ?? 0) - (b.loc?.line ?? 0) || (a.loc?.column ?? 0) - (b.loc?.column ?? 0),
  );
  return errors.length === 1 ? errors[0]! : new DocsiteErrorList(errors);
}

async function locateMessage(message: Message, input: BundleInput, cause: unknown): Promise<{ error: DocsiteError; excerpt: boolean }> {
  const loc = message.location;
  const virtual = loc?.file.match(/^docsite:(content|route|mdx)\/(.+)$/);
  const entry = virtual && virtual[1] !== 'mdx' ? routeByName(input.routes).get(virtual[2]!) : undefined;
  const realFile = loc?.file && !loc.file.startsWith('docsite:') ? loc.file : undefined;
  const file = entry?.source ?? realFile;
  const what = entry ? `the page ${entry.route}` : 'the site';
  const outside = outsideSiteSpecifier(message);
  const specifier = loc ? (outside ?? unresolvedSpecifier(message)) : undefined;
  const hint =
    outside !== undefined
      ? ERROR_CATALOGUE.CONTENT_OUTSIDE_SITE.hint
      : specifier !== undefined
        ? 'Check the import path; @theme/* points at the theme, @site/* at the site folder, and packages must be installed.'
        : 'Fix the code at the position shown.';
  const problem = { code: outside !== undefined ? ('CONTENT_OUTSIDE_SITE' as const) : ('BUNDLE_FAILED' as const), hint, cause };
  /** What is wrong with the import `specifier` (one that does not resolve, or leads outside the site). */
  const importProblem = (by = '') => (outside !== undefined ? message.text : `Could not resolve "${specifier}"${by}.`);

  // Compiled markdown: a page, a blog excerpt or an imported .md/.mdx file.
  const compiled =
    virtual?.[1] === 'mdx'
      ? input.mdxModules?.[Number(virtual[2])]?.code
      : entry && entry.module.type !== 'tsx' && virtual?.[1] === 'content'
        ? entry.module.code
        : realFile && /\.mdx?$/.test(realFile) && specifier !== undefined
          ? await compiledPartial(input, realFile)
          : undefined;
  if (compiled !== undefined) {
    const at = specifier !== undefined ? importPosition(compiled, specifier) : undefined;
    const source = file && at ? await readSource(input.siteDir, file) : undefined;
    const error = new DocsiteError({
      ...problem,
      message: at ? importProblem(entry ? `, imported by the page ${entry.route}` : '') : `Could not bundle ${what}: ${message.text}`,
      loc: file ? { file, ...(at ? at : {}) } : undefined,
      frame: at && source !== undefined ? codeFrame(source, at.line, at.column) : undefined,
    });
    return { error, excerpt: virtual?.[1] === 'mdx' };
  }

  // A real file (a component, a TSX page, a partial's own compile error): esbuild's position is the file's.
  const line = realFile ? loc?.line : undefined;
  const column = realFile && loc ? loc.column + 1 : undefined;
  const source = realFile && line !== undefined ? await readSource(input.siteDir, realFile) : undefined;
  const error = new DocsiteError({
    ...problem,
    // An imported markdown file's own error (its compile error, a broken link) says what it is already.
    message:
      specifier !== undefined && line !== undefined
        ? importProblem()
        : realFile && /\.mdx?$/i.test(realFile) && line !== undefined
          ? message.text
          : `Could not bundle ${what}: ${message.text}`,
    loc: file ? { file, ...(line !== undefined ? { line, column } : {}) } : undefined,
    frame:
      line !== undefined
        ? source !== undefined
          ? codeFrame(source, line, column)
          : loc?.lineText
            ? codeFrame(loc.lineText, 1, column, 0)
            : undefined
        : undefined,
  });
  return { error, excerpt: false };
}

/** The specifier of a "Could not resolve" error, as written between the quotes esbuild points at. */
function unresolvedSpecifier(message: Message): string | undefined {
  if (!message.text.startsWith('Could not resolve')) return undefined;
  const loc = message.location;
  const quoted = loc ? loc.lineText.slice(loc.column, loc.column + loc.length) : '';
  if (quoted.length >= 2 && /^["'`]/.test(quoted) && quoted.endsWith(quoted[0]!)) return quoted.slice(1, -1);
  return /^Could not resolve "(.*)"/.exec(message.text)?.[1];
}

async function compiledPartial(input: BundleInput, file: string): Promise<string | undefined> {
  const result = await input.mdxImports.compile(path.resolve(input.siteDir, file), input.markdownRoute).catch(() => undefined);
  return result && 'code' in result ? result.code : undefined;
}

async function readSource(siteDir: string, file: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await readFile(path.resolve(siteDir, file)));
  } catch {
    return undefined;
  }
}
