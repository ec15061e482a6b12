/**
 * What the site graph keeps from one update to the next, by name: compile results, page chunks and
 * their links, the shared bundle, the API reference, the last config and scan. `invalidate(files)`
 * takes the files a watcher saw change and says which stages they reach.
 */
import path from 'node:path';
import { apiInputFiles, loadApiReference, type ApiReference } from '../api';
import { CONFIG_NAMES, type ResolvedConfig } from '../config/load';
import { isInsideFolder } from '../core/paths';
import type { CompileResult } from '../mdx';
import { createPackedEntries, type PackedEntries } from '../infra/packed-entries';
import { threadPerTask, type WorkerPool } from '../infra/pool';
import type { Store } from '../infra/store';
import { chunkCodec, isKeptChunk, type KeptChunk } from './bundle/chunk-store';
import type { PageChunk } from './bundle/chunks';
import { createMdxImportCompiler, type MdxImportCompiler } from './bundle/mdx-imports';
import type { KeptShared } from './bundle/shared-store';
import { compilerOptions, markdownPreprocessor } from './compile/compile';
import type { Linked, LinkMemo } from './link/link';
import { createRouteTableMemo, type RouteTableMemo } from './routes/routes';
import type { SiteModel } from './scan/site-model';
import type { StageName } from './stages';

/** What a pass over the whole site keeps for the next; the dev server's first pages keep their own. */
export interface Kept {
  /** Compile results, by store key. */
  compiled: Map<string, CompileResult>;
  /** Keyed by the compile results above, so it holds what the current pages need and nothing older. */
  routeMemo: RouteTableMemo;
  chunks: Map<string, KeptChunk>;
  linked: WeakMap<PageChunk, Linked>;
  /** Page modules the last pass wrote. */
  modules: Set<string>;
  /** Digests of large generated code (API pages), by the string itself: the same string is hashed once. */
  codeDigests: Map<string, string>;
  /** What the chunks linked into the current shared bundle give, as the store has it. */
  links?: LinkMemo;
}

export const emptyKept = (): Kept => ({
  compiled: new Map(),
  routeMemo: createRouteTableMemo(),
  chunks: new Map(),
  linked: new WeakMap(),
  modules: new Set(),
  codeDigests: new Map(),
});

export class GraphStore {
  /** The whole site's passes. */
  readonly site = emptyKept();
  /** The dev server's first pages, made while the first whole-site pass runs. */
  readonly first = emptyKept();
  /** The shared bundle the current pages link into. */
  shared: KeptShared | undefined;
  /** A shared bundle being made, so that two passes wanting the same one wait for one build. */
  sharedBuilding: { key: string; done: Promise<KeptShared> } | undefined;
  /** The last config and scan (the dev server's), which an edit that touches neither keeps. */
  lastScan: { config: ResolvedConfig; model: SiteModel } | undefined;
  /** Files outside the content folder that the scan read, and the modules the config imports. */
  externalFiles: string[] = [];
  configInputs: string[] = [];
  /** The content folders and files the last config names, watched by `serve`: content/, or a Docusaurus site's own. */
  contentPaths: string[] | undefined;

  /** What the watcher needs of the config just loaded: the modules it imports and where its content lies. */
  rememberConfig(config: ResolvedConfig): void {
    this.configInputs = config.inputs;
    this.contentPaths = [...config.layout.contentFolders, ...config.layout.contentFiles];
  }
  /** Whether a pass over the whole site has succeeded. */
  checkedOnce = false;
  /** The dev server's first pages being made, which the whole site's compile waits for between batches. */
  firstMaking: Promise<void> | undefined;
  /** The page chunks the dev server read from the store, while its first update runs. */
  devChunks: PackedEntries<KeptChunk> | undefined;
  private apiReference: { key: string; files: Set<string>; reference: Promise<ApiReference | undefined> } | undefined;
  private mdxImports: { key: string; compiler: MdxImportCompiler } | undefined;
  /**
   * Files changed since the last pass that succeeded: a failed pass may have stopped before checking
   * what they reach, so they stay listed until one succeeds. Undefined: every input is checked.
   */
  private unsettled: Set<string> | undefined = new Set();

  constructor(private readonly dev: boolean) {}

