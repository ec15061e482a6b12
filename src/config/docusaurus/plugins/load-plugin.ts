/**
 * Turns an entry of the config's `plugins` into the plugin object Docusaurus would have: the
 * function given inline, or loaded from a path or a package of the site, called with the context
 * and the entry's options.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { importModuleWithInputs } from '../../import-module';
import type { SitePluginEntry } from './types';

/** What Docusaurus passes a plugin function first: the site, where the build writes, and the language. */
export interface PluginContext {
  siteDir: string;
  siteConfig: Record<string, unknown>;
  siteConfigPath: string;
  outDir: string;
  baseUrl: string;
  generatedFilesDir: string;
  i18n: { currentLocale: string; defaultLocale: string; locales: string[]; path: string; localeConfigs: Record<string, unknown> };
  localizationDir: string;
  codeTranslations: Record<string, string>;
  siteVersion: string | undefined;
}

/** A plugin object as its function returned it, with the name messages give it. */
export interface LoadedPlugin {
  entry: SitePluginEntry;
  name: string;
  id: string;
  plugin: Record<string, unknown>;
}

const EXTENSIONS = ['', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx'];

/** Whether a plugins entry names a file (a relative or absolute path) rather than a package. */
const isPath = (name: string): boolean => /^\.{1,2}([\\/]|$)/.test(name) || path.isAbsolute(name);

/** The file a path names, as Node would find it: as written, with an extension, or a folder's index. */
function resolvePluginFile(siteDir: string, name: string): string | undefined {
  if (!isPath(name)) {
    try {
      return createRequire(path.join(siteDir, 'package.json')).resolve(name);
    } catch {
      return undefined;
    }
  }
  const base = path.resolve(siteDir, name);
  for (const candidate of [...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.slice(1).map((ext) => path.join(base, `index${ext}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The plugin function of a module: its default export (once more unwrapped for CommonJS), or the module itself. */
function pluginFunction(mod: unknown): unknown {
  let value = mod as { default?: unknown } | undefined;
  for (let depth = 0; depth < 2 && value && typeof value !== 'function' && 'default' in value; depth++) value = value.default as typeof value;
  return value;
}

/** The function of an entry, and the site's files it was loaded from. Throws an Error whose message says what to do. */
export async function pluginFunctionOf(
  entry: SitePluginEntry,
  at: { siteDir: string; cacheDir: string },
): Promise<{ fn: (context: PluginContext, options: unknown) => unknown; inputs: string[] }> {
  if (typeof entry.plugin === 'function') return { fn: entry.plugin as never, inputs: [] };
  if (typeof entry.plugin !== 'string') throw new Error('a plugin is a function, a path to a module or a package name');
  const file = resolvePluginFile(at.siteDir, entry.plugin);
  if (!file) throw new Error(`${entry.plugin} was not found ${isPath(entry.plugin) ? 'from the site folder' : "in the site's node_modules"}`);
  const displayName = path.relative(at.siteDir, file) || file;
  const { module: mod, inputs } = await importModuleWithInputs({
    file,
    cacheDir: path.join(at.cacheDir, 'plugins'),
    displayName,
    source: await readFile(file, 'utf8'),
    nodeGlobals: true,
  });
  const fn = pluginFunction(mod);
  if (typeof fn !== 'function') throw new Error(`${displayName} exports no plugin function (export one as its default export or module.exports)`);
  return { fn: fn as never, inputs: isPath(entry.plugin) ? inputs : [] };
}

/** Calls the entry's function with the context and its options, and checks what it returned. */
export async function loadPlugin(
  entry: SitePluginEntry,
  context: PluginContext,
  at: { siteDir: string; cacheDir: string },
): Promise<{ loaded: LoadedPlugin | undefined; inputs: string[] }> {
  const { fn, inputs } = await pluginFunctionOf(entry, at);
  const options = (entry.options ?? {}) as Record<string, unknown>;
  const made = await fn(context, options);
  // A plugin function may return nothing (a plugin that only runs code when loaded): it has no lifecycle.
  if (made === null || made === undefined || made === false) return { loaded: undefined, inputs };
  if (typeof made !== 'object') throw new Error('a plugin function must return a plugin object ({ name, loadContent, contentLoaded, ... })');
  const plugin = made as Record<string, unknown>;
  const name = typeof plugin.name === 'string' && plugin.name ? plugin.name : fn.name || (typeof entry.plugin === 'string' ? entry.plugin : 'anonymous');
  const id = typeof options.id === 'string' && options.id ? options.id : 'default';
  return { loaded: { entry, name, id, plugin }, inputs };
}
