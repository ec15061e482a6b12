/**
 * `.md`/`.mdx` files imported from code (Docusaurus-style partials, or code samples kept as
 * markdown so shiki highlights them at build time) compile with the site's MDX compiler. One
 * compiler and one cache serve the client and server bundles of a build.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { MdLinkRef, MdxCompilerOptions } from '../../mdx';
import { MD_LINK_PLACEHOLDER } from '../../mdx/md-links';
import { importPositions } from '../../mdx/import-positions';
import { decodeText } from '../../content/text';
import { isDocsiteError } from '../../core/errors';
import type { MarkdownPreprocessor } from '../compile/compile';
import { runTimed, TaskTimedOut, timeLimitError, type WorkerPool } from '../../infra/pool';
import type { CompileOutcome, CompileTask } from '../../infra/worker';

/** A partial's `.md` link and the route it was given: a kept page chunk is good while each still resolves the same. */
export interface PartialLink {
  from: string;
  target: string;
  route: string;
}

type ImportResult = { code: string; links?: PartialLink[] } | { error: { text: string; line?: number; column?: number } };

export interface MdxImportCompiler {
  /**
   * The ESM module for a markdown file, or an error with its position. Its `.md` links go through
   * `markdownRoute` (from the file's own folder, as a page's do); without it they are an error.
   */
  compile(file: string, markdownRoute?: (from: string, target: string) => string | undefined): Promise<ImportResult>;
}

/** Compiles in the worker pool, whose threads keep the MDX compiler and shiki warm. */
export function createMdxImportCompiler(options: {
  compilerOptions: MdxCompilerOptions;
  siteDir: string;
  pool: WorkerPool;
  preprocess?: MarkdownPreprocessor;
}): MdxImportCompiler {
  const done = new Map<string, Promise<{ code: string; mdLinks: MdLinkRef[] } | { error: { text: string; line?: number; column?: number } }>>();
  return {
    async compile(file, markdownRoute) {
      const display = path.relative(options.siteDir, file);
      let source: string;
      try {
        source = decodeText(await readFile(file), display);
        if (options.preprocess) source = options.preprocess.apply(display, source);
      } catch (error) {
        if (!isDocsiteError(error)) throw error;
        return { error: { text: error.message, line: error.loc?.line, column: error.loc?.column } };
      }
      const key = `${file}\0${createHash('sha256').update(source).digest('hex')}`;
      let result = done.get(key);
      if (!result) {
        const task: CompileTask = { compilerOptions: options.compilerOptions, files: [{ key: file, file: display, source, partial: true }] };
        result = (runTimed(options.pool, task, 'compile') as Promise<CompileOutcome[]>).then(
          ([outcome]) => {
            if (!outcome!.ok) return { error: { text: outcome!.error.message, line: outcome!.error.loc?.line, column: outcome!.error.loc?.column } };
            return { code: withThemeComponents(outcome!.result.code), mdLinks: outcome!.result.mdLinks };
          },
          (error: unknown) => {
            if (!(error instanceof TaskTimedOut)) throw error;
            return { error: { text: timeLimitError(display, 'compiling', error.limitMs).message } };
          },
        );
        done.set(key, result);
      }
      const compiled = await result;
      return 'error' in compiled ? compiled : linkMarkdown(compiled, file, markdownRoute);
    },
  };
}

/** The partial's `.md` links put to the routes of the files they name, from the partial's own folder. */
function linkMarkdown(
  compiled: { code: string; mdLinks: MdLinkRef[] },
  file: string,
  markdownRoute: ((from: string, target: string) => string | undefined) | undefined,
): ImportResult {
  for (const link of compiled.mdLinks) {
    if (markdownRoute?.(file, link.target) === undefined) {
      return {
        error: {
          text: `Markdown link to "${link.target}" does not match any doc or page. Relative links in an imported file are read from its own folder: check the path from ${path.basename(file)}, or link to the route instead (e.g. /docs/intro).`,
          line: link.line,
          column: link.column,
        },
      };
    }
  }
  if (compiled.mdLinks.length === 0) return { code: compiled.code };
  const links: PartialLink[] = [];
  const code = compiled.code.replace(MD_LINK_PLACEHOLDER, (_, index: string) => {
    const link = compiled.mdLinks[Number(index)]!;
    const route = markdownRoute!(file, link.target)!;
    links.push({ from: file, target: link.target, route });
    return JSON.stringify(link.hash ? `${route}#${link.hash}` : route).slice(1, -1);
  });
  return { code, links };
}

const MARKDOWN = /\.mdx?$/i;

const MDX_DEFAULT_EXPORT = 'export default function MDXContent(';

/**
 * A page passes the theme's components to its own content; a partial rendered as `<Shared />` gets
 * none, so it falls back to the theme's (code blocks, admonitions, tabs), overridable per use.
 */
function withThemeComponents(code: string): string {
  if (!code.includes(MDX_DEFAULT_EXPORT)) throw new Error('docsite: unexpected MDX output (no default MDXContent export)');
  return [
    "import { mdxComponents as __docsiteThemeComponents } from '@theme/mdx-components';",
    code.replace(MDX_DEFAULT_EXPORT, 'function MDXContent('),
    'export default function MdxPartial(props = {}) {',
    '  return MDXContent({ ...props, components: { ...__docsiteThemeComponents, ...props.components } });',
    '}',
  ].join('\n');
}

export function mdxImportsPlugin(compiler: { compile(file: string): Promise<ImportResult> }, onLinks?: (links: PartialLink[]) => void): Plugin {
  return {
    name: 'docsite-mdx-imports',
    setup(b) {
      // The markdown files each markdown file of this run imports, with where: a cycle among them is
      // a partial that renders itself, which never ends.
      const imported = new Map<string, { file: string; line: number; column: number }[]>();
      const cycleFrom = (start: string, at: string, seen = new Set<string>()): string[] | undefined => {
        for (const next of imported.get(at) ?? []) {
          if (next.file === start) return [at, start];
          if (seen.has(next.file)) continue;
          seen.add(next.file);
          const rest = cycleFrom(start, next.file, seen);
          if (rest) return [at, ...rest];
        }
        return undefined;
      };
      b.onLoad({ filter: /\.mdx?$/, namespace: 'file' }, async (args) => {
        const result = await compiler.compile(args.path);
        if ('code' in result) {
          const resolveDir = path.dirname(args.path);
          const markdown = importPositions(result.code).filter((item) => MARKDOWN.test(item.specifier));
          const targets = await Promise.all(
            markdown.map(async (item) => ({ ...item, file: (await b.resolve(item.specifier, { kind: 'import-statement', resolveDir })).path })),
          );
          imported.set(
            args.path,
            targets.filter((item) => item.file),
          );
          for (const target of imported.get(args.path)!) {
            const cycle = target.file === args.path ? [args.path, args.path] : cycleFrom(args.path, target.file);
            if (!cycle) continue;
            const names = [args.path, ...cycle.slice(cycle[0] === args.path ? 1 : 0)].map((file) => path.basename(file));
            return {
              errors: [
                {
                  text: `This import closes a cycle of markdown files: ${names.join(' imports ')}. A partial that imports itself, directly or through others, renders without end; remove one of the imports.`,
                  location: { file: args.path, line: target.line, column: Math.max(0, target.column - 1) },
                },
              ],
            };
          }
          if (result.links?.length) onLinks?.(result.links);
          return { contents: result.code, loader: 'jsx', resolveDir };
        }
        const { text, line, column } = result.error;
        return { errors: [{ text, location: { file: args.path, line: line ?? 1, column: Math.max(0, (column ?? 1) - 1) } }] };
      });
    },
  };
}
