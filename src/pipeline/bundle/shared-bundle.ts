/** The shared bundle: one entry per module pages import, with the runtime and the stylesheets, bundled for the browser and for Node. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile, Plugin } from 'esbuild';
import { oneShotBundler, type Bundler } from './bundler';
import {
  assetFiles,
  boundedName,
  browserOnlyModules,
  bundleError,
  mdxImportsOf,
  runtimeEntryOf,
  sharedOptions,
  virtualModules,
  type BundleInput,
} from './bundle';
import { cssUrls } from './css-urls';
import { siteBoundary } from './site-boundary';
import { cssModules } from './css-modules';
import { sassStyles } from './sass-styles';
import { svgComponents } from './svg-components';
import { themeOverrides } from './theme-overrides';
import { importerOrder, type PageChunk, type SharedModule } from './chunks';

const BROWSER_TARGET = ['es2020', 'chrome100', 'firefox100', 'safari15'];

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

/** The entry module that exposes a shared module with exactly the names its pages use. */
function entryCode(module: SharedModule): string {
  const from = JSON.stringify(module.specifier);
  const named = module.names.filter((name) => name !== '*');
  const lines: string[] = [];
  if (module.names.includes('*')) {
    lines.push(`import * as __docsiteNamespace from ${from};`, `export * from ${from};`);
    if (!named.includes('default')) lines.push('export default __docsiteNamespace.default;');
  }
  if (named.length > 0)
    lines.push(`export { ${named.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))).join(', ')} } from ${from};`);
  if (lines.length === 0) lines.push(`import ${from};`);
  return lines.join('\n');
}

function sharedEntries(modules: Map<string, SharedModule>): { plugin: Plugin; entries: { in: string; out: string; key: string }[] } {
  const list = [...modules];
  const used = new Set<string>();
  const entries = list.map(([key], i) => {
    const base = boundedName(
      `shared-${
        path
          .basename(key)
          .replace(/\.[^.]*$/, '')
          .replace(/[^a-zA-Z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'module'
      }`,
      key,
    );
    let out = base;
    for (let n = 2; used.has(out); n++) out = `${base}-${n}`;
    used.add(out);
    return { in: `docsite-shared-entry:${i}`, out, key };
  });
  const plugin: Plugin = {
    name: 'docsite-shared-entries',
    setup(b) {
      b.onResolve({ filter: /^docsite-shared-entry:/ }, (args) => ({
        path: args.path.slice('docsite-shared-entry:'.length),
        namespace: 'docsite-shared-entry',
      }));
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
      entryPoints: [
        { in: runtimeEntryOf(input), out: 'runtime' },
        { in: 'docsite:styles', out: 'styles' },
        ...entries.map(({ in: entry, out }) => ({ in: entry, out })),
      ],
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
      plugins: [
        siteBoundary({ siteDir: input.siteDir, themeDir: input.locations.themeDir }),
        cssUrls({ staticDir: input.staticDir, read }),
        virtualModules(read),
        plugin,
        themeOverrides({ themeDir: input.locations.themeDir, siteDir: input.siteDir, componentNavbarItems: input.site.navbar.some((item) => item.component) }),
        svgComponents(),
        cssModules(input.siteDir),
        sassStyles(input.siteDir),
        assetFiles(read),
        mdxImportsOf(read),
      ],
    }))
    .catch(async (error: unknown) => {
      throw await bundleError(error, input);
    });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles!) files.set(path.relative(outdir, file.path).split(path.sep).join('/'), file.contents);
  for (const [name, contents] of scope.emitted) files.set(name, contents);
  const graph = outputGraph(
    result.metafile,
    input.siteDir,
    (file) => `${input.site.baseUrl}${path.relative(outdir, path.resolve(input.siteDir, file)).split(path.sep).join('/')}`,
  );
  const runtime = graph.entry(runtimeEntryOf(input));
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
export async function bundleSharedServer(
  input: BundleInput,
  modules: Map<string, SharedModule>,
  outdir: string,
  bundler: Bundler = oneShotBundler,
): Promise<SharedServer> {
  await mkdir(outdir, { recursive: true });
  const { plugin, entries } = sharedEntries(modules);
  const renderer = `export { renderPage, renderPageStream, site } from ${JSON.stringify(input.locations.serverEntry)};`;
  const scope = {
    input,
    extra: { 'server-renderer': renderer },
    baseUrl: input.site.baseUrl,
    emitted: new Map<string, Uint8Array>(),
    sources: new Map<string, string>(),
  };
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
      plugins: [
        siteBoundary({ siteDir: input.siteDir, themeDir: input.locations.themeDir }),
        cssUrls({ staticDir: input.staticDir, read }),
        virtualModules(read),
        plugin,
        themeOverrides({ themeDir: input.locations.themeDir, siteDir: input.siteDir, componentNavbarItems: input.site.navbar.some((item) => item.component) }),
        browserOnlyModules(),
        svgComponents(),
        cssModules(input.siteDir),
        sassStyles(input.siteDir),
        assetFiles(read),
        mdxImportsOf(read),
      ],
    }))
    .catch(async (error: unknown) => {
      throw await bundleError(error, input);
    });
  const graph = outputGraph(result.metafile, input.siteDir, (file) => pathToFileURL(path.resolve(input.siteDir, file)).href);
  const rendererUrl = graph.entry('docsite:server-renderer');
  if (!rendererUrl) throw new Error('esbuild produced no server renderer');
  return {
    renderer: rendererUrl,
    urls: new Map(entries.map(({ in: entry, key }) => [key, graph.entry(entry)!])),
    inputs: inputFiles(result.metafile, input.siteDir),
  };
}

function inputFiles(metafile: Metafile, siteDir: string): string[] {
  return Object.keys(metafile.inputs)
    .filter((name) => !name.includes(':'))
    .map((name) => path.resolve(siteDir, name))
    .sort();
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
      const found = outputs.find(
        ([key, output]) =>
          output.entryPoint !== undefined && (output.entryPoint === name || path.resolve(siteDir, output.entryPoint) === name) && /\.m?js$/.test(key),
      );
      return found ? urlOf(found[0]) : undefined;
    },
  };
}
