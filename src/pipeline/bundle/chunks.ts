/**
 * The bundle stage in two parts, cached apart so an edit costs what it touches: each route's own
 * module bundled alone (bundlePages), and one shared bundle of the runtime, the stylesheets and every
 * module pages import (bundleSharedClient, bundleSharedServer). Linking puts the shared entries'
 * URLs where the page chunks' placeholders are.
 */
import path from 'node:path';
import type { ImportKind, Plugin } from 'esbuild';
import { init as initLexer, parse as parseModule } from 'es-module-lexer';
import { DocsiteError } from '../../core/errors';
import { oneShotBundler, type Bundler } from './bundler';
import { ASSET_FILTER, assetFiles, bundleError, mdxImportsOf, routeEntryNames, sharedOptions, virtualModules, type BundleInput } from './bundle';
import { cssUrls } from './css-urls';
import { sharedLocaleModules } from './locale-modules';
import type { PartialLink } from './mdx-imports';
import { PLAIN_RESOLVE, siteBoundary } from './site-boundary';
import { cssModules } from './css-modules';
import { sassStyles } from './sass-styles';
import { svgComponents } from './svg-components';
import { themeOverrides } from './theme-overrides';
import { digestOf } from '../../infra/digest';

const SHARED = 'docsite-shared:';
const MARKDOWN = /\.mdx?$/i;
const BROWSER_TARGET = ['es2020', 'chrome100', 'firefox100', 'safari15'];

/** A module pages import, as the first page that imports it wrote it (each shared build resolves it for its platform). */
export interface SharedModule {
  specifier: string;
  resolveDir: string;
  /** Imported names: `default`, a named export, or `*` for the namespace. Empty for a side-effect import. */
  names: string[];
}

export interface PageChunk {
  /** The page's module; its imports of shared modules read `docsite-shared:<resolved path>`. */
  code: string;
  /** The code's sha256 (hex): what the chunk's links into a shared bundle are remembered by, without the code. */
  digest: string;
  /** Shared modules by resolved path (the browser's resolution, which names the module everywhere). */
  imports: Record<string, SharedModule>;
  /** Files the chunk was made from besides the page itself (partials, images), by absolute path. */
  files: string[];
  /** Images and other files it emits under `assets/`, by output name. */
  assets: Record<string, string>;
  /** The `.md` links of the partials it inlines, with the routes they were given. */
  partialLinks?: PartialLink[];
  /** The code's source map, when asked for. */
  map?: string;
}

/**
 * Leaves every import that is not part of the page as a placeholder. Partials, images and docsite's
 * virtual modules are the page's own; anything else is shared. A path that does not resolve is left
 * to esbuild, whose error names the import's position.
 */
function sharedImports(found: Map<string, SharedModule>): Plugin {
  return {
    name: 'docsite-shared-imports',
    setup(b) {
      // Pages of one folder import the same modules (react/jsx-runtime, above all): each is resolved once a build.
      const resolved = new Map<string, Promise<string | undefined>>();
      const resolve = (args: { path: string; kind: ImportKind; resolveDir: string; importer: string }) => {
        const key = `${args.kind}\0${args.resolveDir}\0${args.path}`;
        let result = resolved.get(key);
        if (!result) {
          result = b
            .resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: PLAIN_RESOLVE })
            .then((found) => (found.errors.length > 0 || found.namespace !== 'file' || found.external ? undefined : found.path));
          resolved.set(key, result);
        }
        return result;
      };
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === PLAIN_RESOLVE || args.path.startsWith('docsite:')) return undefined;
        if (ASSET_FILTER.test(args.path) || MARKDOWN.test(args.path)) return undefined;
        const file = await resolve(args);
        if (file === undefined) return undefined;
        if (ASSET_FILTER.test(file) || MARKDOWN.test(file)) return { path: file };
        // The smallest way in of this run, not the first (esbuild resolves in parallel): see mergeImports.
        const way = { specifier: args.path, resolveDir: args.resolveDir, names: [] };
        const seen = found.get(file);
        if (!seen || importerOrder(way, seen) < 0) found.set(file, way);
        return { path: `${SHARED}${file}`, external: true };
      });
    },
  };
}

/**
 * Bundles the routes at `indexes`, each alone: its page data, compiled content, partials and images.
 * Every other import (react, the theme, the site's components, packages) stays a placeholder naming
 * the module, so a page body edit rebundles that page alone. Errors of every page are reported
 * together. `found` receives the shared modules the pages import, even when the bundle fails (their
 * names are then unknown).
 */
