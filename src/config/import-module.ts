/** Loads a TypeScript/JavaScript module of the site (site.config.ts, sidebars.ts) by bundling it with esbuild. */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import { esbuild, writeFileAtomic } from '../infra/commonjs';
import { DocsiteError, codeFrame, type SourceLocation } from '../core/errors';
import { underWatchdog } from './watchdog';

export interface ImportModuleOptions {
  file: string;
  /** Folder for the bundled file; kept beside the site so its own node_modules resolve. */
  cacheDir: string;
  /** Where messages should say the file is (relative to the site folder). */
  displayName: string;
  /** Import specifiers mapped to absolute files (e.g. `docsite/config`). */
  alias?: Record<string, string>;
  /** The file's text for code frames in messages. */
  source?: string;
  /** The file's text, when the caller has read it: bundled as it is, with imports resolved from the file's folder. */
  contents?: string;
  /**
   * Give the file the globals of a Node module where it lies (as a config written for Docusaurus
   * expects, in CommonJS or ESM alike): `require` resolving from the file's folder (so from the site's
   * own node_modules), `__dirname`, `__filename` and `import.meta.url` naming the file itself rather
   * than the bundle in the cache. Modules it imports share the file's `__dirname`.
   */
  nodeGlobals?: boolean;
  /**
   * Import specifiers answered with a module written here (CommonJS or ESM source), whether or not
   * a package of that name is installed: docsite's stand-ins for packages whose work it does itself.
   */
  stubs?: Record<string, string>;
}

/** The esbuild plugin that answers each specifier of `stubs` with its source. */
function stubsPlugin(stubs: Record<string, string>): import('esbuild').Plugin {
  const names = Object.keys(stubs).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: 'docsite-stubs',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'docsite-stub' }));
      build.onLoad({ filter: /.*/, namespace: 'docsite-stub' }, (args) => ({ contents: stubs[args.path], loader: 'js' }));
    },
  };
}

/** The esbuild options that give a bundled file the Node globals of its own place. */
function nodeGlobalsOptions(file: string): { banner: { js: string }; define: Record<string, string> } {
  const absolute = path.resolve(file);
  return {
    // esbuild renames a `require` the file declares itself, so this one never clashes with it.
    banner: {
      js: `import { createRequire as __docsiteCreateRequire } from 'node:module';\nconst require = __docsiteCreateRequire(${JSON.stringify(absolute)});`,
    },
    define: {
      __dirname: JSON.stringify(path.dirname(absolute)),
      __filename: JSON.stringify(absolute),
      'import.meta.url': JSON.stringify(pathToFileURL(absolute).href),
    },
  };
}

/** Returns the module namespace. The bundle's name is its digest, so an unchanged file is not re-evaluated twice. */
export async function importModule(options: ImportModuleOptions): Promise<Record<string, unknown>> {
  return (await importModuleWithInputs(options)).module;
}

