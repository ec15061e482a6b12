/** Loads a TypeScript/JavaScript module of the site (site.config.ts, sidebars.ts) by bundling it with esbuild. */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message } from 'esbuild';
import { esbuild, writeFileAtomic } from '../exec/commonjs';
import { DocsiteError, codeFrame } from '../core/errors';
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
}

/** Returns the module namespace. The bundle's name is its digest, so an unchanged file is not re-evaluated twice. */
export async function importModule(options: ImportModuleOptions): Promise<Record<string, unknown>> {
  return (await importModuleWithInputs(options)).module;
}

/** The module namespace, and the site's own files it was bundled from (absolute paths): the file and what it imports, installed packages aside. */
export async function importModuleWithInputs(options: ImportModuleOptions): Promise<{ module: Record<string, unknown>; inputs: string[] }> {
  let text: string;
  let inputs: string[];
  try {
    const result = await esbuild.build({
      ...(options.contents === undefined
        ? { entryPoints: [options.file] }
        : { stdin: { contents: options.contents, sourcefile: options.file, resolveDir: path.dirname(options.file), loader: /\.[mc]?tsx?$/.test(options.file) ? ('ts' as const) : ('js' as const) } }),
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      alias: options.alias,
      logLevel: 'silent',
      sourcemap: false,
      metafile: true,
    });
    text = result.outputFiles[0]!.text;
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
    return { module: (await underWatchdog(options.displayName, () => import(pathToFileURL(out).href))) as Record<string, unknown>, inputs };
  } catch (error) {
    throw new DocsiteError({
      code: 'MODULE_EVALUATION',
      message: `${options.displayName} threw while loading: ${(error as Error).message}`,
      hint: 'Fix the error in the file; it runs in Node when the site builds.',
      loc: { file: options.displayName },
      cause: error,
    });
  }
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
