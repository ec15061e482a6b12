/**
 * The routes a Docusaurus site's own plugins added with `addRoute`: each a page whose content is
 * the plugin's component, given the route's props and its modules (createData's JSON inlined,
 * other modules imported), as a React page of the site is rendered.
 */
import { routeToFile } from '../../core/paths';
import type { PluginRoute, RouteModuleValue } from '../../config/docusaurus/plugins/types';
import type { RouteContext } from './context';
import { reactPageData } from './content-pages';
import type { RouteEntry } from './types';

/** A module value as an expression of the route's code; imports are collected into `imports`. */
function expression(value: RouteModuleValue, imports: string[]): string {
  if (value.kind === 'json') return JSON.stringify(value.value);
  if (value.kind === 'import') {
    const name = `m${imports.length}`;
    imports.push(`import * as ${name} from ${JSON.stringify(value.file)};`);
    // A module's default export is the prop, as Docusaurus gives it; a module without one, whole.
    return `pick(${name})`;
  }
  return `{${Object.entries(value.entries)
    .map(([key, inner]) => `${JSON.stringify(key)}: ${expression(inner, imports)}`)
    .join(', ')}}`;
}

/** The page's code: the component rendered with the route's props, its modules' values after them. */
export function pluginRouteCode(route: PluginRoute): string {
  const imports: string[] = [];
  const modules = Object.entries(route.modules).map(([key, value]) => `${JSON.stringify(key)}: ${expression(value, imports)}`);
  return [
    "import { jsx } from 'react/jsx-runtime';",
    `import Component from ${JSON.stringify(route.component)};`,
    ...imports,
    "const pick = (mod) => (mod && 'default' in mod ? mod.default : mod);",
    `const props = { ...${JSON.stringify(route.props)}, ${modules.join(', ')} };`,
    'export default function PluginRoute() {',
    '  return jsx(Component, props);',
    '}',
  ].join('\n');
}

/** The routes of the site's plugins, rendered in the site's frame as its React pages are. */
export function pluginRoutes(ctx: RouteContext): RouteEntry[] {
  return (ctx.config.plugins?.routes ?? []).map((route) => ({
    route: route.route,
    routerPath: route.routerPath,
    outFile: routeToFile(route.route),
    module: { type: 'code', code: pluginRouteCode(route), resolveDir: ctx.config.siteDir },
    contentLinks: new Map(),
    page: reactPageData(ctx, route.route),
  }));
}
