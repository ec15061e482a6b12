/**
 * The shapes of a Docusaurus site's own plugins as docsite runs them: an entry of the config's
 * `plugins` list, and what running every plugin's lifecycles gave the build.
 */
import type { HtmlTags } from './html-tags';

/** One entry of the config's `plugins` that is the site's own: a function, a path or a package of the site. */
export interface SitePluginEntry {
  /** Where it is in the config: `plugins[1]`. */
  path: string;
  /** The function, or the path or package name it is loaded from. */
  plugin: unknown;
  options: unknown;
  /** The path or name as written in the config (quoted there), which locates the entry. */
  quoted?: string;
}

/** A value of a route's `modules`: the JSON a createData call wrote (inlined), or a module imported by path. */
export type RouteModuleValue =
  { kind: 'json'; value: unknown } | { kind: 'import'; file: string } | { kind: 'object'; entries: Record<string, RouteModuleValue> };

/** A route a plugin added with `addRoute`, rendered by its component with its modules as props. */
export interface PluginRoute {
  /** The URL path, with the base URL, without a trailing slash. */
  route: string;
  /** The path exactly as the plugin gave it, as Docusaurus's router matches it (a trailing slash counts). */
  routerPath: string;
  /** The component's module, as the plugin named it (`@site/...`, `@theme/...` or an absolute path). */
  component: string;
  modules: Record<string, RouteModuleValue>;
  /** Props given to the component as they are (JSON). */
  props: Record<string, unknown>;
  /** The plugin that added it, for messages. */
  plugin: string;
}

export interface PostBuildProps {
  outDir: string;
  routesPaths: string[];
  /** By route: what Docusaurus learns of each page as it renders it (whether it is kept out of search engines). */
  routesBuildMetadata: Record<string, { noIndex: boolean }>;
}

/** A plugin's postBuild, run once the output folder is complete. */
export interface PostBuildHook {
  plugin: string;
  /** Where the plugin is written in the config, for the message when it throws. */
  configPath: string;
  quoted?: string;
  /** An inline plugin function's name, which locates it when nothing quoted does. */
  near?: string;
  run(props: PostBuildProps): Promise<void>;
}

/** What the site's plugins gave the build. */
export interface SitePlugins {
  /** By plugin name, then instance id: what setGlobalData shared. */
  globalData: Record<string, Record<string, unknown>>;
  routes: PluginRoute[];
  htmlTags: HtmlTags;
  /** Absolute paths of the modules every page imports in the browser. */
  clientModules: string[];
  /** Lines for the build summary: lifecycles docsite skipped, plugins left out by the flag. */
  notes: string[];
  postBuild: PostBuildHook[];
  /** The plugin files loaded by path and what they import: an edit to one loads the plugins again. */
  inputs: string[];
  /** The client-redirects plugin's redirects that depend on the routes. */
  routeRedirects?: RouteRedirects[];
}

/** The client-redirects plugin's redirects made from the routes themselves, made once the route table is known. */
export interface RouteRedirects {
  /** Where the plugin is written in the config: `plugins[2]`. */
  path: string;
  /** Called with each route's path (without the base URL); each path it returns redirects to that route. */
  createRedirects?: (existingPath: string) => unknown;
  /** `html`: a redirect from `/page.html` to each route `/page`. */
  fromExtensions: string[];
  /** `zip`: a redirect from `/file` to each route `/file.zip`. */
  toExtensions: string[];
}
