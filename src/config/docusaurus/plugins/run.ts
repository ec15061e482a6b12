/**
 * Runs a Docusaurus site's own plugins as Docusaurus does before it bundles: each plugin loaded,
 * then loadContent, contentLoaded with its actions (setGlobalData, createData, addRoute),
 * allContentLoaded, injectHtmlTags and getClientModules. A plugin that fails is reported where it is
 * written in the config, and none of what it made is used.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Unsupported } from '../rules';
import { addInjectedTags, emptyHtmlTags, type HtmlTags } from './html-tags';
import { loadPlugin, type LoadedPlugin, type PluginContext } from './load-plugin';
import type { PluginRoute, RouteModuleValue, SitePluginEntry, SitePlugins } from './types';

/** Lifecycles that change the output and that docsite runs. */
const RUN = new Set(['loadContent', 'contentLoaded', 'allContentLoaded', 'injectHtmlTags', 'getClientModules', 'postBuild']);

/** Lifecycles for Docusaurus's own bundler, CLI and dev server: skipped, and named in the build summary. */
const SKIPPED: Record<string, string> = {
  configureWebpack: 'docsite bundles with esbuild',
  configurePostCss: 'docsite does not run PostCSS',
  getThemePath: "docsite's theme is its own; put overrides in src/theme",
  getTypeScriptThemePath: "docsite's theme is its own; put overrides in src/theme",
  getPathsToWatch: 'serve watches the config and the plugin files',
  extendCli: 'docsite has its own commands',
  getSwizzleComponentList: 'docsite has no swizzle command',
  getSwizzleConfig: 'docsite has no swizzle command',
  getTranslationFiles: 'plugin translations are not read yet',
  getDefaultCodeTranslationMessages: 'plugin translations are not read yet',
  translateContent: 'plugin translations are not read yet',
  translateThemeConfig: 'plugin translations are not read yet',
};

export interface RunPluginsOptions {
  entries: SitePluginEntry[];
  context: PluginContext;
  /** Where plugins loaded by path are bundled. */
  cacheDir: string;
}

/** What one plugin made, kept apart until it has run through: a plugin that fails adds nothing. */
interface PluginRun {
  loaded: LoadedPlugin;
  content?: unknown;
  globalData?: unknown;
  routes: Record<string, unknown>[];
  tags: HtmlTags;
  clientModules: string[];
}

/** Runs every plugin; `failures` names each that could not run, as the config's unsupported options are named. */
export async function runSitePlugins(options: RunPluginsOptions): Promise<{ plugins: SitePlugins; failures: Unsupported[] }> {
  const { context } = options;
  const at = { siteDir: context.siteDir, cacheDir: options.cacheDir };
  const failures: Unsupported[] = [];
  const plugins: SitePlugins = { globalData: {}, routes: [], htmlTags: emptyHtmlTags(), clientModules: [], notes: [], postBuild: [], inputs: [] };
  const fail = (entry: SitePluginEntry, name: string, what: string, error: unknown) =>
    failures.push({
      path: entry.path,
      reason: `the plugin ${name} cannot run: ${what}: ${error instanceof Error ? error.message : String(error)}`,
      hint: 'Fix the plugin, or build without it: remove it from the config, or pass --skip-unsupported-plugins.',
      quoted: entry.quoted,
      plugin: name,
      failed: true,
      near: typeof entry.plugin === 'function' ? entry.plugin.name : undefined,
    });
  // The generated files of an earlier run go: createData writes them again.
  await rm(context.generatedFilesDir, { recursive: true, force: true });
  const runs: PluginRun[] = [];
  for (const entry of options.entries) {
    const shown = typeof entry.plugin === 'string' ? entry.plugin : (entry.plugin as { name?: string }).name || 'given as a function';
    try {
      const { loaded, inputs } = await loadPlugin(entry, context, at);
      plugins.inputs.push(...inputs);
      if (loaded) runs.push({ loaded, routes: [], tags: emptyHtmlTags(), clientModules: [] });
    } catch (error) {
      fail(entry, shown, 'loading it failed', error);
    }
  }
  const failed = new Set<PluginRun>();
  const step = async (run: PluginRun, lifecycle: string, work: (fn: (...args: unknown[]) => unknown) => Promise<void>) => {
    const fn = run.loaded.plugin[lifecycle];
    if (failed.has(run) || typeof fn !== 'function') return;
    try {
      await work(fn.bind(run.loaded.plugin) as (...args: unknown[]) => unknown);
    } catch (error) {
      failed.add(run);
      fail(run.loaded.entry, run.loaded.name, `its ${lifecycle} threw`, error);
    }
  };
  // Docusaurus loads every plugin's content at once, then gives each its own.
  await Promise.all(runs.map((run) => step(run, 'loadContent', async (fn) => void (run.content = await fn()))));
  const created = new Map<string, string>();
  for (const run of runs)
    await step(run, 'contentLoaded', (fn) => Promise.resolve(fn({ content: run.content, actions: actionsOf(run, context, created) })).then(() => undefined));
  const allContent = allContentOf(runs.filter((run) => !failed.has(run)));
  for (const run of runs)
    await step(run, 'allContentLoaded', (fn) => Promise.resolve(fn({ allContent, actions: actionsOf(run, context, created) })).then(() => undefined));
  for (const run of runs) {
    await step(run, 'injectHtmlTags', async (fn) => addInjectedTags(run.tags, await fn({ content: run.content })));
    await step(run, 'getClientModules', async (fn) => {
      const list = await fn();
      if (!Array.isArray(list) || list.some((item) => typeof item !== 'string')) throw new Error('getClientModules must return a list of module paths');
      run.clientModules.push(...(list as string[]).map((file) => path.resolve(context.siteDir, file)));
    });
  }
  for (const run of runs) {
    if (failed.has(run)) continue;
    try {
      plugins.routes.push(...run.routes.map((route) => pluginRoute(route, run.loaded.name, created)));
    } catch (error) {
      fail(run.loaded.entry, run.loaded.name, 'a route it added', error);
      continue;
    }
    adopt(plugins, run, context);
  }
  return { plugins, failures };
}

