/**
 * The API reference's pages: from the model to one view per page (module, class, interface, the
 * table of contents), each with its route, title and table of contents, plus the `api` sidebar tree.
 */
import type { SidebarNode } from '../core/sidebars';
import type { ApiClassPageView, ApiIndexPageView, ApiMemberView, ApiModulePageView, ApiPageView, ApiSummaryLinkView } from '../shared/api-views';
import type { TocItem } from '../shared/types';
import type { ApiClassLike, ApiComment, ApiMember, ApiModel, ApiModule } from './model';
import type { ApiRenderer } from './render';

/** The API reference, when the site has one: its pages and what an `api` sidebar item expands to. */
export interface ApiRoutesInput {
  pages: ApiPage[];
  sidebar: SidebarNode[];
}

export interface ApiPage {
  route: string;
  title: string;
  description?: string;
  view: ApiPageView;
  toc: TocItem[];
}

const GROUPS = [
  { title: 'Constructors', kinds: ['constructor'] },
  { title: 'Properties', kinds: ['property'] },
  { title: 'Accessors', kinds: ['accessor'] },
  { title: 'Methods', kinds: ['method'] },
] as const;

const MODULE_SECTIONS = [
  { id: 'classes', title: 'Classes' },
  { id: 'interfaces', title: 'Interfaces' },
  { id: 'functions', title: 'Functions' },
  { id: 'type-aliases', title: 'Type Aliases' },
  { id: 'variables', title: 'Variables' },
] as const;

/** `base` is the reference's URL prefix with a trailing slash, e.g. `/docs/api/`. */
export async function buildApiPages(model: ApiModel, renderer: ApiRenderer, base: string): Promise<ApiPage[]> {
  const pages: ApiPage[] = [];
  const modules = await Promise.all(model.modules.map((module) => modulePage(module, renderer, base)));
  const index: ApiIndexPageView = {
    type: 'index',
    modules: await Promise.all(model.modules.map((module) => summaryLink(module.name, `${base}modules/${module.id}`, module.comment, renderer))),
  };
  pages.push({ route: `${base}modules`, title: 'Table of Contents', view: index, toc: [] });
  for (const module of modules) pages.push(module);
  for (const module of model.modules) {
    for (const item of [...module.classes, ...module.interfaces]) pages.push(await classPage(item, module, renderer, base));
  }
  return pages;
}

/** The `api` sidebar: the table of contents, then Modules (with `@scope/pkg/*` entries folded under their package), Classes and Interfaces. */
export function apiSidebar(model: ApiModel, base: string): SidebarNode[] {
  const link = (label: string, href: string): SidebarNode => ({ type: 'link', label, href });
  const category = (label: string, items: SidebarNode[], href?: string): SidebarNode => ({
    type: 'category',
    label,
    key: '',
    items,
    collapsed: true,
    collapsible: true,
    ...(href ? { href } : {}),
  });

  const modules: SidebarNode[] = [];
  const folded = new Map<string, Extract<SidebarNode, { type: 'category' }>>();
  // By name without the scope's `@`, so a core package (`lexical`) leads its scoped family (`@lexical/...`).
  const byName = [...model.modules].sort((a, b) => a.name.replace(/^@/, '').localeCompare(b.name.replace(/^@/, '')));
  for (const module of byName) {
    const href = `${base}modules/${module.id}`;
    const sub = subEntry(module);
    if (!sub) {
      // A package whose entry points are folded may also have a main entry: it becomes the category's page.
      const existing = folded.get(module.name);
      if (existing) existing.href = href;
      else modules.push(link(module.name, href));
      continue;
    }
    let group = folded.get(module.packageName);
    if (!group) {
      const mainIndex = modules.findIndex((node) => node.type === 'link' && node.label === module.packageName);
      const main = mainIndex >= 0 ? (modules[mainIndex] as Extract<SidebarNode, { type: 'link' }>) : undefined;
      group = category(module.packageName, [], main?.href) as Extract<SidebarNode, { type: 'category' }>;
      if (mainIndex >= 0) modules[mainIndex] = group;
      else modules.push(group);
      folded.set(module.packageName, group);
    }
    group.items.push(link(sub, href));
  }

  const pagesOf = (kind: 'classes' | 'interfaces') =>
    model.modules
      .flatMap((module) => module[kind].map((item) => ({ item, module })))
      .sort((a, b) => a.item.name.localeCompare(b.item.name) || a.module.name.localeCompare(b.module.name))
      .map(({ item }) => link(item.name, `${base}${kind}/${item.id}`));

  return [
    link('Table of Contents', `${base}modules`),
    category('Modules', modules),
    category('Classes', pagesOf('classes')),
    category('Interfaces', pagesOf('interfaces')),
  ];
}

/** `@lexical/react/LexicalComposer` -> `LexicalComposer`; a package's main entry -> undefined. */
function subEntry(module: ApiModule): string | undefined {
  return module.name.startsWith(`${module.packageName}/`) ? module.name.slice(module.packageName.length + 1) : undefined;
}