/** The module namespace, and the site's own files it was bundled from (absolute paths): the file and what it imports, installed packages aside. */
export async function importModuleWithInputs(options: ImportModuleOptions): Promise<{ module: Record<string, unknown>; inputs: string[] }> {
  let text: string;
  let map: string | undefined;
  let inputs: string[];
  // Only named so that the source map's paths are relative to a known folder; nothing is written there by esbuild.
  const outfile = path.join(options.cacheDir, 'module.mjs');
  try {
    const result = await esbuild.build({
      ...(options.contents === undefined
        ? { entryPoints: [options.file] }
        : {
            stdin: {
              contents: options.contents,
              sourcefile: options.file,
              resolveDir: path.dirname(options.file),
              loader: /\.[mc]?tsx?$/.test(options.file) ? ('ts' as const) : ('js' as const),
            },
          }),
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      alias: options.alias,
      ...(options.stubs ? { plugins: [stubsPlugin(options.stubs)] } : {}),
      ...(options.nodeGlobals ? nodeGlobalsOptions(options.file) : {}),
      logLevel: 'silent',
      // Kept beside the bundle, not in it: a throw while loading is mapped back to the line of the site's file.
      sourcemap: 'external',
      outfile,
      metafile: true,
    });
    text = result.outputFiles.find((file) => file.path.endsWith('.mjs'))!.text;
    map = result.outputFiles.find((file) => file.path.endsWith('.map'))?.text;
    // esbuild names inputs relative to its working folder; stdin is the file itself.
    const named = Object.keys(result.metafile.inputs).filter((input) => input !== '<stdin>' && !input.includes(':'));
    inputs = [...new Set([path.resolve(options.file), ...named.map((input) => path.resolve(input))])];
  } catch (error) {
    throw fromEsbuildFailure(error, options);
  }
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  await mkdir(options.cacheDir, { recursive: true });
  const out = path.join(options.cacheDir, `${path.basename(options.file).replace(/\W+/g, '-')}-${digest}.mjs`);
  // Written whole under its final name: two loads of the same file at once (the dev server's
  // first update and its host check) must never import the other's half-written copy.
  await writeFileAtomic(out, text);
  try {
    const url = pathToFileURL(out).href;
    return { module: (await underWatchdog(options.displayName, url, () => import(url))) as Record<string, unknown>, inputs };
  } catch (error) {
    if (error instanceof DocsiteError) throw error;
    const loc = throwSite(error, out, map, options);
    const source = loc.file === options.displayName ? (options.source ?? options.contents) : undefined;
    throw new DocsiteError({
      code: 'MODULE_EVALUATION',
      message: `${options.displayName} threw while loading: ${(error as Error)?.message ?? String(error)}`,
      hint: 'Fix the error in the file; it runs in Node when the site builds.',
      loc,
      frame: source !== undefined && loc.line ? codeFrame(source, loc.line, loc.column) : undefined,
      cause: error,
    });
  }
}

/**
 * Where in the site's own files a module threw while loading: the first frame of the stack inside
 * the bundle, mapped back through its source map; the module's file alone when no frame maps.
 */
function throwSite(error: unknown, bundle: string, map: string | undefined, options: ImportModuleOptions): SourceLocation {
  const stack = (error as Error | undefined)?.stack;
  if (!map || typeof stack !== 'string') return { file: options.displayName };
  const url = pathToFileURL(bundle).href;
  const sourceMap = new SourceMap(JSON.parse(map) as ConstructorParameters<typeof SourceMap>[0]);
  // The site folder is where the display name is relative to.
  const siteDir = path.resolve(path.dirname(options.file), path.relative(path.dirname(options.displayName), '.'));
  for (const line of stack.split('\n')) {
    const at = line.lastIndexOf(url);
    if (at === -1) continue;
    const match = /^:(\d+):(\d+)/.exec(line.slice(at + url.length));
    if (!match) continue;
    const entry = sourceMap.findEntry(Number(match[1]) - 1, Number(match[2]) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (!entry.originalSource || entry.originalLine === undefined) continue;
    const original = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(bundle), entry.originalSource);
    // A frame in an installed package is not the author's to fix: the next frame may be theirs.
    if (original.split(path.sep).includes('node_modules')) continue;
    const file = path.resolve(original) === path.resolve(options.file) ? options.displayName : path.relative(siteDir, original);
    return { file, line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 };
  }
  return { file: options.displayName };
}

function fromEsbuildFailure(error: unknown, options: ImportModuleOptions): DocsiteError {
  const first: Message | undefined = (error as { errors?: Message[] }).errors?.[0];
  const where = first?.location;
  return new DocsiteError({
    code: 'MODULE_SYNTAX',
    message: `${options.displayName} could not be compiled: ${first?.text ?? (error as Error).message}`,
    hint: 'Fix the syntax error at the position shown.',
    loc: { file: options.displayName, line: where?.line, column: where ? where.column + 1 : undefined },
    frame: where && options.source ? codeFrame(options.source, where.line, where.column + 1) : undefined,
    cause: error,
  });
}
