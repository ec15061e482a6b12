/**
 * Checks `import` statements in code samples against what installed packages really export,
 * using the TypeScript compiler API on the packages' own declaration files.
 */
import path from 'node:path';
import ts from 'typescript';

export interface ImportUse {
  module: string;
  /** Imported export names (`default` for a default import); empty for namespace/side-effect imports. */
  names: string[];
  /** 1-based line within the sample. */
  line: number;
}

/** Every import from a module matching `include`, in a JS/TS sample (the parser tolerates sketchy code). */
export function importsIn(code: string, include: (module: string) => boolean): ImportUse[] {
  const file = ts.createSourceFile('sample.tsx', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const uses: ImportUse[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    if (!include(module)) continue;
    const names: string[] = [];
    const clause = statement.importClause;
    if (clause?.name) names.push('default');
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
    }
    const line = file.getLineAndCharacterOfPosition(statement.getStart(file)).line + 1;
    uses.push({ module, names, line });
  }
  return uses;
}

/** Resolves modules from `fromDir` as a bundler would and lists their exports; `undefined` if it does not resolve. */
export function createExportReader(fromDir: string) {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const containing = path.join(fromDir, 'sample.ts');
  const cache = new Map<string, Set<string> | undefined>();
  let program: ts.Program | undefined;

  const resolve = (module: string) => ts.resolveModuleName(module, containing, options, host).resolvedModule?.resolvedFileName;

  return {
    /** Loads every module in one program, so shared declaration files are read once. */
    exportsOf(modules: string[]): Map<string, Set<string> | undefined> {
      const wanted = [...new Set(modules)].filter((module) => !cache.has(module));
      const files = new Map(wanted.map((module) => [module, resolve(module)] as const));
      const roots = [...files.values()].filter((file): file is string => file !== undefined);
      if (roots.length > 0) {
        program = ts.createProgram({ rootNames: roots, options, host, oldProgram: program });
        const checker = program.getTypeChecker();
        for (const [module, file] of files) {
          const source = file ? program.getSourceFile(file) : undefined;
          const symbol = source ? checker.getSymbolAtLocation(source) : undefined;
          cache.set(module, symbol ? new Set(checker.getExportsOfModule(symbol).map((s) => s.name)) : undefined);
        }
      }
      for (const [module, file] of files) if (!file) cache.set(module, undefined);
      return new Map(modules.map((module) => [module, cache.get(module)]));
    },
  };
}
