/**
 * What a page refers to, with where it is written: the modules it imports (so a bundler error about
 * one can point at the import) and the components its JSX names (so an undefined one is a compile
 * error at the element, not a crash while rendering).
 */
import type { Node as EstreeNode, Program } from 'estree';
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute } from 'mdast-util-mdx-jsx';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { factsOf, type DocumentFacts } from './types';

/** Records imports and JSX names as the author wrote them, before other plugins add their own. */
export function remarkReferences() {
  return (tree: Root, file: VFile): void => {
    const facts = factsOf(file);
    visit(tree, (node) => {
      const jsx = node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement' ? node : undefined;
      if (jsx?.name && jsx.position) noteName(facts, jsx.name.split('.')[0]!, jsx.position.start.line, jsx.position.start.column);
      for (const program of [estreeOf(node), ...(jsx?.attributes ?? []).flatMap(attributePrograms)]) if (program) walkEstree(program, facts);
    });
  };
}

/**
 * Runs after MDX has decided which JSX names the page defines itself: the rest it looks up in
 * `props.components` at render time, behind a `_missingMdxReference("Name", …)` guard.
 */
export function recmaComponentLookups() {
  return (tree: Program, file: VFile): void => {
    const facts = factsOf(file);
    walk(tree, (node) => {
      if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== '_missingMdxReference') return;
      const [name] = node.arguments;
      if (name?.type === 'Literal' && typeof name.value === 'string') facts.componentLookups.push(name.value);
    });
  };
}

function noteName(facts: DocumentFacts, name: string, line: number, column: number): void {
  const seen = facts.jsxNames[name];
  if (!seen || line < seen.line || (line === seen.line && column < seen.column)) facts.jsxNames[name] = { line, column };
}

function estreeOf(node: unknown): Program | undefined {
  return (node as { data?: { estree?: Program | null } } | null | undefined)?.data?.estree ?? undefined;
}

/** `{...spread}` and `name={value}` carry their own programs. */
function attributePrograms(attribute: MdxJsxAttribute | MdxJsxExpressionAttribute): (Program | undefined)[] {
  if (attribute.type === 'mdxJsxExpressionAttribute') return [estreeOf(attribute)];
  return typeof attribute.value === 'object' ? [estreeOf(attribute.value)] : [];
}

/** MDX gives estree nodes document positions: 1-based lines, 0-based columns. */
function walkEstree(program: Program, facts: DocumentFacts): void {
  walk(program, (node) => {
    const at = node.loc?.start;
    if (!at) return;
    if (
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      node.type === 'ExportNamedDeclaration' ||
      node.type === 'ImportExpression'
    ) {
      const source = node.source;
      const where = source?.loc?.start;
      if (source?.type === 'Literal' && typeof source.value === 'string' && where)
        facts.imports.push({ specifier: source.value, line: where.line, column: where.column + 1 });
    }
    const jsx = node as unknown as { type: string; name?: JsxName };
    if (jsx.type === 'JSXOpeningElement' && jsx.name) {
      const name = rootName(jsx.name);
      if (name) noteName(facts, name, at.line, at.column + 1);
    }
  });
}

type JsxName = { type: 'JSXIdentifier'; name: string } | { type: 'JSXMemberExpression'; object: JsxName } | { type: 'JSXNamespacedName' };

function rootName(name: JsxName): string | undefined {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') return rootName(name.object);
  return undefined;
}

function walk(node: unknown, visitor: (node: EstreeNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visitor);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (typeof (node as { type?: unknown }).type === 'string') visitor(node as EstreeNode);
  for (const [key, value] of Object.entries(node)) if (key !== 'loc' && key !== 'range' && value && typeof value === 'object') walk(value, visitor);
}
