/**
 * Reads a Docusaurus site's docusaurus.config.* as Docusaurus does (CommonJS, ESM or TypeScript, a
 * config object or a function returning one) and turns it into docsite's config input. Options
 * docsite cannot honour stop the load with one error that names each of them where it is written.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError, DocsiteErrorList, codeFrame, locateKey, locateQuoted, type SourceLocation } from '../../core/errors';
import { siteNavbarTypes } from '../navbar-item-types';
import { locateOptionPath } from './locate-path';
import { importModuleWithInputs } from '../import-module';
import { mapDocusaurusConfig, type Unsupported } from './map';
import { PLUGIN_STUBS } from './markdown-plugins';
import type { PluginContext } from './plugins/load-plugin';
import { runSitePlugins } from './plugins/run';
import type { SitePlugins } from './plugins/types';

/** The names Docusaurus looks its config up under; docsite's own site.config.* come before them. */
export const DOCUSAURUS_CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

export function isDocusaurusConfig(file: string): boolean {
  return /^docusaurus\.config\.[cm]?[jt]s$/.test(path.basename(file));
}

export interface LoadedDocusaurusConfig {
  /** docsite's config input, to be validated as a site.config would be. */
  raw: Record<string, unknown>;
  inputs: string[];
  displayName: string;
  source: string;
  /** What the site's own plugins made; their tags and client modules are already in `raw`. */
  plugins: SitePlugins;
}

export interface LoadDocusaurusConfigOptions {
  siteDir: string;
  file: string;
  /** docsite's cache folder: the config and its plugins are bundled, and createData writes, under it. */
  cacheDir: string;
  /** The output folder, absolute, as plugins are told it. */
  outDir: string;
  /** Leave out the plugins docsite cannot run, and name them in the build summary, instead of stopping. */
  skipUnsupportedPlugins?: boolean;
}

/**
 * The config mapped onto docsite's input, without running the site's plugins or checking what docsite
 * cannot honour: what a compile thread reads its markdown plugin lists from, once the main thread has
 * loaded the config whole.
 */
export async function mappedDocusaurusConfig(options: { siteDir: string; file: string; configCacheDir: string }): Promise<Record<string, unknown>> {
  const displayName = path.relative(options.siteDir, options.file) || options.file;
  const source = await readFile(options.file, 'utf8');
  const cacheDir = options.configCacheDir;
  const { module: mod } = await importModuleWithInputs({ file: options.file, cacheDir, displayName, source, nodeGlobals: true, stubs: PLUGIN_STUBS });
  const config = await configObject(mod, displayName);
  const hasFolder = (name: string) => existsSync(path.join(options.siteDir, name));
  return mapDocusaurusConfig(config, { siteDir: options.siteDir, hasFolder, skipNavbarTypes: true }).raw;
}

export async function loadDocusaurusConfig(options: LoadDocusaurusConfigOptions): Promise<LoadedDocusaurusConfig> {
  const source = await readFile(options.file, 'utf8');
  const displayName = path.relative(options.siteDir, options.file) || options.file;
  const configCache = path.join(options.cacheDir, 'config');
  const { module: mod, inputs } = await importModuleWithInputs({
    file: options.file,
    cacheDir: configCache,
    displayName,
    source,
    nodeGlobals: true,
    stubs: PLUGIN_STUBS,
  });
  const config = await configObject(mod, displayName);
  const mapped = mapDocusaurusConfig(config, { siteDir: options.siteDir, hasFolder: (name) => existsSync(path.join(options.siteDir, name)) });
  const { plugins, failures } = await runSitePlugins({
    entries: mapped.sitePlugins,
    context: pluginContext(config, options),
    cacheDir: configCache,
  });
  const problems = [...mapped.unsupported, ...failures];
  // With the flag, a plugin docsite cannot run is left out and named in the summary; any other problem still stops the build.
  const left = options.skipUnsupportedPlugins ? problems.filter((item) => item.plugin === undefined) : problems;
  if (left.length > 0) throw unsupportedError(left, { displayName, source });
  for (const item of problems) if (item.plugin !== undefined) plugins.notes.push(`plugin ${item.plugin} left out (--skip-unsupported-plugins): ${item.reason}`);
  addPluginOutput(mapped.raw, plugins, options.siteDir);
  const navbarTypes = siteNavbarTypes(options.siteDir);
  if (navbarTypes.replaced)
    plugins.notes.push(
      `${navbarTypes.file} replaces the navbar item types ${navbarTypes.replaced.join(', ')}: the config's items of those types are drawn by docsite's own components (the site's draw its custom-* types, and what renders @theme/NavbarItem)`,
    );
  if (mapped.routeRedirects.length > 0) plugins.routeRedirects = mapped.routeRedirects;
  return { raw: mapped.raw, inputs: [...new Set([...inputs, ...plugins.inputs])], displayName, source, plugins };
}

/** The context a plugin function is called with, as Docusaurus makes it (in the default locale). */
function pluginContext(config: Record<string, unknown>, options: LoadDocusaurusConfigOptions): PluginContext {
  const i18n = (config.i18n ?? {}) as { defaultLocale?: string; locales?: string[]; path?: string; localeConfigs?: Record<string, unknown> };
  const defaultLocale = i18n.defaultLocale ?? 'en';
  return {
    siteDir: options.siteDir,
    siteConfig: config,
    siteConfigPath: options.file,
    outDir: options.outDir,
    baseUrl: typeof config.baseUrl === 'string' ? config.baseUrl : '/',
    generatedFilesDir: path.join(options.cacheDir, 'generated'),
    i18n: {
      currentLocale: defaultLocale,
      defaultLocale,
      locales: i18n.locales ?? [defaultLocale],
      path: i18n.path ?? 'i18n',
      localeConfigs: i18n.localeConfigs ?? {},
    },
    localizationDir: path.join(options.siteDir, i18n.path ?? 'i18n', defaultLocale),
    codeTranslations: {},
    siteVersion: undefined,
  };
}

