/**
 * The API model of installed npm packages, from their TypeScript declarations through TypeDoc.
 * The model is kept in the store (kind `api-model`), keyed by everything it depends on, so a
 * build whose packages did not change never loads TypeDoc.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TaskRunner } from '../core/tasks';
import { createStore, type Store } from '../infra/store';
import { API_MODEL_VERSION, type ApiModel } from './model';
import { declarationFiles, readPackage, type ExtractEntry, type ExtractPackage } from './extract-entries';
import { buildApiModel } from './extract-model';
import { EXTRACT_COMPILER_OPTIONS, EXTRACT_TYPEDOC_OPTIONS, runTypeDoc } from './extract-typedoc';

export interface ApiExtractOptions {
  /** Packages are found in node_modules of siteDir or its parents (Node's lookup). */
  siteDir: string;
  /**
   * npm names, e.g. `['lexical', '@lexical/react']`: every entry point of their `exports`. Or
   * `{ name, entryPoints }` to document only some subpaths (`'.'`, `'./LexicalComposer'`).
   */
  packages: (string | { name: string; entryPoints: string[] })[];
  /** e.g. `<site>/.docsite`: the model is kept in a store there unless `store` is given. */
  cacheDir: string;
  store?: Store;
  /** Worker threads to run TypeDoc in (task `apiModel`); this thread when not given. */
  runner?: TaskRunner;
  /** TypeDoc's warnings (e.g. an `@param` naming no parameter); not printed unless handled here. */
  onWarning?: (message: string) => void;
}

export interface ApiExtractResult {
  model: ApiModel;
  /** True when the model came from the cache and TypeDoc did not run. */
  cached: boolean;
  ms: number;
}

/** Bump when the extraction changes in a way API_MODEL_VERSION does not capture. */
const EXTRACTOR_REVISION = 1;

const MODEL_KIND = 'api-model';

export async function extractApiModel(options: ApiExtractOptions): Promise<ApiExtractResult> {
  const start = performance.now();
  const siteDir = path.resolve(options.siteDir);
  if (options.packages.length === 0) throw new Error('API reference: no packages to document (the `packages` list is empty).');
  const packages = options.packages.map((spec) => {
    const found = readPackage(typeof spec === 'string' ? spec : spec.name, siteDir);
    return typeof spec === 'string' ? found : { ...found, entries: selectEntries(found, spec.entryPoints) };
  });
  const entries = packages.flatMap((pkg) => pkg.entries);

  const store = options.store ?? createStore(options.cacheDir);
  const key = await cacheKey(packages, entries);
  const hit = await store.getJson<ApiModel>(MODEL_KIND, key);
  if (hit && hit.version === API_MODEL_VERSION && Array.isArray(hit.modules)) return { model: hit, cached: true, ms: performance.now() - start };

  const { model, warnings } = options.runner
    ? ((await options.runner.run({ entries } satisfies ApiModelTask, { name: 'apiModel' })) as ApiModelResult)
    : await modelOf(entries);
  for (const warning of warnings) options.onWarning?.(warning);
  await store.putJson(MODEL_KIND, key, model);
  // One site documents one set of packages: the models of earlier versions are of no further use.
  await store.retain(MODEL_KIND, [key]);
  return { model, cached: false, ms: performance.now() - start };
}

/** What the `apiModel` task of a worker thread is given, and what it answers. */
export interface ApiModelTask {
  entries: ExtractEntry[];
}
export interface ApiModelResult {
  model: ApiModel;
  warnings: string[];
}

/** TypeDoc run over the entries, and the model made from its reflections. */
export async function modelOf(entries: ExtractEntry[]): Promise<ApiModelResult> {
  const run = await runTypeDoc(entries);
  return { model: buildApiModel(run, entries), warnings: run.warnings };
}

/** The entries named by subpath (`.` or `./Sub`); a name the package does not export is an error listing those it does. */
function selectEntries(pkg: ExtractPackage, subpaths: string[]): ExtractEntry[] {
  const subpathOf = (entry: ExtractEntry) => (entry.name === pkg.name ? '.' : `./${entry.name.slice(pkg.name.length + 1)}`);
  const known = new Map(pkg.entries.map((entry) => [subpathOf(entry), entry]));
  const missing = subpaths.filter((subpath) => !known.has(subpath));
  if (missing.length > 0) {
    throw new Error(`API reference: ${pkg.name} has no entry point ${missing.join(', ')}. It exports: ${[...known.keys()].join(', ')}.`);
  }
  return subpaths.map((subpath) => known.get(subpath)!);
}

/**
 * Everything the model depends on: the model format, the TypeDoc and TypeScript versions, each
 * package's name and version, the modules found, the content of every declaration file of the
 * packages (an entry may re-export another file's declarations; a linked package under development
 * is re-read when it changes), and the extraction settings.
 */
async function cacheKey(packages: ExtractPackage[], entries: ExtractEntry[]): Promise<string> {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      model: API_MODEL_VERSION,
      extractor: EXTRACTOR_REVISION,
      typedoc: toolVersion('typedoc'),
      typescript: toolVersion('typescript'),
      compilerOptions: EXTRACT_COMPILER_OPTIONS,
      typedocOptions: EXTRACT_TYPEDOC_OPTIONS,
      packages: packages.map((pkg) => `${pkg.name}@${pkg.version}`),
      modules: entries.map((entry) => entry.name),
    }),
  );
  for (const pkg of packages) {
    for (const file of declarationFiles(pkg.dir)) {
      hash.update('\0').update(path.relative(pkg.dir, file)).update('\0');
      hash.update(await readFile(file));
    }
  }
  return hash.digest('hex').slice(0, 32);
}

const localRequire = createRequire(import.meta.url);
const versions = new Map<string, string>();

/** The installed version of TypeDoc or of the TypeScript TypeDoc uses, without loading either. */
function toolVersion(name: 'typedoc' | 'typescript'): string {
  let version = versions.get(name);
  if (version) return version;
  try {
    const from = name === 'typedoc' ? localRequire : createRequire(localRequire.resolve('typedoc/package.json'));
    const manifest = JSON.parse(fs.readFileSync(from.resolve(`${name}/package.json`), 'utf8')) as { version?: string };
    version = manifest.version ?? 'unknown';
  } catch {
    version = 'unknown';
  }
  versions.set(name, version);
  return version;
}
