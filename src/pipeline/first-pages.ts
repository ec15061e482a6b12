/**
 * The dev server's first pages: while its first update makes the whole site, the pages a browser
 * asks for are made on their own from that update's scan, so the first request does not wait for
 * every page. Also the compiler threads' warm-up on the pages most likely asked for next.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../config/load';
import { createContentReader, type SiteFiles } from '../content/site-files';
import { isInsideFolder, routeKey } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { markdownPreprocessor, practiseCompilers, warmCompilers } from './compile/compile';
import { emptyKept } from './graph-store';
import type { GraphContext, Scope } from './pass';
import type { SiteModel } from './scan/site-model';
import type { SiteState } from './site-state';

type RunPass = (config: ResolvedConfig, model: SiteModel, changed: Set<string> | undefined, scope: Scope) => Promise<SiteState | undefined>;

export function createFirstPages(graph: GraphContext, runPass: RunPass, startThemeBundle: (config: ResolvedConfig) => void) {
  const { memory, pool, options } = graph;
  let configured: Promise<ResolvedConfig> | undefined;
  let scanned: Promise<{ config: ResolvedConfig; model: SiteModel }> | undefined;
  let scanFinished = false;
  let warmedFirst = false;
  let lastFirst: { key: string; state: Promise<SiteState | undefined> } | undefined;

  /**
   * The first page of a thread compiles much slower than the next (its regular expressions
   * and its JIT are cold): while the scan runs, the threads compile the file the first page most
   * likely comes from, its result unused. A page whose file is not where its path suggests (a slug,
   * a number prefix) finds the threads warmed by the small page they start with.
   */
  const warmForFirstPage = async (config: ResolvedConfig, pathname: string): Promise<void> => {
    const reader = options.files ?? (await createContentReader(config.siteDir));
    for (const candidate of likelyDocFiles(config, pathname)) {
      const page = await compilerInput(config, reader, candidate);
      if (!page) continue;
      warmCompilers(pool, config, page);
      return;
    }
  };

  return {
    /** An update began: its config and scan, which the first pages are made from. */
    started(configuring: Promise<ResolvedConfig>, scanning: Promise<{ config: ResolvedConfig; model: SiteModel }>): void {
      configured = configuring;
      scanned = scanning;
      scanning.then(
        () => (scanFinished = true),
        () => undefined,
      );
    },
    /** The update ended: the first pages serve only while it runs, and what they kept goes with it. */
    finished(): void {
      lastFirst = undefined;
      Object.assign(memory.first, emptyKept());
    },
    async pages(pathnames: string[]): Promise<SiteState | undefined> {
      if (!scanned || !configured) return undefined;
      const from = scanned;
      const loaded = await configured;
      startThemeBundle(loaded);
      if (!warmedFirst && !scanFinished) {
        warmedFirst = true;
        void warmForFirstPage(loaded, pathnames[0]!).catch(() => undefined);
      }
      const { config, model } = await from;
      const only = new Set(pathnames.flatMap((pathname) => routeCandidates(pathname).map(routeKey)));
      // The pages asked for that need compiling; other routes (a TSX page, a category index) need none.
      const sources = [...model.docs, ...model.pages].filter((entry) => only.has(routeKey(entry.route))).map((entry) => entry.source);
      const key = JSON.stringify([[...only].sort(), sources.sort()]);
      if (lastFirst?.key !== key) {
        const state = runPass(config, model, undefined, { kept: memory.first, only, sources: new Set(sources), modulesDir: 'first' });
        lastFirst = { key, state };
        // The whole site's compile hands the threads no more pages until these are made (a thread
        // finishes the pages it has): the first page waits for one batch, not for the site.
        memory.firstMaking = state.then(
          () => undefined,
          () => undefined,
        );
      }
      return lastFirst.state;
    },
    /** Has the threads compile the pages of `files` `rounds` times over, their results unused, while `idle()` holds. */
    async practise(files: string[], rounds: number, idle: () => boolean): Promise<void> {
      const config = memory.lastScan?.config;
      if (!config || files.length === 0) return;
      const reader = options.files ?? (await createContentReader(config.siteDir));
      const pages: { file: string; source: string }[] = [];
      for (const file of files) {
        const page = await compilerInput(config, reader, file);
        if (page) pages.push(page);
      }
      await practiseCompilers(pool, config, pages, { rounds, idle, salt: graph.workerFingerprint });
    },
  };
}

/**
 * The site file `file` as the compiler takes it: its path from the site folder and its text,
 * preprocessed. Undefined for what the site may not read (a link out of it, a file since removed)
 * or a preprocessor that throws on it: an update reports those.
 */
async function compilerInput(config: ResolvedConfig, reader: SiteFiles, file: string): Promise<{ file: string; source: string } | undefined> {
  const real = await reader.realPath(file).catch(() => undefined);
  if (!real) return undefined;
  const display = path.relative(config.siteDir, real);
  try {
    const text = await reader.readText(real);
    const preprocess = markdownPreprocessor(config);
    return { file: display, source: preprocess ? preprocess.apply(display, text) : text };
  } catch {
    return undefined;
  }
}

/** The files of the docs folder a page at `pathname` would come from, were it named by its path. */
export function likelyDocFiles(config: ResolvedConfig, pathname: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return [];
  }
  const base = `${config.site.baseUrl}${config.site.docs.routeBasePath}`.replace(/\/+$/, '');
  if (decoded !== base && !decoded.startsWith(`${base}/`)) return [];
  const rest = decoded.slice(base.length).replace(/^\/+|\/+$/g, '');
  const docsDir = path.join(config.contentDir, config.site.docs.path);
  const at = path.resolve(docsDir, rest);
  if (at !== docsDir && !isInsideFolder(docsDir, at)) return [];
  return [...(rest ? [`${at}.md`, `${at}.mdx`] : []), ...['index.md', 'index.mdx', 'README.md', 'README.mdx'].map((name) => path.join(at, name))];
}
