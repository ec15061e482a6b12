/** What the site graph hands its callers: the options it takes, the state an update ends at, and the graph's own interface. */
import type { ApiReference } from '../api';
import type { LoadConfigOptions, ResolvedConfig } from '../config/load';
import type { SiteFiles } from '../content/site-files';
import type { DocsiteError } from '../core/errors';
import type { Body } from '../infra/body';
import type { WorkerPool } from '../infra/pool';
import type { StageProgress } from '../infra/reporter';
import type { DocumentAssets } from '../render/document';
import type { MapOf } from './render/throw-site';
import type { RouteEntry, RouteTable } from './routes/routes';
import type { SiteModel } from './scan/site-model';
import type { StageName } from './stages';

export interface StageRunner {
  stage<T>(name: string, run: (progress: StageProgress) => Promise<T>): Promise<T>;
}

export interface SiteGraphOptions extends LoadConfigOptions {
  /** `build` leaves drafts out and minifies; `serve` keeps drafts, makes readable chunks and keeps esbuild running between updates. */
  mode: 'build' | 'serve';
  pool: WorkerPool;
  reporter?: StageRunner;
  /** The config, when the caller has loaded and checked it already. */
  resolved?: ResolvedConfig;
  /** docsite's own fingerprint, when the caller has computed it (it hashes docsite's code). */
  fingerprint?: string;
  /** Where the scan reads the site's files: the disk when not given (tests pass files held in memory). */
  files?: SiteFiles;
  /**
   * Hears the file URL of each shared bundle's Node renderer once it is written, before any page
   * needs it: the dev server imports the first one while its first page compiles.
   */
  onRenderer?: (url: string) => void;
  /** Hears the config each update runs on, once its config stage has loaded (or kept) it. */
  onConfig?: (config: ResolvedConfig) => void;
}

export interface PageNode {
  entry: RouteEntry;
  assets: DocumentAssets;
  /** The page's module for Node (its content, with the shared bundle's modules imported by file URL). */
  serverModule: string;
  /** Writes the module, if it is not there yet; rendering the page needs it, the graph alone does not. */
  writeServerModule(): Promise<void>;
  /** Digest of everything the page's HTML is made from. */
  renderKey: string;
}

/** An output file's body: its bytes, or (a page's chunk) what emit needs to know of them and a way to read them. */
export type GraphFile = Body;

export interface SiteState {
  config: ResolvedConfig;
  model: SiteModel;
  table: RouteTable;
  api?: ApiReference;
  compiled: { compiled: number; cached: number };
  /** Pages whose chunk was bundled by this update, and pages whose chunk an earlier one made. */
  bundled: { built: number; kept: number; shared: boolean };
  warnings: DocsiteError[];
  /**
   * Every output but the pages' HTML, by path relative to the site root (`assets/…`, `_docsite/…`,
   * redirects, feeds). The pages' chunks are bodies read on demand: an unchanged page's linked code
   * is known by its name, digest and size, and made only if someone reads it.
   */
  files: Map<string, GraphFile>;
  /** Digests (as emit records them) of the route chunks among `files`, computed with their names. */
  digests: Map<string, string>;
  /** By route, in route-table order. */
  pages: Map<string, PageNode>;
  /** File URL of the Node module that exports renderPage and renderPageStream. */
  renderer: string;
  staticDir: string;
  /** The source map of an MDX page's Node module, made when asked for (when the page threw). */
  pageMap?(route: string, serverModule: string): Promise<MapOf | undefined>;
}

export interface SiteGraph {
  /** Brings the graph up to date. `changed` (absolute paths) lets it skip checking files nobody touched; without it every input is checked. */
  update(changed?: Iterable<string>): Promise<SiteState>;
  /**
   * The pages at `pathnames` alone, made while an update is under way (the dev server's first
   * requests): from that update's scan, compiling only those pages, with every other page left out
   * of the route table (so sidebars and pagination name pages that are not compiled yet by their
   * front matter title or file name). Undefined when no page of the site answers those paths.
   */
  firstPages(pathnames: string[]): Promise<SiteState | undefined>;
  /**
   * Has the threads compile the pages of `files` (absolute paths) `rounds` times over, their results
   * unused, while `idle()` holds: the dev server's fresh threads, made ready for the pages being edited.
   */
  practise(files: string[], rounds: number, idle: () => boolean): Promise<void>;
  /** Folders and files whose change matters. */
  watchedPaths(): string[];
  /** Takes files a watcher saw change, to be checked by the next update, and says which stages of the list they reach. */
  invalidate(files: Iterable<string>): StageName[];
  dispose(): Promise<void>;
}