/** The tags plugins inject and their client modules, added to docsite's options after the config's own. */
function addPluginOutput(raw: Record<string, unknown>, plugins: SitePlugins, siteDir: string): void {
  const tags = (raw.htmlTags ?? {}) as Partial<Record<'head' | 'preBody' | 'postBody', string[]>>;
  raw.htmlTags = {
    head: [...(tags.head ?? []), ...plugins.htmlTags.head],
    preBody: [...(tags.preBody ?? []), ...plugins.htmlTags.preBody],
    postBody: [...(tags.postBody ?? []), ...plugins.htmlTags.postBody],
  };
  const modules = plugins.clientModules.map((file) => path.relative(siteDir, file).split(path.sep).join('/'));
  if (modules.length > 0) raw.clientModules = [...((raw.clientModules as string[] | undefined) ?? []), ...modules];
}

/** `export default`, `module.exports =`, or either holding a function (sync or async) that returns the config. */
async function configObject(mod: Record<string, unknown>, displayName: string): Promise<Record<string, unknown>> {
  let value = mod.default;
  // A CommonJS file bundled as ESM may come wrapped once more by an interop default.
  if (value && typeof value === 'object' && 'default' in value && Object.keys(value).length === 1) value = (value as { default: unknown }).default;
  if (typeof value === 'function') value = await (value as () => unknown)();
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DocsiteError({
      code: 'CONFIG_NO_DEFAULT_EXPORT',
      message: `${displayName} exports no config object.`,
      hint: 'Export the config with `module.exports = config` or `export default config` (or a function returning it).',
      loc: { file: displayName },
    });
  }
  return value as Record<string, unknown>;
}

/** One error listing every option, preset and plugin docsite would have to leave out, each at its place in the config file. */
export function unsupportedError(list: Unsupported[], at: { displayName: string; source: string }, summary?: string): DocsiteErrorList {
  const errors = list.map((item) => {
    const pos = locate(item, at);
    return new DocsiteError({
      code: item.failed ? 'PLUGIN_FAILED' : item.invalid ? 'CONFIG_INVALID_VALUE' : 'CONFIG_UNSUPPORTED',
      message: `${item.path}: ${item.reason}`,
      hint: item.hint ?? 'Remove it from the config to build with docsite, or keep building this site with Docusaurus until docsite supports it.',
      loc: pos,
      frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
    });
  });
  const names = list.map((item) => item.path).join(', ');
  const what = list.every((item) => item.invalid) ? 'has what neither Docusaurus nor docsite can build' : 'uses what docsite cannot build yet';
  return new DocsiteErrorList(errors, summary ?? `${at.displayName} ${what} (${names}); nothing was built`);
}

/** Where a name (an inline plugin function's) is first written in the plugins list, else anywhere. */
function locateWord(file: string, source: string, word: string): SourceLocation {
  const pattern = new RegExp(`\\b${word.replace(/[$]/g, '\\$&')}\\b`, 'g');
  const plugins = source.search(/\bplugins\s*:/);
  const matches = [...source.matchAll(pattern)].map((match) => match.index);
  const offset = matches.find((index) => plugins !== -1 && index > plugins) ?? matches[0];
  if (offset === undefined) return { file };
  const before = source.slice(0, offset).split('\n');
  return { file, line: before.length, column: before.at(-1)!.length + 1 };
}

/** Where `value` is written in quotes for the (n+1)th time: a plugin listed more than once. */
function locateNthQuoted(file: string, source: string, value: string, n: number): SourceLocation {
  const escaped = value.replace(/[$()*+.?[\\\]^{|}/]/g, '\\$&');
  const offset = [...source.matchAll(new RegExp(`(['"\`])${escaped}\\1`, 'g'))][n]?.index;
  if (offset === undefined) return locateQuoted(file, source, value);
  const before = source.slice(0, offset).split('\n');
  return { file, line: before.length, column: before.at(-1)!.length + 1 };
}

/** The quoted name of a plugin or item when it has one, else the last key of its path that is written in the file. */
function locate(item: Unsupported, at: { displayName: string; source: string }): SourceLocation {
  if (item.quoted !== undefined) {
    const found = item.occurrence
      ? locateNthQuoted(at.displayName, at.source, item.quoted, item.occurrence)
      : locateQuoted(at.displayName, at.source, item.quoted);
    if (found.line !== undefined) return found;
  }
  if (item.near) {
    const found = locateWord(at.displayName, at.source, item.near);
    if (found.line !== undefined) return found;
  }
  const found = locateOptionPath(at.displayName, at.source, item.path);
  if (found) return { file: at.displayName, ...found };
  const keys = item.path
    .split(/[.[\]]/)
    .filter((part) => part && !/^\d+$/.test(part))
    .reverse();
  return keys.map((key) => locateKey(at.displayName, at.source, key)).find((found) => found.line !== undefined) ?? { file: at.displayName };
}