async function modulePage(module: ApiModule, renderer: ApiRenderer, base: string): Promise<ApiPage> {
  const view: ApiModulePageView = {
    type: 'module',
    name: module.name,
    packageName: module.packageName,
    packageVersion: module.packageVersion,
    classes: await Promise.all(module.classes.map((item) => summaryLink(item.name, `${base}classes/${item.id}`, item.comment, renderer))),
    interfaces: await Promise.all(module.interfaces.map((item) => summaryLink(item.name, `${base}interfaces/${item.id}`, item.comment, renderer))),
    functions: await Promise.all(module.functions.map((member) => memberView(member, renderer))),
    typeAliases: await Promise.all(module.typeAliases.map((member) => memberView(member, renderer))),
    variables: await Promise.all(module.variables.map((member) => memberView(member, renderer))),
  };
  const comment = await renderer.comment(module.comment);
  if (comment) view.comment = comment;
  const toc: TocItem[] = [];
  const members = { functions: module.functions, 'type-aliases': module.typeAliases, variables: module.variables } as const;
  for (const section of MODULE_SECTIONS) {
    const list = section.id === 'classes' ? module.classes : section.id === 'interfaces' ? module.interfaces : members[section.id];
    if (list.length === 0) continue;
    toc.push({ id: section.id, value: section.title, level: 2 });
    if (section.id in members) for (const member of list as ApiMember[]) toc.push({ id: member.anchor, value: member.name, level: 3 });
  }
  return { route: `${base}modules/${module.id}`, title: module.name, description: firstSentence(module.comment), view, toc };
}

async function classPage(item: ApiClassLike, module: ApiModule, renderer: ApiRenderer, base: string): Promise<ApiPage> {
  const linkOf = (entry: { name: string; ref?: string }) => (entry.ref ? { name: entry.name, href: renderer.href(entry.ref) } : { name: entry.name });
  const groups: ApiClassPageView['groups'] = [];
  const toc: TocItem[] = [];
  for (const group of GROUPS) {
    const members = item.members.filter((member) => (group.kinds as readonly string[]).includes(member.kind));
    if (members.length === 0) continue;
    groups.push({ title: group.title, members: await Promise.all(members.map((member) => memberView(member, renderer))) });
    toc.push({ id: group.title.toLowerCase(), value: group.title, level: 2 });
    for (const member of members) toc.push({ id: member.anchor, value: member.name, level: 3 });
  }
  const view: ApiClassPageView = {
    type: item.kind,
    name: item.name,
    module: { name: module.name, href: `${base}modules/${module.id}` },
    typeParameters: await Promise.all(
      item.typeParameters.map(async (parameter) => ({
        name: parameter.name,
        ...(parameter.constraint ? { constraintHtml: renderer.inlineType(parameter.constraint) } : {}),
        ...(parameter.default ? { defaultHtml: renderer.inlineType(parameter.default) } : {}),
        ...(parameter.comment ? { commentHtml: await renderer.markdown(parameter.comment) } : {}),
      })),
    ),
    extendsHtml: item.extends.map((tokens) => renderer.inlineType(tokens)),
    implementsHtml: item.implements.map((tokens) => renderer.inlineType(tokens)),
    extendedBy: item.extendedBy.map(linkOf),
    implementedBy: item.implementedBy.map(linkOf),
    groups,
    ...(item.source ? { source: item.source } : {}),
  };
  const comment = await renderer.comment(item.comment);
  if (comment) view.comment = comment;
  const kind = item.kind === 'class' ? 'classes' : 'interfaces';
  return { route: `${base}${kind}/${item.id}`, title: item.name, description: firstSentence(item.comment), view, toc };
}

async function memberView(member: ApiMember, renderer: ApiRenderer): Promise<ApiMemberView> {
  const view: ApiMemberView = {
    kind: member.kind,
    name: member.name,
    anchor: member.anchor,
    flags: member.flags,
    signatures: await Promise.all(
      member.signatures.map(async (signature) => {
        const out: ApiMemberView['signatures'][number] = {
          codeHtml: await renderer.signature(signature.code),
          typeParameters: await Promise.all(
            signature.typeParameters.map(async (parameter) => ({
              name: parameter.name,
              ...(parameter.constraint ? { constraintHtml: renderer.inlineType(parameter.constraint) } : {}),
              ...(parameter.default ? { defaultHtml: renderer.inlineType(parameter.default) } : {}),
              ...(parameter.comment ? { commentHtml: await renderer.markdown(parameter.comment) } : {}),
            })),
          ),
          parameters: await Promise.all(
            signature.parameters.map(async (parameter) => ({
              name: parameter.name,
              typeHtml: renderer.inlineType(parameter.type),
              optional: parameter.optional,
              rest: parameter.rest,
              ...(parameter.defaultValue !== undefined ? { defaultValue: parameter.defaultValue } : {}),
              ...(parameter.comment ? { commentHtml: await renderer.markdown(parameter.comment) } : {}),
            })),
          ),
        };
        if (signature.returns) out.returnsHtml = renderer.inlineType(signature.returns);
        const comment = await renderer.comment(signature.comment);
        if (comment) out.comment = comment;
        return out;
      }),
    ),
  };
  const comment = await renderer.comment(member.comment);
  if (comment) view.comment = comment;
  if (member.inheritedFrom)
    view.inheritedFrom = member.inheritedFrom.ref
      ? { name: member.inheritedFrom.name, href: renderer.href(member.inheritedFrom.ref) }
      : { name: member.inheritedFrom.name };
  if (member.source) view.source = member.source;
  return view;
}

async function summaryLink(name: string, href: string, comment: ApiComment | undefined, renderer: ApiRenderer): Promise<ApiSummaryLinkView> {
  const first = comment?.summary.split(/\n\s*\n/)[0] ?? '';
  return { name, href, summaryHtml: await renderer.markdown(first), ...(comment?.deprecated !== undefined ? { deprecated: true } : {}) };
}

/** A plain-text description for the page's meta tags. */
function firstSentence(comment: ApiComment | undefined): string | undefined {
  const text = comment?.summary
    .split(/\n\s*\n/)[0]
    ?.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .trim();
  if (!text) return undefined;
  const end = text.search(/[.!?](\s|$)/);
  return end > 0 ? text.slice(0, end + 1) : text;
}
