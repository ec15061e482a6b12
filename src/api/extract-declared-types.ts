/**
 * Types as the declarations write them. TypeDoc converts parameter, return and property types from
 * the type checker, which forgets aliases of primitives (`key?: NodeKey` reads `key?: string`) and
 * spells out default type arguments (`Widget` reads `Widget<unknown>`); here they are converted
 * again from the declaration files' own annotations.
 */
import type ts from 'typescript';
import type { Application, Context, DeclarationReflection, ParameterReflection, Reflection, ReflectionKind, SignatureReflection } from 'typedoc';

type Typed = ParameterReflection | SignatureReflection | DeclarationReflection;

export function preferDeclaredTypes(app: Application, typescript: typeof ts, kinds: typeof ReflectionKind): void {
  const pending: { context: Context; reflection: Typed; node: ts.TypeNode }[] = [];

  app.converter.on('createParameter', (context, reflection) => {
    const declaration = context.getSymbolFromReflection(reflection)?.valueDeclaration;
    if (declaration && typescript.isParameter(declaration) && declaration.type) pending.push({ context, reflection, node: declaration.type });
  });
  app.converter.on('createSignature', (context, reflection, declaration) => {
    if (!declaration || !('type' in declaration) || !declaration.type) return;
    if (typescript.isJSDocSignature(declaration)) return;
    pending.push({ context, reflection, node: declaration.type });
  });
  app.converter.on('createDeclaration', (context, reflection) => {
    if (!reflection.kindOf(kinds.Property)) return;
    const declaration = context.getSymbolFromReflection(reflection)?.declarations?.[0];
    if (declaration && (typescript.isPropertyDeclaration(declaration) || typescript.isPropertySignature(declaration)) && declaration.type) {
      pending.push({ context, reflection, node: declaration.type });
    }
  });
  app.converter.on(
    'resolveBegin',
    () => {
      for (const { context, reflection, node } of pending) {
        if (!reflection.type) continue;
        const owners = new Set<ts.Node>(ownerDeclarations(context, reflection, kinds));
        if (!shouldReconvert(node, owners, context.checker, typescript)) continue;
        try {
          const previous = reflection.type;
          reflection.type = context.converter.convertType(context.withScope(reflection), node);
          reflection.project.removeTypeReflections(previous);
        } catch {
          // Keep TypeDoc's own conversion.
        }
      }
      pending.length = 0;
    },
    1000,
  );
}

/** Declarations of the class, interface or type alias a reflection is documented on. */
function ownerDeclarations(context: Context, reflection: Reflection, kinds: typeof ReflectionKind): ts.Declaration[] {
  let current: Reflection | undefined = reflection.parent;
  while (current && !current.kindOf(kinds.ClassOrInterface | kinds.TypeAlias)) {
    if (current.kindOf(kinds.SomeModule)) return [];
    current = current.parent;
  }
  return (current && context.getSymbolFromReflection(current)?.declarations) || [];
}

/**
 * Whether converting from the annotation is safe, and so says more than the checker's type: not when
 * it mentions a type parameter of another class or interface than the one documented (an inherited member has
 * those substituted by the checker, which the annotation cannot show).
 */
function shouldReconvert(root: ts.TypeNode, owners: Set<ts.Node>, checker: ts.TypeChecker, typescript: typeof ts): boolean {
  const { SyntaxKind, SymbolFlags } = typescript;
  if (root.kind === SyntaxKind.TypePredicate || root.kind === SyntaxKind.ThisType) return false;
  let safe = true;
  const visit = (node: ts.Node): void => {
    if (!safe) return;
    if (typescript.isTypeReferenceNode(node)) {
      let symbol = checker.getSymbolAtLocation(node.typeName);
      if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol && symbol.flags & SymbolFlags.TypeParameter) {
        const owner = symbol.declarations?.[0]?.parent;
        const ofContainer = !owner || typescript.isClassLike(owner) || typescript.isInterfaceDeclaration(owner) || typescript.isTypeAliasDeclaration(owner);
        if (ofContainer && !(owner && owners.has(owner))) {
          safe = false;
          return;
        }
      }
    } else if (node.kind === SyntaxKind.ThisType) {
      safe = false;
      return;
    }
    typescript.forEachChild(node, visit);
  };
  visit(root);
  return safe;
}
