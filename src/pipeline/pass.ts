/**
 * One pass of the stage list: what it makes (the whole site, or the few pages a dev server was asked
 * for first), what each stage has produced so far, and what the graph keeps from one pass to the next.
 */
import path from 'node:path';
import type { ApiReference } from '../api';
import type { ResolvedConfig } from '../config/load';
import type { DocsiteError } from '../core/errors';
import type { Body } from '../infra/body';
import type { WorkerPool } from '../infra/pool';
import type { DocsiteLocations } from '../infra/locations';
import type { StageProgress } from '../infra/reporter';
import type { Store } from '../infra/store';
import type { Bundler } from './bundle/bundler';
import type { BundleInput } from './bundle/bundle';
import type { PageChunk } from './bundle/chunks';
import type { KeptShared } from './bundle/shared-store';
import type { CompileStageResult } from './compile/compile';
import type { GraphStore, Kept } from './graph-store';
import type { RouteEntry, RouteTable } from './routes/routes';
import type { SiteModel } from './scan/site-model';
import type { SiteGraphOptions, SiteState } from './site-state';
import type { StageName } from './stages';

/** What every pass of one graph shares: its settings, its threads and its memory. */
export interface GraphContext {
  options: SiteGraphOptions;
  dev: boolean;
  pool: WorkerPool;
  locations: DocsiteLocations;
  /** docsite's own fingerprint, and the compiler's (the part of docsite the threads run). */
  fingerprint: string;
  workerFingerprint: string;
  /** esbuild as the dev server keeps it running between updates, or one build at a time. */
  bundler: Bundler;
  memory: GraphStore;
  /** Hears the file URL of each shared bundle's Node renderer once it is written. */
  onRenderer?: (url: string) => void;
}

/** What one pass makes: the whole site, or a few of its pages. */
export interface Scope {
  kept: Kept;
  /** Route keys of the pages to make, when not the whole site. */
  only?: Set<string>;
  /** The sources to compile for them (all the site's when `only` is not given). */
  sources?: Set<string>;
  /** The folder under the graph's work folder that holds the pass's page modules. */
  modulesDir: string;
}

/** Each stage's product, by the name the stage list gives it. */
export interface Products {
  compiled: CompileStageResult;
  api: ApiReference | undefined;
  /** The route table, the routes this pass makes, what their bundles are made from, and the files the table makes besides pages. */
  routes: { table: RouteTable; routes: RouteEntry[]; input: BundleInput; files: { sidebars: Map<string, Body>; site: Map<string, Body> } };
  /** By index into the pass's routes: each page's chunk, its entry name, and its module source's digest. */
  chunks: { chunks: Map<number, PageChunk>; names: string[]; sourceDigests: string[]; built: number };
  /** `unusedOverrides`: the site's theme overrides that nothing in the bundle imports, as warnings. */
  shared: { bundle: KeptShared; built: boolean; unusedOverrides: DocsiteError[] };
  site: SiteState;
}

export interface Pass {
  graph: GraphContext;
  config: ResolvedConfig;
  model: SiteModel;
  scope: Scope;
  /** The files changed since the last pass that succeeded; undefined: every input is checked. */
  changed: Set<string> | undefined;
  store: Store;
  /** Errors found so far that do not stop the pass at once: one run reports every error of the site. */
  errors: DocsiteError[];
  products: Partial<Products>;
  /** Resolves once the named stage has ended in this pass; never, when the pass stops before it. */
  ended(name: StageName): Promise<void>;
}

/** The signals a pass gives as its stages end: `ended` for the pass, `end` for the loop that runs the stages. */
export function stageSignals(): { ended: (name: StageName) => Promise<void>; end: (name: StageName) => void } {
  const signals = new Map<StageName, { promise: Promise<void>; resolve: () => void }>();
  const signal = (name: StageName) => {
    let found = signals.get(name);
    if (!found) {
      let resolve!: () => void;
      const promise = new Promise<void>((settle) => (resolve = settle));
      found = { promise, resolve };
      signals.set(name, found);
    }
    return found;
  };
  return { ended: (name) => signal(name).promise, end: (name) => signal(name).resolve() };
}

/** A stage's product, which an earlier stage of the list must have made. */
export function productOf<K extends keyof Products>(pass: Pass, name: K): Products[K] {
  if (!(name in pass.products)) throw new Error(`docsite: the stage that makes "${name}" has not run in this pass`);
  return pass.products[name] as Products[K];
}

/** How a stage runs within a pass. Returning `false` ends the pass there (a few pages asked for that the site does not have). */
export type StageRun = (pass: Pass, progress: StageProgress) => Promise<void | false>;

/** The graph's own folder: the dev server's scratch space, or a build's. */
export function workDirOf(graph: GraphContext, config: ResolvedConfig): string {
  return path.join(config.cacheDir, graph.dev ? 'serve' : 'graph');
}