export async function bundlePages(
  input: BundleInput,
  indexes: number[],
  bundler: Bundler = oneShotBundler,
  found = new Map<string, SharedModule>(),
  sourcemap = false,
): Promise<Map<number, PageChunk>> {
  const chunks = new Map<number, PageChunk>();
  if (indexes.length === 0) return chunks;
  const names = routeEntryNames(input.routes);
  const outdir = path.join(input.siteDir, '.docsite', 'out-pages');
  const scope = { input, baseUrl: input.site.baseUrl, emitted: new Map<string, Uint8Array>(), sources: new Map<string, string>() };
  const partialLinks = new Map<string, PartialLink[]>();
  const result = await bundler
    .build('pages', scope, (read) => ({
      ...sharedOptions(input),
      entryPoints: indexes.map((index) => ({ in: `docsite:route/${input.routes[index]!.route}`, out: names[index]! })),
      outdir,
      platform: 'browser',
      target: BROWSER_TARGET,
      minify: !input.dev,
      ...(sourcemap ? { sourcemap: 'external' as const } : {}),
      write: false,
      plugins: [
        siteBoundary({ siteDir: input.siteDir, themeDir: input.locations.themeDir }),
        cssUrls({ staticDir: input.staticDir, read }),
        sharedLocaleModules(found, SHARED),
        virtualModules(read),
        sharedImports(found),
        themeOverrides({ themeDir: input.locations.themeDir, siteDir: input.siteDir }),
        svgComponents(),
        cssModules(input.siteDir),
        sassStyles(input.siteDir),
        assetFiles(read),
        mdxImportsOf(read, (links) => partialLinks.set(links[0]!.from, links)),
      ],
    }))
    .catch(async (error: unknown) => {
      throw await bundleError(error, input);
    });
  await initLexer;
  const byEntry = new Map(indexes.map((index) => [`docsite:route/${input.routes[index]!.route}`, index]));
  const texts = new Map(result.outputFiles!.map((file) => [path.relative(input.siteDir, file.path).split(path.sep).join('/'), file.text]));
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const index = output.entryPoint === undefined ? undefined : byEntry.get(output.entryPoint);
    if (index === undefined || !file.endsWith('.js')) continue;
    const code = texts.get(file)!;
    const files = Object.keys(output.inputs)
      .filter((name) => !name.includes(':'))
      .map((name) => path.resolve(input.siteDir, name));
    const assets: Record<string, string> = {};
    for (const source of files) {
      const name = scope.sources.get(source);
      if (name) assets[name] = source;
    }
    const links = files.flatMap((source) => partialLinks.get(source) ?? []);
    const map = sourcemap ? texts.get(`${file}.map`) : undefined;
    chunks.set(index, {
      code,
      digest: digestOf(code),
      imports: pageImportsOf(code, found, input.routes[index]!.source),
      files: files.sort(),
      assets,
      ...(links.length > 0 ? { partialLinks: links } : {}),
      ...(map ? { map } : {}),
    });
  }
  for (const index of indexes) if (!chunks.has(index)) throw new Error(`esbuild produced no chunk for ${input.routes[index]!.route}`);
  return chunks;
}

/** As importsOf, for a page's chunk: code the module lexer cannot read (nested too deep for it) is the page's error. */
function pageImportsOf(code: string, found: Map<string, SharedModule>, source: string | undefined): Record<string, SharedModule> {
  try {
    return importsOf(code, found);
  } catch (error) {
    throw new DocsiteError({
      code: 'BUNDLE_FAILED',
      message: `The bundled code of this page could not be read: ${(error as Error).message}, most often because its expressions or components nest too deep (the module reader takes 1024 open brackets).`,
      hint: 'Flatten the deepest expression or element of the page, or of a component it imports.',
      ...(source ? { loc: { file: source } } : {}),
    });
  }
}

/** The shared modules a chunk imports and the names it takes from each, read from its import statements. */
function importsOf(code: string, found: Map<string, SharedModule>): Record<string, SharedModule> {
  const [imports, exports] = parseModule(code);
  const names = new Map<string, Set<string>>();
  const add = (specifier: string | undefined, ...taken: string[]) => {
    if (!specifier?.startsWith(SHARED)) return;
    const key = specifier.slice(SHARED.length);
    const set = names.get(key) ?? new Set<string>();
    for (const name of taken) set.add(name);
    names.set(key, set);
  };
  for (const item of imports) {
    if (item.type === 'dynamic') add(item.specifier, '*');
    else if (item.type === 'static' || item.type === 'reexport-star') {
      const statement = code.slice(item.importStart, item.start - 1);
      if (statement.startsWith('export')) add(item.specifier, ...(item.type === 'reexport-star' ? ['*'] : []));
      else add(item.specifier, ...importedNames(statement));
    }
  }
  for (const item of exports) if (item.type === 'reexport' && item.importName) add(item.from, item.importName);
  const out: Record<string, SharedModule> = {};
  for (const [key, taken] of [...names].sort(([a], [b]) => a.localeCompare(b))) out[key] = { ...found.get(key)!, names: [...taken].sort() };
  return out;
}

/** The names an import statement (`import a, { b as c } from`, `import * as n from`, `import "x"`) takes. */
function importedNames(statement: string): string[] {
  const clause = statement
    .replace(/^import\s*/, '')
    .replace(/\s*from\s*$/, '')
    .trim();
  if (clause === '') return [];
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const head = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, ' ')
    .trim();
  if (/^\*\s*as\s/.test(head) || /\s\*\s*as\s/.test(` ${head}`)) names.push('*');
  const defaultName = head.split(/\s+/)[0];
  if (defaultName && defaultName !== '*') names.push('default');
  for (const part of braces?.[1]?.split(',') ?? []) {
    const name = part
      .trim()
      .split(/\s+as\s+/)[0]
      ?.trim();
    if (name) names.push(name.replace(/^["']|["']$/g, ''));
  }
  return names;
}

/** The order in which two ways of importing one module are preferred: the smallest directory, then the smallest specifier. */
export function importerOrder(a: SharedModule, b: SharedModule): number {
  return a.resolveDir === b.resolveDir ? compareStrings(a.specifier, b.specifier) : compareStrings(a.resolveDir, b.resolveDir);
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
