/**
 * Runs TypeDoc once over the declaration files of every module and hands back its project.
 * TypeDoc is loaded lazily (it brings TypeScript with it), so a cached build never pays for it.
 */
import { createRequire } from 'node:module';
import type { DeclarationReflection, MinimalNode, MinimalSourceFile, ProjectReflection, ReflectionId } from 'typedoc';
import { preferDeclaredTypes } from './extract-declared-types';
import type { ExtractEntry } from './extract-entries';

export type TypeDocModule = typeof import('typedoc');

export interface TypeDocRun {
  td: TypeDocModule;
  project: ProjectReflection;
  /** TypeDoc's module reflection for each entry, by entry name. */
  modules: Map<string, DeclarationReflection>;
  /** Destructured parameters: the binding pattern as written (`{ a, b }`), by parameter reflection id. */
  bindingNames: Map<ReflectionId, string>;
  warnings: string[];
}

/** The TypeScript settings used to read the declarations; part of the cache key. */
export const EXTRACT_COMPILER_OPTIONS = {
  // Without strict null checks `T | null` would read `T`.
  strict: true,
  skipLibCheck: true,
  module: 'esnext',
  moduleResolution: 'bundler',
  target: 'es2022',
  jsx: 'react-jsx',
  types: [] as string[],
};

/** TypeDoc settings that shape the model; part of the cache key. */
export const EXTRACT_TYPEDOC_OPTIONS = {
  excludePrivate: true,
  excludeInternal: true,
  excludeProtected: false,
  // Members of object types read in the order they were written.
  sort: ['source-order' as const],
};

/** Loads TypeDoc, converts all entries in one program and maps the modules back to the entries. */
export async function runTypeDoc(entries: ExtractEntry[]): Promise<TypeDocRun> {
  const td = await import('typedoc');
  const { Application, Logger, LogLevel, Converter } = td;

  const messages: { level: number; text: string }[] = [];
  class CollectingLogger extends Logger {
    override log(message: string, level: number): void {
      super.log(message, level);
      if (level >= LogLevel.Warn) messages.push({ level, text: message });
    }
    protected override addContext(message: string, _level: number, ...args: [MinimalNode?] | [number, MinimalSourceFile]): string {
      let file: MinimalSourceFile | undefined;
      let pos: number | undefined;
      if (typeof args[0] === 'number') {
        pos = args[0];
        file = args[1];
      } else if (args[0]) {
        file = args[0].getSourceFile();
        pos = args[0].getStart();
      }
      if (!file || pos === undefined) return message;
      try {
        const { line } = file.getLineAndCharacterOfPosition(pos);
        return `${file.fileName}:${line + 1}: ${message}`;
      } catch {
        return `${file.fileName}: ${message}`;
      }
    }
  }

  const files = entries.map((entry) => entry.file);
  const options = {
    name: 'API',
    entryPoints: files,
    entryPointStrategy: 'resolve' as const,
    alwaysCreateEntryPointModule: true,
    skipErrorChecking: true,
    // Line numbers are all we need from sources; a template stops TypeDoc from asking git.
    disableGit: true,
    sourceLinkTemplate: '{path}#L{line}',
    ...EXTRACT_TYPEDOC_OPTIONS,
    logLevel: 'None' as const,
    compilerOptions: EXTRACT_COMPILER_OPTIONS,
  };
  // No option readers: nothing is read from the site's tsconfig.json, typedoc.json or package.json.
  const app = await Application.bootstrap(options, []);
  app.logger = new CollectingLogger();
  // Bootstrap printed nothing (log level None); setting the options again reports any problem to us.
  if (!app.setOptions(options)) {
    throw new Error(`API reference: TypeDoc rejected its options:\n${messages.map((m) => `  ${m.text}`).join('\n')}`);
  }

  // The TypeScript TypeDoc itself uses (its peer dependency), not whichever the site may have.
  const typescript = createRequire(createRequire(import.meta.url).resolve('typedoc/package.json'))('typescript') as typeof import('typescript');
  preferDeclaredTypes(app, typescript, td.ReflectionKind);

  const bindingNames = new Map<ReflectionId, string>();
  app.converter.on(Converter.EVENT_CREATE_PARAMETER, (context, reflection) => {
    if (reflection.name !== '__namedParameters') return;
    const declaration = context.getSymbolFromReflection(reflection)?.valueDeclaration as { name?: { getText(): string } } | undefined;
    const text = declaration?.name?.getText();
    if (text && /^[[{]/.test(text)) bindingNames.set(reflection.id, tidyBindingPattern(text));
  });

  // Modules in the order TypeDoc created them, which is the order of the entry points.
  const created: DeclarationReflection[] = [];
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
    if (reflection.kindOf(td.ReflectionKind.Module) && reflection.parent?.isProject()) created.push(reflection);
  });

  const project = await app.convert();
  const errors = messages.filter((m) => m.level >= LogLevel.Error).map((m) => m.text);
  const warnings = messages.filter((m) => m.level === LogLevel.Warn).map((m) => m.text);
  if (!project || errors.length > 0) {
    const details = [...errors, ...warnings].map((text) => `  ${text}`).join('\n');
    throw new Error(`API reference: TypeDoc could not convert the declarations of ${describe(entries)}${details ? `:\n${details}` : '.'}`);
  }

  // Modules are matched to entries by their file, not by TypeDoc's names for them; a module without
  // a file (a declaration file that is not a module) is matched by creation order.
  const byFile = new Map<string, ExtractEntry>(entries.map((entry) => [entry.file, entry]));
  const modules = new Map<string, DeclarationReflection>();
  const claimed = new Set<DeclarationReflection>();
  for (const child of created) {
    const file = child.sources?.[0]?.fullFileName ?? project.getSymbolIdFromReflection(child)?.fileName;
    const entry = file ? byFile.get(file) : undefined;
    if (entry && !modules.has(entry.name)) {
      modules.set(entry.name, child);
      claimed.add(child);
    }
  }
  entries.forEach((entry, index) => {
    const candidate = created[index];
    if (!modules.has(entry.name) && candidate && !claimed.has(candidate) && created.length === entries.length) {
      modules.set(entry.name, candidate);
      claimed.add(candidate);
    }
  });
  const missing = entries.filter((entry) => !modules.has(entry.name));
  if (missing.length > 0) {
    const details = warnings.map((text) => `\n  ${text}`).join('');
    throw new Error(`API reference: TypeDoc produced no module for ${missing.map((e) => `${e.name} (${e.file})`).join(', ')}${details}`);
  }
  return { td, project, modules, bindingNames, warnings };
}

function describe(entries: ExtractEntry[]): string {
  const names = [...new Set(entries.map((entry) => entry.packageName))];
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more packages` : names.join(', ');
}

/** A destructuring pattern on one line: `{\n  a,\n  b,\n}` -> `{ a, b }`. */
export function tidyBindingPattern(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/,\s*([}\]])/g, ' $1')
    .replace(/^\{\s*/, '{ ')
    .replace(/\s*\}$/, ' }')
    .replace(/\s+\]$/, ']');
}
