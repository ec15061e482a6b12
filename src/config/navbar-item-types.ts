/**
 * The navbar item types a site adds in src/theme/NavbarItem/ComponentTypes (Docusaurus's `custom-*`
 * types), read from that file's default export without running it, and the check that each navbar
 * item of the config has a type the theme or the site draws.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import { constantOf, rootOf } from './docusaurus/locate-path';

/** Docusaurus's own navbar item types, which docsite's theme draws. */
export const BUILT_IN_NAVBAR_TYPES = [
  'default',
  'localeDropdown',
  'search',
  'dropdown',
  'html',
  'doc',
  'docSidebar',
  'docsVersion',
  'docsVersionDropdown',
] as const;

const COMPONENT_TYPES = 'NavbarItem/ComponentTypes';
const THEME_MODULES = new Set([`@theme-original/${COMPONENT_TYPES}`, `@theme/${COMPONENT_TYPES}`]);
const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

export interface SiteNavbarTypes {
  /** The site's ComponentTypes file, relative to the site folder; absent when it has none. */
  file?: string;
  /** The types its default export maps, built-in ones included; absent when the file cannot be read plainly (then the render checks). */
  types?: Set<string>;
  /** Built-in types it maps to components of its own (a key written out, not spread from the theme's map). */
  replaced?: string[];
}

/** What the site's src/theme/NavbarItem/ComponentTypes.* (or its folder's index.*) exports. */
export function siteNavbarTypes(siteDir: string): SiteNavbarTypes {
  const base = path.join(siteDir, 'src', 'theme', ...COMPONENT_TYPES.split('/'));
  const candidates = [...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) return { types: new Set(BUILT_IN_NAVBAR_TYPES) };
  const relative = path.relative(siteDir, file).split(path.sep).join('/');
  const keys = exportedKeys(file, readFileSync(file, 'utf8'));
  if (!keys) return { file: relative };
  const replaced = [...keys.written].filter((key) => (BUILT_IN_NAVBAR_TYPES as readonly string[]).includes(key));
  return { file: relative, types: keys.all, ...(replaced.length > 0 ? { replaced } : {}) };
}

/**
 * The keys of the object a ComponentTypes file exports by default: written keys, and the built-in
 * types for a spread of the theme's own map. Undefined when anything else decides them (a spread of
 * another object, a computed key, a value made by a call).
 */
function exportedKeys(file: string, source: string): { all: Set<string>; written: Set<string> } | undefined {
  const ts = createRequire(import.meta.url)('typescript') as typeof TS;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  let node: TS.Node | undefined = rootOf(ts, tree);
  for (let depth = 0; node && depth < 10; depth++) {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
    else if (ts.isIdentifier(node)) node = constantOf(ts, tree, node.text);
    else break;
  }
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  const themeMaps = themeImports(ts, tree);
  const all = new Set<string>();
  const written = new Set<string>();
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) {
      if (!ts.isIdentifier(property.expression) || !themeMaps.has(property.expression.text)) return undefined;
      for (const type of BUILT_IN_NAVBAR_TYPES) all.add(type);
      continue;
    }
    const name = property.name && keyOf(ts, property.name);
    if (name === undefined) return undefined;
    all.add(name);
    written.add(name);
  }
  return { all, written };
}

/** The names the file imports the theme's ComponentTypes under (`import ComponentTypes from '@theme-original/...'`). */
function themeImports(ts: typeof TS, tree: TS.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of tree.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!THEME_MODULES.has(statement.moduleSpecifier.text)) continue;
    const name = statement.importClause?.name?.text;
    if (name) names.add(name);
  }
  return names;
}

function keyOf(ts: typeof TS, name: TS.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}

/** Why a navbar item's type cannot be drawn, and what to do. */
export interface NavbarTypeProblem {
  index: number;
  type: string;
  reason: string;
  hint: string;
}

/**
 * Each navbar item whose type neither the theme nor the site draws: a type that is not Docusaurus's
 * and does not start with `custom-`, or a `custom-*` type the site's ComponentTypes does not map.
 * `site` is read only when an item has a type of the site's own.
 */
export function navbarTypeProblems(items: unknown, siteDir: string): NavbarTypeProblem[] {
  if (!Array.isArray(items)) return [];
  let site: SiteNavbarTypes | undefined;
  const problems: NavbarTypeProblem[] = [];
  items.forEach((item: unknown, index) => {
    const type = (item as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || (BUILT_IN_NAVBAR_TYPES as readonly string[]).includes(type)) return;
    const example = `'${type.startsWith('custom-') ? type : `custom-${type}`}': MyItem`;
    const addIt = `in src/theme/${COMPONENT_TYPES}.js, \`export default { ...ComponentTypes, ${example} }\` with ComponentTypes imported from '@theme-original/${COMPONENT_TYPES}'`;
    if (!type.startsWith('custom-')) {
      problems.push({
        index,
        type,
        reason: `the navbar item type "${type}" is not one of Docusaurus's (${BUILT_IN_NAVBAR_TYPES.join(', ')}), and a type of the site's own starts with custom-`,
        hint: `Correct the type, or draw the item with a component of the site's: name its type custom-${type} and, ${addIt}.`,
      });
      return;
    }
    site ??= siteNavbarTypes(siteDir);
    if (site.types?.has(type) !== false) return;
    problems.push(
      site.file
        ? {
            index,
            type,
            reason: `the navbar item type "${type}" is not among those ${site.file} exports (${[...site.types].filter((name) => name.startsWith('custom-')).join(', ') || 'none of its own'})`,
            hint: `Add ${example} to the object ${site.file} exports, or correct the item's type.`,
          }
        : {
            index,
            type,
            reason: `the navbar item type "${type}" is the site's own, and the site has no src/theme/${COMPONENT_TYPES} to draw it`,
            hint: `Give the site a component for it: ${addIt}. Or remove the item.`,
          },
    );
  });
  return problems;
}
