/**
 * Where an option of a Docusaurus config is written, found by its path (`themeConfig.navbar.items[2].target`)
 * in the config's syntax tree: the same key in several items is told apart by where each item is.
 * TypeScript's parser reads JavaScript and TypeScript configs alike; it is loaded only for an error.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

/** The line and column (1-based) of the key at `path`, or undefined when the tree does not lead there plainly. */
export function locateOptionPath(file: string, source: string, path: string): { line: number; column: number } | undefined {
  const ts = createRequire(import.meta.url)('typescript') as typeof TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, /\.m?tsx?$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const segments = path.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== '');
  const unwrap = (node: TS.Node | undefined): TS.Node | undefined => {
    let current = node;
    for (let depth = 0; current && depth < 20; depth++) {
      if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isTypeAssertionExpression(current))
        current = current.expression;
      else if (ts.isIdentifier(current)) current = constantOf(ts, tree, current.text);
      else if (ts.isArrowFunction(current) || ts.isFunctionExpression(current) || ts.isFunctionDeclaration(current)) current = returnedBy(ts, current);
      else return current;
    }
    return current;
  };
  let node = unwrap(rootOf(ts, tree));
  let key: TS.Node | undefined;
  for (const segment of segments) {
    if (node && ts.isObjectLiteralExpression(node)) {
      const property = node.properties.find((candidate) => candidate.name && nameText(ts, candidate.name) === segment);
      if (!property) return undefined;
      key = property.name;
      node = unwrap(ts.isPropertyAssignment(property) ? property.initializer : ts.isShorthandPropertyAssignment(property) ? property.name : undefined);
    } else if (node && ts.isArrayLiteralExpression(node) && /^\d+$/.test(segment)) {
      const element = node.elements[Number(segment)];
      if (!element || node.elements.some((candidate) => ts.isSpreadElement(candidate))) return undefined;
      key = element;
      node = unwrap(element);
    } else return undefined;
  }
  if (!key) return undefined;
  const at = tree.getLineAndCharacterOfPosition(key.getStart(tree));
  return { line: at.line + 1, column: at.character + 1 };
}

/** What the file exports: `export default x` or `module.exports = x`. */
export function rootOf(ts: typeof TS, tree: TS.SourceFile): TS.Node | undefined {
  for (const statement of tree.statements) {
    if (ts.isExportAssignment(statement)) return statement.expression;
    if (ts.isFunctionDeclaration(statement) && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) return statement;
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken
    ) {
      if (statement.expression.left.getText(tree) === 'module.exports') return statement.expression.right;
    }
  }
  return undefined;
}

/** The value of a top-level `const name = ...`, or the function declared by that name. */
export function constantOf(ts: typeof TS, tree: TS.SourceFile, name: string): TS.Node | undefined {
  for (const statement of tree.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return statement;
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
  }
  return undefined;
}

/** What a config function returns: its expression body, or its last `return`. */
function returnedBy(ts: typeof TS, fn: TS.ArrowFunction | TS.FunctionExpression | TS.FunctionDeclaration): TS.Node | undefined {
  if (fn.body && !ts.isBlock(fn.body)) return fn.body;
  const returns = fn.body?.statements.filter(ts.isReturnStatement) ?? [];
  return returns.at(-1)?.expression;
}

function nameText(ts: typeof TS, name: TS.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}
