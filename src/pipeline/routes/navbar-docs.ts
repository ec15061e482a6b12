/**
 * The navbar's links to docs (Docusaurus's `doc` and `docSidebar` items): where each leads, its label
 * and the sidebar it is active on, settled once the docs and sidebars of the site are known.
 */
import { docRef } from '../../shared/navbar-doc-ref';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codeFrame, DocsiteError, locateKey, positionAt, type SourceLocation } from '../../core/errors';
import { readingOrder, sidebarContains } from '../../core/navigation';
import type { DocEntry } from '../../content/docs';
import type { SidebarNode } from '../../core/sidebars';
import type { NavbarItem } from '../../shared/types';
import type { RouteContext } from './context';
import type { DocsInstances } from './docs-instances';

/** How many of the existing ids an error lists before it says how many more there are. */
const LISTED_IDS = 20;

/**
 * Fills in the site data's doc and docSidebar items from the docs served at the docs root: a doc item
 * links to its doc (labelled with the doc's id unless the item has a label, as Docusaurus does), a
 * docSidebar item to the first page of its sidebar (labelled as that page); both are active on every
 * page of the sidebar. An id that names nothing is an error at the item in the config.
 */
export function resolveNavbarDocItems(ctx: RouteContext, docs: DocsInstances): void {
  const items = ctx.config.site.navbar.items;
  const unknownSet = (pluginId: string) =>
    ctx.errors.push(unknownIdError(ctx, 'docsPluginId', pluginId, 'docs set', ['default', ...ctx.config.site.extraDocs.map((set) => set.id)]));
  // A version dropdown of a docs set the site does not have.
  for (const item of ctx.site.navbar) if (item.docsPluginId && !docs.setDefaultKeys.has(item.docsPluginId)) unknownSet(item.docsPluginId);
  if (!items.some((item) => 'type' in item && (item.type === 'doc' || item.type === 'docSidebar'))) return;
  const navbar: NavbarItem[] = [...ctx.site.navbar];
  items.forEach((item, index) => {
    if (!('type' in item) || (item.type !== 'doc' && item.type !== 'docSidebar')) return;
    // `docsPluginId` names an extra docs set (its version served at its root); the main docs are `default`.
    const pluginId = item.docsPluginId === 'default' ? undefined : item.docsPluginId;
    const setKey = pluginId ? docs.setDefaultKeys.get(pluginId) : undefined;
    const instance = docs.byKey.get(pluginId ? (setKey ?? '') : docs.defaultKey);
    if (pluginId && !instance) return unknownSet(pluginId);
    const sidebars: Map<string, SidebarNode[]> = instance?.sidebars ?? new Map();
    const docById: Map<string, DocEntry> = instance?.docById ?? new Map();
    // As a page of the set names its sidebar (see navigation.ts).
    const viewId = (name: string) => (pluginId ? `${pluginId}/${name}` : name);
    if (item.type === 'doc') {
      const doc = docById.get(item.docId);
      if (!doc) return ctx.errors.push(unknownIdError(ctx, 'docId', item.docId, 'doc', [...docById.keys()]));
      const sidebar = [...sidebars].find(([, nodes]) => sidebarContains(nodes, doc.route))?.[0];
      navbar[index] = {
        label: item.label ?? doc.id,
        href: doc.route,
        position: item.position,
        docRef: docRef('doc', pluginId, item.docId),
        ...(item.className ? { className: item.className } : {}),
        ...(sidebar ? { activeSidebar: viewId(sidebar) } : {}),
      };
    } else if (item.type === 'docSidebar') {
      const nodes = sidebars.get(item.sidebarId);
      if (!nodes) return ctx.errors.push(unknownIdError(ctx, 'sidebarId', item.sidebarId, 'sidebar', [...sidebars.keys()]));
      const first = readingOrder(nodes)[0];
      if (!first)
        return ctx.errors.push(
          new DocsiteError({
            code: 'CONFIG_INVALID_VALUE',
            message: `The navbar item for the sidebar "${item.sidebarId}" has nothing to link to: the sidebar holds no page.`,
            hint: 'Put a doc in the sidebar, or remove the navbar item.',
            ...located(ctx, 'sidebarId', item.sidebarId),
          }),
        );
      navbar[index] = {
        label: item.label ?? first.label,
        href: first.href,
        position: item.position,
        docRef: docRef('docSidebar', pluginId, item.sidebarId),
        activeSidebar: viewId(item.sidebarId),
        ...(item.className ? { className: item.className } : {}),
      };
    }
  });
  ctx.site.navbar = navbar;
}

const HINTS = {
  docId: ' (its path under the docs folder without the extension, or its front matter id)',
  sidebarId: ' (a key of the sidebars file)',
  docsPluginId: ' (the id of a docs plugin of the config, or default)',
};

function unknownIdError(ctx: RouteContext, key: 'docId' | 'sidebarId' | 'docsPluginId', id: string, what: string, known: string[]): DocsiteError {
  const listed = known.slice(0, LISTED_IDS).map((name) => JSON.stringify(name));
  const more = known.length > LISTED_IDS ? ` and ${known.length - LISTED_IDS} more` : '';
  return new DocsiteError({
    code: 'CONFIG_INVALID_VALUE',
    message: `The navbar item's ${key} "${id}" names no ${what} of the docs. ${known.length === 0 ? `The docs have no ${what}.` : `The ${what}s are: ${listed.join(', ')}${more}.`}`,
    hint: `Write the ${key} of an existing ${what}${HINTS[key]}.`,
    ...located(ctx, key, id),
  });
}

/** Where `key: 'id'` is written in the config file, with the lines around it; the config file alone when it cannot be read. */
function located(ctx: RouteContext, key: string, id: string): { loc: SourceLocation; frame?: string } {
  const { configFile, siteDir } = ctx.config;
  if (!configFile) return { loc: { file: 'site config' } };
  const file = path.relative(siteDir, configFile);
  let source: string | undefined;
  try {
    source = readFileSync(configFile, 'utf8');
  } catch {
    return { loc: { file } };
  }
  const quoted = new RegExp(`(['"]?)${key}\\1\\s*:\\s*(['"\`])${id.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')}\\2`).exec(source);
  const loc = quoted ? { file, ...positionAt(source, quoted.index) } : locateKey(file, source, key);
  return loc.line ? { loc, frame: codeFrame(source, loc.line, loc.column) } : { loc };
}