  /**
   * Takes the files a watcher saw change (absolute paths), to be checked by the next pass, and says
   * which stages they reach. Without files, or before a first pass, the next pass checks every input.
   */
  invalidate(files?: Iterable<string>): StageName[] {
    if (!files || !this.checkedOnce || !this.unsettled) {
      this.unsettled = undefined;
      return ['config'];
    }
    const changed = [...files].map((file) => path.resolve(file));
    for (const file of changed) this.unsettled.add(file);
    return this.reached(changed);
  }

  /** The files the next pass must check, or undefined for all of them. */
  get pending(): Set<string> | undefined {
    return this.unsettled;
  }

  /** A pass over the whole site succeeded: what it checked is settled. */
  settle(): void {
    this.unsettled = new Set();
    this.checkedOnce = true;
    this.devChunks = undefined;
  }

  /** The first stage of the list that a change of `changed` reaches; every later stage may redo work too. */
  private reached(changed: string[]): StageName[] {
    const last = this.lastScan;
    if (!last || !this.configHolds(last.config, new Set(changed))) return ['config'];
    const stages = new Set<StageName>();
    const { contentFolders, contentFiles } = last.config.layout;
    const inContent = (file: string) =>
      contentFolders.some((folder) => isInsideFolder(folder, file)) || contentFiles.includes(file) || this.externalFiles.includes(file);
    if (changed.some(inContent)) stages.add('scan').add('compile');
    if (this.apiReference && changed.some((file) => this.apiReference!.files.has(file))) stages.add('api reference');
    const chunkInputs = [...this.site.chunks.values()].some((kept) => changed.some((file) => file in kept.digests));
    if (chunkInputs) stages.add('bundle pages');
    if (this.shared && changed.some((file) => file in this.shared!.digests)) stages.add('bundle shared');
    return [...stages];
  }

  /** Whether `changed` leaves the config as it was: none of its inputs, and no config file that could now be found first. */
  configHolds(config: ResolvedConfig, changed: Set<string>, configOption?: string): boolean {
    const candidates = new Set([...config.inputs, ...CONFIG_NAMES.map((name) => path.join(config.siteDir, name))]);
    if (configOption) candidates.add(path.resolve(config.siteDir, configOption));
    return ![...changed].some((file) => candidates.has(file));
  }

  /** The API reference: loaded again when the config changes or one of the declarations it reads does. */
  apiReferenceFor(
    config: ResolvedConfig,
    changed: Set<string> | undefined,
    workers: { pool: WorkerPool; fingerprint: string },
  ): Promise<ApiReference | undefined> {
    const key = JSON.stringify(config.site);
    const current = this.apiReference;
    const touched = current && (!changed || [...changed].some((file) => current.files.has(file)));
    if (current?.key !== key || touched) {
      const reference = loadApiReference(config, { ...workers, typedoc: threadPerTask() });
      this.apiReference = { key, files: new Set(apiInputFiles(config).map((file) => path.resolve(file))), reference };
      reference.catch(() => {
        if (this.apiReference?.reference === reference) this.apiReference = undefined;
      });
    }
    return this.apiReference!.reference;
  }

  /** The declaration files the API reference was made from, which the dev server watches. */
  apiFiles(): Iterable<string> {
    return this.apiReference?.files ?? [];
  }

  /** The compiler of markdown that pages import, made again when the compiler's settings change. */
  mdxImportsFor(config: ResolvedConfig, pool: WorkerPool): MdxImportCompiler {
    const preprocess = markdownPreprocessor(config);
    const key = JSON.stringify([compilerOptions(config), config.siteDir, preprocess?.key ?? null]);
    if (this.mdxImports?.key !== key)
      this.mdxImports = {
        key,
        compiler: createMdxImportCompiler({ compilerOptions: compilerOptions(config), siteDir: config.siteDir, pool, ...(preprocess ? { preprocess } : {}) }),
      };
    return this.mdxImports.compiler;
  }

  /** The store's pack of page chunks: the dev server's chunks are their own kind (unminified), so a build's retain does not drop them. */
  chunkStore(store: Store): PackedEntries<KeptChunk> {
    return createPackedEntries<KeptChunk>({ store, kind: this.dev ? 'chunk-dev' : 'chunk', version: '2', isEntry: isKeptChunk, codec: chunkCodec });
  }
}
