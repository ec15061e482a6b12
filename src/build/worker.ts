/** Worker-thread tasks: MDX compilation and page prerendering, each kept warm across tasks. */
import { pathToFileURL } from 'node:url';
import { createMdxCompiler, type CompileResult, type MdxCompilerOptions } from '../mdx';
import { buildApiPages, type ApiPage } from '../api/pages';
import { createApiRenderer } from '../api/render';
import type { ApiPagesTask } from '../api';
import { createCodeHighlighter } from '../mdx/highlighter';
import { isDocsiteError } from '../core/errors';
import type { ErrorCode } from '../core/error-catalogue';
import { collectHtmlRefs } from '../render/html-refs';
import { renderDocument, type DocumentAssets } from '../render/document';
import type { PageData, SiteData } from '../shared/types';

export interface CompileTask {
  compilerOptions: MdxCompilerOptions;
  /** `partial`: a file imported from another, compiled for the mdx-imports plugin. */
  files: { key: string; file: string; source: string; partial?: boolean }[];
}

export type CompileOutcome =
  | { key: string; ok: true; result: CompileResult }
  | { key: string; ok: false; error: { code: ErrorCode; message: string; hint?: string; loc?: { file: string; line?: number; column?: number }; frame?: string } };

// Each worker thread keeps one compiler (its shiki grammars) and one imported server bundle warm
// across tasks; this state lives and dies with the thread, never shared between builds in one thread
// (new compiler options or a new bundle path replace it).
let compiler: ReturnType<typeof createMdxCompiler> | undefined;
let compilerKey = '';

export async function compile(task: CompileTask): Promise<CompileOutcome[]> {
  const key = JSON.stringify(task.compilerOptions);
  if (!compiler || compilerKey !== key) {
    compiler = createMdxCompiler(task.compilerOptions);
    compilerKey = key;
  }
  const out: CompileOutcome[] = [];
  for (const item of task.files) {
    try {
      out.push({ key: item.key, ok: true, result: await compiler.compile({ source: item.source, file: item.file, partial: item.partial }) });
    } catch (error) {
      if (!isDocsiteError(error)) throw error;
      out.push({ key: item.key, ok: false, error: { code: error.code, message: error.message, hint: error.hint, loc: error.loc, frame: error.frame } });
    }
  }
  return out;
}


/** The API reference's pages, highlighted with shiki here, where the highlighter already lives. */
export async function apiPages(task: ApiPagesTask): Promise<ApiPage[]> {
  const renderer = createApiRenderer({ base: task.base, highlighter: createCodeHighlighter(task.codeThemes) });
  return buildApiPages(task.model, renderer, task.base);
}

export interface RenderTask {
  serverFile: string;
  site: SiteData;
  pages: { index: number; assets: DocumentAssets }[];
}

export type RenderOutcome =
  | { index: number; ok: true; html: string; ids: string[]; links: string[] }
  | { index: number; ok: false; message: string; stack?: string };

interface ServerBundle {
  /** By route index: the bundle may hold only the pages this build renders. */
  routes: Record<number, () => Promise<{ Content: unknown; page: PageData }>>;
  renderPage(mod: { Content: unknown; page: PageData }): string;
}

const bundles = new Map<string, Promise<ServerBundle>>();

export async function render(task: RenderTask): Promise<RenderOutcome[]> {
  let bundle = bundles.get(task.serverFile);
  if (!bundle) {
    bundles.clear();
    bundle = import(pathToFileURL(task.serverFile).href) as Promise<ServerBundle>;
    bundles.set(task.serverFile, bundle);
  }
  const server = await bundle;
  const out: RenderOutcome[] = [];
  for (const item of task.pages) {
    try {
      const mod = await server.routes[item.index]!();
      const body = server.renderPage(mod);
      const refs = collectHtmlRefs(body);
      const html = renderDocument({ site: task.site, page: mod.page, body, assets: item.assets });
      out.push({ index: item.index, ok: true, html, ids: refs.ids, links: refs.links });
    } catch (error) {
      out.push({ index: item.index, ok: false, message: (error as Error).message, stack: (error as Error).stack });
    }
  }
  return out;
}
