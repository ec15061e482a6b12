/** Worker-thread tasks: MDX compilation and page prerendering, each kept warm across tasks. */
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { CompileInput, CompileResult, MdxCompiler, MdxCompilerOptions } from '../mdx';
import type { ApiPage } from '../api/pages';
import type { ApiPagesTask } from '../api';
import type { ApiModelResult, ApiModelTask } from '../api/extract';
import { workerHighlightStore } from './highlight-store';
import { isDocsiteError } from '../core/errors';
import type { ErrorCode } from '../core/error-catalogue';
import type { DocumentAssets } from '../render/document';
import type { SearchRecord } from '../shared/search/types';
import type { PageData, SiteData } from '../shared/types';

// Each kind of task loads its modules with its first task, so a thread loads only what it runs: one
// that compiles never loads the renderer's, one that renders (a build whose pages all come compiled
// from the store) never loads the MDX compiler, the largest of them. The module loader keeps each.
const mdxModules = () => import('../mdx');
const apiModules = async () => ({ ...(await import('../api/pages')), ...(await import('../api/render')), ...(await import('../mdx/highlighter')) });
const renderModules = async () => ({
  ...(await import('../render/html-refs')),
  ...(await import('../render/document')),
  ...(await import('../search/records')),
  ...(await import('../render/locale-graph')),
});

export interface CompileTask {
  compilerOptions: MdxCompilerOptions;
  /** `partial`: a file imported from another, compiled for the mdx-imports plugin. */
  files: { key: string; file: string; source: string; partial?: boolean; section?: CompileInput['section'] }[];
  /**
   * The cache folder whose store keeps coloured code blocks, the fingerprint of the code that
   * colours them, and the compile stage's run (its folder is listed once per run): a block found
   * there is not coloured again (shiki does not even start). Blocks coloured come back in `blocks`.
   */
  highlights?: { cacheDir: string; salt: string; listing: string };
  progress?: SharedArrayBuffer;
}

export type CompileOutcome =
  | { key: string; ok: true; result: CompileResult; blocks?: [key: string, html: string][]; damaged?: string[] }
  | {
      key: string;
      ok: false;
      error: { code: ErrorCode; message: string; hint?: string; loc?: { file: string; line?: number; column?: number }; frame?: string };
    };

// Each worker thread keeps one compiler (its shiki grammars) and one imported server bundle warm
// across tasks; this state lives and dies with the thread, never shared between builds in one thread
// (new compiler options or a new bundle path replace it).
let compiler: MdxCompiler | undefined;
let compilerKey = '';
let highlightStore: ReturnType<typeof workerHighlightStore> | undefined;

/** Tells the main thread which item of a task this thread is on (see runTimed in pool.ts). */
function progressOf(task: { progress?: SharedArrayBuffer }): (item: number) => void {
  const view = task.progress ? new Int32Array(task.progress) : undefined;
  if (view) Atomics.store(view, 0, 1);
  return (item) => {
    if (view) Atomics.store(view, 0, item + 2);
  };
}

export async function compile(task: CompileTask): Promise<CompileOutcome[]> {
  const at = progressOf(task);
  const key = JSON.stringify(task.compilerOptions);
  if (!compiler || compilerKey !== key) {
    const { createMdxCompiler } = await mdxModules();
    compiler = createMdxCompiler(task.compilerOptions);
    compilerKey = key;
  }
  if (task.highlights)
    highlightStore = workerHighlightStore(task.highlights.cacheDir, `${task.highlights.cacheDir}\0${task.highlights.listing}`, highlightStore);
  const store = task.highlights && highlightStore;
  const highlights = store && { store, salt: task.highlights!.salt };
  const out: CompileOutcome[] = [];
  for (const [i, item] of task.files.entries()) {
    at(i);
    try {
      const result = await compiler.compile({ source: item.source, file: item.file, partial: item.partial, section: item.section, highlights });
      const blocks = store?.take();
      const damaged = store?.takeDamaged();
      out.push({ key: item.key, ok: true, result, ...(blocks?.length ? { blocks } : {}), ...(damaged?.length ? { damaged } : {}) });
    } catch (error) {
      if (!isDocsiteError(error)) throw error;
      out.push({ key: item.key, ok: false, error: { code: error.code, message: error.message, hint: error.hint, loc: error.loc, frame: error.frame } });
    }
  }
  // The highlight store's listing of its folder ends within the task, even when no page looked a
  // block up. Between tasks a pool thread waits blocked (tinypool's Atomics.wait, which hands tasks
  // over faster than the event loop), and a listing still open as its task ended kept its names in
  // C memory: the dev server's memory grew with every edit.
  await store?.names;
  return out;
}

