/**
 * Finds the modules of installed npm packages: where each package lives (Node's node_modules
 * lookup from the site folder upwards) and which declaration file each of its entry points has.
 */
import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { findPackageDir } from '../content/packages';

/**
 * Every declaration file of a package, sorted: an entry's declarations may re-export others
 * (`export * from './greet'`), and a doc comment in any of them shows on the pages.
 */
export function declarationFiles(packageDir: string): string[] {
  return fg.sync('**/*.d.{ts,mts,cts}', { cwd: packageDir, absolute: true, ignore: ['**/node_modules/**'], followSymbolicLinks: false }).sort();
}

/** One importable module of a package, e.g. `@lexical/react/LexicalComposer`. */
export interface ExtractEntry {
  /** As imported: the package name for `.`, `<package>/<Sub>` for `./Sub`. */
  name: string;
  packageName: string;
  packageVersion: string;
  /** Real path of the package folder, forward slashes. */
  packageDir: string;
  /** Real path of the declaration file, forward slashes. */
  file: string;
}

export interface ExtractPackage {
  name: string;
  version: string;
  dir: string;
  entries: ExtractEntry[];
}

interface PackageJson {
  name?: string;
  version?: string;
  exports?: unknown;
  types?: unknown;
  typings?: unknown;
  main?: unknown;
}

/** Forward slashes, so paths compare equal to TypeScript's and TypeDoc's. */
export function normalizeFile(file: string): string {
  return file.replace(/\\/g, '/');
}

/** Reads a package and lists its modules with their declaration files. */
export function readPackage(name: string, siteDir: string): ExtractPackage {
  const found = findPackageDir(name, siteDir);
  if (!found) {
    throw new Error(`API reference: cannot find the package "${name}" from ${siteDir} (looked in node_modules folders up to the root). Is it installed?`);
  }
  const dir = normalizeFile(found);
  const manifestFile = path.join(dir, 'package.json');
  let manifest: PackageJson;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PackageJson;
  } catch (error) {
    throw new Error(`API reference: cannot read ${manifestFile}: ${(error as Error).message}`);
  }
  const version = typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  const entries: ExtractEntry[] = [];
  const seenFiles = new Set<string>();
  const add = (subpath: string, file: string | undefined) => {
    if (!file || seenFiles.has(file)) return;
    seenFiles.add(file);
    const moduleName = subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`;
    entries.push({ name: moduleName, packageName: name, packageVersion: version, packageDir: dir, file });
  };

  const exportsMap = normalizeExports(manifest.exports);
  if (exportsMap) {
    for (const [subpath, target] of Object.entries(exportsMap)) {
      if (!isModuleSubpath(subpath)) continue;
      // `./Foo.js` next to `./Foo` is a legacy alias of the same module.
      const alias = /^(.*)\.[cm]?js$/.exec(subpath);
      if (alias && alias[1] in exportsMap) continue;
      add(subpath, declarationFor(dir, target));
    }
  } else {
    const declared = [manifest.types, manifest.typings].find((v): v is string => typeof v === 'string');
    const fromMain = typeof manifest.main === 'string' ? siblingDeclaration(dir, manifest.main) : undefined;
    add('.', (declared && existingFile(dir, declared)) || fromMain || existingFile(dir, 'index.d.ts'));
  }
  if (entries.length === 0) {
    throw new Error(
      `API reference: the package "${name}" (${dir}) has no TypeScript declarations for its entry points (no "types" condition in "exports", no "types"/"typings" field, no .d.ts next to its JavaScript).`,
    );
  }
  return { name, version, dir, entries };
}

/** `exports` as a map of subpaths, or undefined when the package has none. */
function normalizeExports(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || Array.isArray(value)) return { '.': value };
  if (typeof value !== 'object') return undefined;
  const keys = Object.keys(value);
  // Conditions only (`{ "types": ..., "default": ... }`) are the `.` entry.
  if (keys.length > 0 && keys.every((key) => !key.startsWith('.'))) return { '.': value };
  return value as Record<string, unknown>;
}

/** Subpaths that can be modules: not `./package.json`, not patterns, not assets. */
function isModuleSubpath(subpath: string): boolean {
  if (subpath === './package.json') return false;
  if (subpath.includes('*')) return false;
  // Stylesheets, JSON and other assets are not modules with an API.
  if (/\.(css|json|wasm|svg|png|jpe?g|gif|woff2?)$/.test(subpath)) return false;
  return subpath === '.' || subpath.startsWith('./');
}

const CONDITION_ORDER = ['types', 'typings', 'import', 'module', 'require', 'node', 'default'];

/** The declaration file for an `exports` target: the `types` condition, wherever it is nested, or a `.d.ts` next to the JS file. */
function declarationFor(dir: string, target: unknown): string | undefined {
  return findTypesCondition(dir, target) ?? findJsSibling(dir, target);
}

function findTypesCondition(dir: string, target: unknown): string | undefined {
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = findTypesCondition(dir, item);
      if (found) return found;
    }
    return undefined;
  }
  if (!target || typeof target !== 'object') return undefined;
  const record = target as Record<string, unknown>;
  for (const key of ['types', 'typings']) {
    const value = record[key];
    if (typeof value === 'string') {
      const file = isDeclarationPath(value) ? existingFile(dir, value) : siblingDeclaration(dir, value);
      if (file) return file;
    } else if (value && typeof value === 'object') {
      const found = findTypesCondition(dir, value) ?? findJsSibling(dir, value);
      if (found) return found;
    }
  }
  for (const key of orderedConditions(record)) {
    if (key === 'types' || key === 'typings') continue;
    const found = findTypesCondition(dir, record[key]);
    if (found) return found;
  }
  return undefined;
}

function findJsSibling(dir: string, target: unknown): string | undefined {
  if (typeof target === 'string') return isDeclarationPath(target) ? existingFile(dir, target) : siblingDeclaration(dir, target);
  if (Array.isArray(target)) {
    for (const item of target) {
      const found = findJsSibling(dir, item);
      if (found) return found;
    }
    return undefined;
  }
  if (!target || typeof target !== 'object') return undefined;
  const record = target as Record<string, unknown>;
  for (const key of orderedConditions(record)) {
    const found = findJsSibling(dir, record[key]);
    if (found) return found;
  }
  return undefined;
}

/** Well-known conditions first, then the others in the order written. */
function orderedConditions(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  return [...CONDITION_ORDER.filter((key) => keys.includes(key)), ...keys.filter((key) => !CONDITION_ORDER.includes(key))];
}

function isDeclarationPath(file: string): boolean {
  return /\.d\.[cm]?ts$/.test(file) || /\.d\.[^/]+\.ts$/.test(file);
}

/** `./dist/index.js` -> `./dist/index.d.ts` (or `.d.mts` / `.d.cts` for `.mjs` / `.cjs`), when it exists. */
function siblingDeclaration(dir: string, jsFile: string): string | undefined {
  const match = /^(.*)\.([cm]?)(?:js|jsx|ts|tsx)$/.exec(jsFile);
  const base = match ? match[1] : jsFile;
  const flavour = match ? match[2] : '';
  const candidates = [`${base}.d.${flavour}ts`, `${base}.d.ts`];
  if (!match) candidates.push(`${base}/index.d.ts`);
  for (const candidate of candidates) {
    const file = existingFile(dir, candidate);
    if (file) return file;
  }
  return undefined;
}

function existingFile(dir: string, relative: string): string | undefined {
  const file = path.resolve(dir, relative);
  try {
    if (fs.statSync(file).isFile()) return normalizeFile(fs.realpathSync(file));
  } catch {
    // missing
  }
  return undefined;
}