/** A plugin that ran through: its global data, tags, client modules and postBuild join the site's, and its skipped lifecycles are named. */
function adopt(plugins: SitePlugins, run: PluginRun, context: PluginContext): void {
  const { name, id, plugin, entry } = run.loaded;
  if (run.globalData !== undefined) (plugins.globalData[name] ??= {})[id] = run.globalData;
  for (const key of ['head', 'preBody', 'postBody'] as const) plugins.htmlTags[key].push(...run.tags[key]);
  plugins.clientModules.push(...run.clientModules);
  for (const [key, value] of Object.entries(plugin)) {
    if (typeof value !== 'function' || RUN.has(key)) continue;
    plugins.notes.push(`plugin ${name}: ${key} skipped (${SKIPPED[key] ?? 'not a lifecycle docsite knows'})`);
  }
  const postBuild = plugin.postBuild;
  if (typeof postBuild === 'function') {
    plugins.postBuild.push({
      plugin: name,
      configPath: entry.path,
      quoted: entry.quoted,
      near: typeof entry.plugin === 'function' ? entry.plugin.name : undefined,
      run: async (props) => {
        await postBuild.call(plugin, { ...props, content: run.content, siteConfig: context.siteConfig, siteDir: context.siteDir, baseUrl: context.baseUrl });
      },
    });
  }
}

/** The actions contentLoaded and allContentLoaded are given, filling in this plugin's run. */
function actionsOf(run: PluginRun, context: PluginContext, created: Map<string, string>) {
  const dir = path.join(context.generatedFilesDir, run.loaded.name, run.loaded.id);
  return {
    setGlobalData(data: unknown) {
      run.globalData = data;
    },
    async createData(name: string, data: unknown): Promise<string> {
      if (typeof name !== 'string' || !name || path.isAbsolute(name) || name.split(/[\\/]/).includes('..'))
        throw new Error(`createData takes a file name inside the plugin's folder, not ${JSON.stringify(name)}`);
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      const file = path.join(dir, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text);
      created.set(file, text);
      return file;
    },
    addRoute(route: unknown) {
      if (!route || typeof route !== 'object') throw new Error('addRoute takes { path, component, modules }');
      run.routes.push(route as Record<string, unknown>);
    },
  };
}

/** Every plugin's content by name and id, as allContentLoaded receives it. */
function allContentOf(runs: PluginRun[]): Record<string, Record<string, unknown>> {
  const all: Record<string, Record<string, unknown>> = {};
  for (const run of runs) (all[run.loaded.name] ??= {})[run.loaded.id] = run.content;
  return all;
}

/** An addRoute call as docsite renders it: the JSON of createData files inlined, other modules imported. */
function pluginRoute(route: Record<string, unknown>, plugin: string, created: Map<string, string>): PluginRoute {
  const { path: routePath, component, modules = {}, props = {}, routes } = route;
  if (typeof routePath !== 'string' || !routePath.startsWith('/')) throw new Error(`its path must start with "/", not ${JSON.stringify(routePath)}`);
  if (typeof component !== 'string' || !component) throw new Error(`the route ${routePath} has no component module`);
  if (Array.isArray(routes) && routes.length > 0) throw new Error(`the route ${routePath} has nested routes, which docsite does not render yet`);
  if (!modules || typeof modules !== 'object') throw new Error(`the modules of ${routePath} must be an object`);
  const value = (item: unknown): RouteModuleValue => {
    if (typeof item === 'string') {
      const text = created.get(item);
      if (text !== undefined && item.endsWith('.json')) return { kind: 'json', value: JSON.parse(text) };
      return { kind: 'import', file: item };
    }
    if (item && typeof item === 'object' && (item as { __import?: unknown }).__import && typeof (item as { path?: unknown }).path === 'string')
      return value((item as { path: string }).path);
    if (item && typeof item === 'object' && !Array.isArray(item))
      return { kind: 'object', entries: Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, value(inner)])) };
    throw new Error(`a module of ${routePath} is neither a path nor an object of paths`);
  };
  const clean = routePath.length > 1 ? routePath.replace(/\/+$/, '') : routePath;
  return {
    route: clean,
    routerPath: routePath,
    component,
    modules: Object.fromEntries(Object.entries(modules).map(([key, item]) => [key, value(item)])),
    props: props as Record<string, unknown>,
    plugin,
  };
}