/**
 * The API model of installed packages, made by TypeDoc here rather than on the main thread: it runs
 * while other threads compile, and the main thread stays free to hand them their tasks.
 */
export async function apiModel(task: ApiModelTask): Promise<ApiModelResult> {
  const { modelOf } = await import('../api/extract');
  return modelOf(task.entries);
}

/** The API reference's pages, highlighted with shiki here, where the highlighter already lives. */
export async function apiPages(task: ApiPagesTask): Promise<ApiPage[]> {
  const { buildApiPages, createApiRenderer, createCodeHighlighter } = await apiModules();
  const renderer = createApiRenderer({ base: task.base, highlighter: createCodeHighlighter(task.codeThemes) });
  return buildApiPages(task.model, renderer, task.base);
}

export interface RenderTask {
  /** File URL of the shared bundle's renderer. */
  renderer: string;
  site: SiteData;
  /** Each page's module for Node, by path, and its locale when not the default one; `index` is echoed back. */
  pages: { index: number; module: string; assets: DocumentAssets; locale?: string }[];
  progress?: SharedArrayBuffer;
}

export type RenderOutcome =
  | { index: number; ok: true; html: string; ids: string[]; links: string[]; records?: SearchRecord[]; recordsJson?: string }
  | { index: number; ok: false; message: string; stack?: string };

interface Renderer {
  renderPage(mod: { Content: unknown; page: PageData }): string;
}

/** The renderers of the current shared bundle by locale (see rendererCache), kept across tasks. */
let rendererOf: ((url: string, locale: string | undefined) => Promise<Renderer>) | undefined;

export async function render(task: RenderTask): Promise<RenderOutcome[]> {
  const at = progressOf(task);
  const { collectHtmlRefs, renderDocument, pageRecords, searchFacts, inLocaleGraph, withoutLocaleGraph, rendererCache } = await renderModules();
  rendererOf ??= rendererCache<Renderer>();
  // Loaded ahead of the pages: a renderer that does not load fails the task, as it did before locales had graphs.
  await rendererOf(task.renderer, undefined);
  const out: RenderOutcome[] = [];
  for (const [i, item] of task.pages.entries()) {
    at(i);
    try {
      // The page first: its locale's module runs before the shared bundle's modules (see locale-modules.ts).
      const mod = (await import(inLocaleGraph(pathToFileURL(item.module).href, item.locale))) as { Content: unknown; page: PageData };
      const server = await rendererOf(task.renderer, item.locale);
      const body = server.renderPage(mod);
      const refs = collectHtmlRefs(body);
      const html = renderDocument({ site: task.site, page: mod.page, body, assets: item.assets });
      // Search records are read from the page as rendered, here where its HTML already is.
      const facts = searchFacts(mod.page, task.site);
      const records = facts ? pageRecords({ ...facts, html: body }) : undefined;
      // Serialized here too, beside the other worker, so records.json is only joined on the main thread.
      out.push({ index: item.index, ok: true, html, ids: refs.ids, links: refs.links, records, recordsJson: records && JSON.stringify(records) });
    } catch (error) {
      const stack = (error as Error).stack;
      out.push({ index: item.index, ok: false, message: (error as Error).message, stack: stack && withoutLocaleGraph(stack) });
    }
  }
  return out;
}

// The dev server has its compile threads collect their garbage when it is quiet.
export { collectGarbage } from './garbage';

// The dev server's render thread starts from this file too (see src/serve/render-thread.ts).
if (!isMainThread && (workerData as { docsiteRenderThread?: boolean } | null)?.docsiteRenderThread) {
  void import('../render/stream-thread').then(({ serveRenders }) => serveRenders(parentPort!));
}
