/**
 * The bundle stage in two parts, cached apart so an edit costs what it touches: each route's own
 * module bundled alone (bundlePages), and one shared bundle of the runtime, the stylesheets and every
 * module pages import (bundleSharedClient, bundleSharedServer). Linking puts the shared entries'
 * URLs where the page chunks' placeholders are.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImportKind, Metafile, Plugin } from 'esbuild';
import { init as initLexer, parse as parseModule } from 'es-module-lexer';
import { DocsiteError } from '../../core/errors';
import { oneShotBundler, type Bundler } from './bundler';
import { ASSET_FILTER, assetFiles, boundedName, browserOnlyModules, bundleError, mdxImportsOf, routeEntryNames, sharedOptions, virtualModules, type BundleInput } from './bundle';
import type { PartialLink } from './mdx-imports';
import { PLAIN_RESOLVE, siteBoundary } from './site-boundary';
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
          result = b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: PLAIN_RESOLVE }).then((found) =>
            found.errors.length > 0 || found.namespace !== 'file' || found.external ? undefined : found.path,
          );
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
export async function bundlePages(input: BundleInput, indexes: number[], bundler: Bundler = oneShotBundler, found = new Map<string, SharedModule>(), sourcemap = false): Promise<Map<number, PageChunk>> {
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
      plugins: [siteBoundary({ siteDir: input.siteDir, themeDir: input.locations.themeDir }), virtualModules(read), sharedImports(found), themeOverrides({ themeDir: input.locations.themeDir, siteDir: input.siteDir }), assetFiles(read), mdxImportsOf(read, (links) => partialLinks.set(links[0]!.from, links))],
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
    const files = Object.keys(output.inputs).filter((name) => !name.includes(':')).map((name) => path.resolve(input.siteDir, name));
    const assets: Record<string, string> = {};
    for (const source of files) {
      const name = scope.sources.get(source);
      if (name) assets[name] = source;
    }
    const links = files.flatMap((source) => partialLinks.get(source) ?? []);
    const map = sourcemap ? texts.get(`${file}.map`) : undefined;
    chunks.set(index, { code, digest: digestOf(code), imports: pageImportsOf(code, found, input.routes[index]!.source), files: files.sort(), assets, ...(links.length > 0 ? { partialLinks: links } : {}), ...(map ? { map } : {}) });
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
  const clause = statement.replace(/^import\s*/, '').replace(/\s*from\s*$/, '').trim();
  if (clause === '') return [];
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const head = clause.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
  if (/^\*\s*as\s/.test(head) || /\s\*\s*as\s/.test(` ${head}`)) names.push('*');
  const defaultName = head.split(/\s+/)[0];
  if (defaultName && defaultName !== '*') names.push('default');
  for (const part of braces?.[1]?.split(',') ?? []) {
    const name = part.trim().split(/\s+as\s+/)[0]?.trim();
    if (name) names.push(name.replace(/^["']|["']$/g, ''));
  }
  return names;
}

/** Every shared module of the site, with the union of what its pages take from it. */
export function mergeImports(chunks: Iterable<PageChunk>): Map<string, SharedModule> {
  const merged = new Map<string, SharedModule>();
  for (const chunk of chunks) {
    for (const [key, module] of Object.entries(chunk.imports)) {
      const kept = merged.get(key);
      // Pages may reach one module by different specifiers from different folders: the smallest pair
      // is taken, so the result (which keys the shared bundle) is the same whatever order chunks come in.
      const from = kept && importerOrder(kept, module) <= 0 ? kept : module;
      merged.set(key, { specifier: from.specifier, resolveDir: from.resolveDir, names: [...new Set([...(kept?.names ?? []), ...module.names])].sort() });
    }
  }
  return new Map([...merged].sort(([a], [b]) => a.localeCompare(b)));
}

function importerOrder(a: SharedModule, b: SharedModule): number {
  return a.resolveDir === b.resolveDir ? compareStrings(a.specifier, b.specifier) : compareStrings(a.resolveDir, b.resolveDir);
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The entry module that exposes a shared module with exactly the names its pages use. */
function entryCode(module: SharedModule): string {
  const from = JSON.stringify(module.specifier);
  const named = module.names.filter((name) => name !== '*');
  const lines: string[] = [];
  if (module.names.includes('*')) {
    lines.push(`import * as __docsiteNamespace from ${from};`, `export * from ${from};`);
    if (!named.includes('default')) lines.push('export default __docsiteNamespace.default;');
  }
  if (named.length > 0) lines.push(`export { ${named.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))).join(', ')} } from ${from};`);
  if (lines.length === 0) lines.push(`import ${from};`);
  return lines.join('\n');
}

function sharedEntries(modules: Map<string, SharedModule>): { plugin: Plugin; entries: { in: string; out: string; key: string }[] } {
  const list = [...modules];
  const used = new Set<string>();
  const entries = list.map(([key], i) => {
    const base = boundedName(`shared-${path.basename(key).replace(/\.[^.]*$/, '').replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'module'}`, key);
    let out = base;
    for (let n = 2; used.has(out); n++) out = `${base}-${n}`;
    used.add(out);
    return { in: `docsite-shared-entry:${i}`, out, key };
  });
  const plugin: Plugin = {
    name: 'docsite-shared-entries',
    setup(b) {
      b.onResolve({ filter: /^docsite-shared-entry:/ }, (args) => ({ path: args.path.slice('docsite-shared-entry:'.length), namespace: 'docsite-shared-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'docsite-shared-entry' }, (args) => {
        const module = list[Number(args.path)]?.[1];
        return module ? { contents: entryCode(module), loader: 'js', resolveDir: module.resolveDir } : undefined;
      });
    },
  };
  return { plugin, entries };
}

export interface SharedClient {
  /** Output files by path relative to the site root. */
  files: Map<string, Uint8Array>;
  runtime: string;
  css: string[];
  /** Shared module (resolved path) -> the URL of its entry. */
  urls: Map<string, string>;
  /** URL -> the URLs it imports statically, all the way down. */
  deps: Map<string, string[]>;
  /** Files the bundle was made from, by absolute path. */
  inputs: string[];
}

/**
 * The shared bundle for the browser: the runtime, the stylesheets and one entry per module pages
 * import, with code splitting, so every module has one instance whichever page or the runtime reaches
 * it, as React contexts require. Rebuilt only when the set of modules or a file it was made from changes.
 */
export async function bundleSharedClient(input: BundleInput, modules: Map<string, SharedModule>, bundler: Bundler = oneShotBundler): Promise<SharedClient> {
  const outdir = path.join(input.siteDir, '.docsite', 'out-client');
  const { plugin, entries } = sharedEntries(modules);
  const scope = { input, baseUrl: input.site.baseUrl, emitted: new Map<string, Uint8Array>(), sources: new Map<string, string>() };
  const result = await bundler
    .build('client', scope, (read) => ({
      ...sharedOptions(input),
      entryPoints: [{ in: input.locations.runtimeEntry, out: 'runtime' }, { in: 'docsite:styles', out: 'styles' }, ...entries.map(({ in: entry, out }) => ({ in: entry, out }))],
      outdir,
      platform: 'browser',
      target: BROWSER_TARGET,
      splitting: true,
      minify: !input.dev,
      entryNames: 'assets/[name]-[hash]',
      chunkNames: 'assets/chunk-[hash]',
      assetNames: 'assets/[name]-[hash]',
      publicPath: input.site.baseUrl,
      write: false,
      plugins: [siteBoundary({ siteDir: input.siteDir, themeDir: input.locations.themeDir }), virtualModules(read), plugin, themeOverrides({ themeDir: input.locations.themeDir, siteDir: input.siteDir }), assetFiles(read), mdxImportsOf(read)],
    }))
    .catch(async (error: unknown) => {
      throw await bundleError(error, input);
    });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles!) files.set(path.relative(outdir, file.path).split(path.sep).join('/'), file.contents);
  for (const [name, contents] of scope.emitted) files.set(name, contents);
  const graph = outputGraph(result.metafile, input.siteDir, (file) => `${input.site.baseUrl}${path.relative(outdir, path.resolve(input.siteDir, file)).split(path.sep).join('/')}`);
  const runtime = graph.entry(input.locations.runtimeEntry);
  if (!runtime) throw new Error('esbuild produced no runtime entry');
  const urls = new Map(entries.map(({ in: entry, key }) => [key, graph.entry(entry)!]));
  return { files, runtime, css: graph.css, urls, deps: graph.deps, inputs: inputFiles(result.metafile, input.siteDir) };
}

export interface SharedServer {
  /** The module with renderPage, renderPageStream and site. */
  renderer: string;
  /** Shared module (resolved path) -> the file URL of its entry. */
  urls: Map<string, string>;
  inputs: string[];
}

/** The shared bundle for Node, written to `outdir` (each file named by its content, so a folder can hold several versions). */
export async function bundleSharedServer(input: BundleInput, modules: Map<string, SharedModule>, outdir: string, bundler: Bundler = oneShotBundler): Promise<SharedServer> {
  await mkdir(outdir, { recursive: true });
  const { plugin, entries } = sharedEntries(modules);
  const renderer = `export { renderPage, renderPageStream, site } from ${JSON.stringify(input.locations.serverEntry)};`;
  const scope = { input, extra: { 'server-renderer': renderer }, baseUrl: input.site.baseUrl, emitted: new Map<string, Uint8Array>(), sources: new Map<string, string>() };
  const result = await bundler
    .build('server', scope, (read) => ({
      ...sharedOptions(input),
      entryPoints: [{ in: 'docsite:server-renderer', out: 'server-renderer' }, ...entries.map(({ in: entry, out }) => ({ in: entry, out }))],
      entryNames: '[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      outdir,
      platform: 'node',
      target: 'node20',
      splitting: true,
      outExtension: { '.js': '.mjs' },
      // Beside each file, so a throw in a component or a TSX page can be reported at its line in the site's source.
      sourcemap: 'external',
      // CommonJS packages bundled into ESM (react-dom/server) still call require for Node built-ins.
      banner: { js: "import { createRequire as __docsiteCreateRequire } from 'node:module'; const require = __docsiteCreateRequire(import.meta.url);" },
      write: true,
      plugins: [siteBoundary({ siteDir: input.siteDir, themeDir: input.locations.themeDir }), virtualModules(read), plugin, themeOverrides({ themeDir: input.locations.themeDir, siteDir: input.siteDir }), browserOnlyModules(), assetFiles(read), mdxImportsOf(read)],
    }))
    .catch(async (error: unknown) => {
      throw await bundleError(error, input);
    });
  const graph = outputGraph(result.metafile, input.siteDir, (file) => pathToFileURL(path.resolve(input.siteDir, file)).href);
  const rendererUrl = graph.entry('docsite:server-renderer');
  if (!rendererUrl) throw new Error('esbuild produced no server renderer');
  return { renderer: rendererUrl, urls: new Map(entries.map(({ in: entry, key }) => [key, graph.entry(entry)!])), inputs: inputFiles(result.metafile, input.siteDir) };
}

function inputFiles(metafile: Metafile, siteDir: string): string[] {
  return Object.keys(metafile.inputs).filter((name) => !name.includes(':')).map((name) => path.resolve(siteDir, name)).sort();
}

function outputGraph(metafile: Metafile, siteDir: string, urlOf: (file: string) => string) {
  const outputs = Object.entries(metafile.outputs);
  const byKey = new Map(outputs);
  const deps = new Map<string, string[]>();
  const walk = (key: string, seen: Set<string>) => {
    for (const imported of byKey.get(key)?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      walk(imported.path, seen);
    }
    return seen;
  };
  for (const [key] of outputs) if (key.endsWith('.js') || key.endsWith('.mjs')) deps.set(urlOf(key), [...walk(key, new Set())].map(urlOf).sort());
  return {
    deps,
    css: outputs.filter(([key]) => key.endsWith('.css')).map(([key]) => urlOf(key)),
    entry(name: string): string | undefined {
      const found = outputs.find(([key, output]) => output.entryPoint !== undefined && (output.entryPoint === name || path.resolve(siteDir, output.entryPoint) === name) && /\.m?js$/.test(key));
      return found ? urlOf(found[0]) : undefined;
    },
  };
}
