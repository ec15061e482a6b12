/**
 * TypeDoc's project as docsite's API model (see model.ts): pages and anchors first, so that every
 * cross-reference can be resolved, then the plain JSON of modules, classes, interfaces and members.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type ts from 'typescript';
import type { DeclarationReflection, ParameterReflection, Reflection, ReflectionId, SignatureReflection, TypeParameterReflection } from 'typedoc';
import {
  API_MODEL_VERSION,
  memberAnchor,
  moduleId,
  type ApiClassLike,
  type ApiMember,
  type ApiMemberKind,
  type ApiModel,
  type ApiModule,
  type ApiParameter,
  type ApiRef,
  type ApiSignature,
  type ApiSource,
  type ApiTokens,
  type ApiTypeParameter,
} from './model';
import { convertComment, summaryMarkdown, type CommentContext } from './extract-comments';
import type { ExtractEntry } from './extract-entries';
import {
  propertyName,
  TokenWriter,
  typeTokens,
  writeCallSignature,
  writeDeclarationType,
  writeParameters,
  writeType,
  writeTypeParameters,
  type TokenContext,
} from './extract-tokens';
import { tidyBindingPattern, type TypeDocRun } from './extract-typedoc';

type ModuleSection = 'classes' | 'interfaces' | 'functions' | 'typeAliases' | 'variables';

/** One exported declaration placed on its module. */
interface Placed {
  entry: ExtractEntry;
  name: string;
  reflection: DeclarationReflection;
  section: ModuleSection;
  /** Classes and interfaces: `<module_id>.<Name>`. */
  pageId?: string;
  /** Module members: anchor on the module page. */
  anchor?: string;
  /** Classes and interfaces: their members in page order with anchors. */
  members?: { reflection: DeclarationReflection; kind: ApiMemberKind; anchor: string }[];
}

/** Anchors that are headings on the pages docsite renders; members never take them. */
const RESERVED_MODULE_ANCHORS = ['classes', 'interfaces', 'functions', 'type-aliases', 'variables'];
const RESERVED_CLASS_ANCHORS = ['constructors', 'properties', 'accessors', 'methods'];

const MEMBER_ORDER: Record<string, number> = { constructor: 0, property: 1, accessor: 2, method: 3 };

export function buildApiModel(run: TypeDocRun, entries: ExtractEntry[]): ApiModel {
  return new ModelBuilder(run, entries).build();
}

class ModelBuilder {
  private readonly K: TypeDocRun['td']['ReflectionKind'];
  /** Reflection id -> its target in the reference. */
  private readonly refs = new Map<ReflectionId, ApiRef>();
  /** Exported name -> targets, for `@see Name`. */
  private readonly names = new Map<string, { entry: ExtractEntry; ref: ApiRef }[]>();
  /** Class/interface reflection id -> the name it is documented under. */
  private readonly pageNames = new Map<ReflectionId, string>();
  private readonly placed = new Map<string, Placed[]>();
  /** References (re-exports) -> the declaration they stand for. */
  private readonly aliases = new Map<ReflectionId, ReflectionId>();
  private readonly tokenContext: TokenContext;
  /** One entry per documented package, with its folder in forward slashes. */
  private readonly packageRoots: { packageName: string; packageDir: string }[];

  constructor(
    private readonly run: TypeDocRun,
    private readonly entries: ExtractEntry[],
  ) {
    this.K = run.td.ReflectionKind;
    const roots = new Map(entries.map((entry) => [entry.packageName, entry.packageDir]));
    this.packageRoots = [...roots].map(([packageName, packageDir]) => ({ packageName, packageDir }));
    this.tokenContext = {
      kinds: this.K,
      refOf: (reflection) => this.refOf(reflection),
      parameterName: (parameter) => this.parameterName(parameter),
    };
  }

  build(): ApiModel {
    this.placeDeclarations();
    this.assignTargets();
    const modules = this.entries.map((entry) => this.convertModule(entry));
    modules.sort((a, b) => compareNames(a.name, b.name));
    return { version: API_MODEL_VERSION, modules };
  }

  // ---- Placement: which module documents which declaration ----

  /**
   * A declaration exported by several modules is documented once. TypeDoc keeps it in the first
   * module it converted and makes the others references; the page goes to the module that declares
   * it: the one whose entry file holds the declaration, else one of the package holding it, else
   * TypeDoc's choice.
   */
  private placeDeclarations(): void {
    const candidates = new Map<ReflectionId, { entry: ExtractEntry; name: string; direct: boolean; child: DeclarationReflection }[]>();
    const order: DeclarationReflection[] = [];
    for (const entry of this.entries) {
      const module = this.run.modules.get(entry.name)!;
      for (const child of module.children ?? []) {
        const target = child.isReference() ? child.tryGetTargetReflectionDeep() : child;
        if (!target || !target.isDeclaration() || !this.sectionOf(target)) continue;
        let list = candidates.get(target.id);
        if (!list) {
          list = [];
          candidates.set(target.id, list);
          order.push(target);
        }
        list.push({ entry, name: child.name, direct: !child.isReference(), child });
      }
    }
    for (const entry of this.entries) this.placed.set(entry.name, []);
    for (const target of order) {
      const list = candidates.get(target.id)!;
      const file = target.sources?.[0]?.fullFileName;
      const score = (c: (typeof list)[number]) =>
        (file && c.entry.file === file ? 4 : 0) + (file && file.startsWith(`${c.entry.packageDir}/`) ? 2 : 0) + (c.direct ? 1 : 0);
      let best = list[0]!;
      for (const candidate of list) if (score(candidate) > score(best)) best = candidate;
      const placed: Placed = { entry: best.entry, name: best.name, reflection: target, section: this.sectionOf(target)! };
      this.placed.get(best.entry.name)!.push(placed);
      // References from the other modules lead to the same place.
      for (const candidate of list) if (candidate.child !== target) this.aliases.set(candidate.child.id, target.id);
    }
  }

  private sectionOf(reflection: DeclarationReflection): ModuleSection | undefined {
    const K = this.K;
    if (reflection.kindOf(K.Class)) return 'classes';
    // `export type { LexicalEditor }` makes TypeDoc document a class as an interface (only its type is
    // exported); it is still a class, and its page keeps the classes/ URL readers and links expect.
    if (reflection.kindOf(K.Interface)) return this.declaresClass(reflection) ? 'classes' : 'interfaces';
    if (reflection.kindOf(K.Function)) return 'functions';
    if (reflection.kindOf(K.TypeAlias | K.Enum)) return 'typeAliases';
    if (reflection.kindOf(K.Variable | K.Namespace)) return 'variables';
    return undefined;
  }

  private readonly classNamesByFile = new Map<string, Set<string>>();

  /** Whether the declaration file of `reflection` declares a class of that name. */
  private declaresClass(reflection: DeclarationReflection): boolean {
    const file = reflection.sources?.[0]?.fullFileName;
    if (!file) return false;
    let names = this.classNamesByFile.get(file);
    if (!names) {
      names = new Set();
      // TypeScript comes through TypeDoc, which is only loaded when the model is built (not on cache hits).
      const typescript: typeof ts = this.run.td.TypeScript;
      const source = typescript.createSourceFile(file, readFileSync(file, 'utf8'), typescript.ScriptTarget.Latest, false);
      for (const statement of source.statements) if (typescript.isClassDeclaration(statement) && statement.name) names.add(statement.name.text);
      this.classNamesByFile.set(file, names);
    }
    return names.has(reflection.name);
  }

  // ---- Targets: page ids and anchors, unique per page ----

  private assignTargets(): void {
    for (const entry of this.entries) {
      const id = moduleId(entry.name);
      const module = this.run.modules.get(entry.name)!;
      this.refs.set(module.id, `modules/${id}`);
      const placed = this.placed.get(entry.name)!;
      placed.sort((a, b) => compareNames(a.name, b.name));

      const used = new Set(RESERVED_MODULE_ANCHORS);
      for (const section of ['functions', 'typeAliases', 'variables'] as const) {
        for (const item of placed.filter((p) => p.section === section)) {
          item.anchor = uniqueAnchor(memberAnchor(item.name), used);
          this.setRef(item.reflection, `modules/${id}#${item.anchor}`, entry, item.name);
        }
      }
      for (const item of placed.filter((p) => p.section === 'classes' || p.section === 'interfaces')) {
        item.pageId = `${id}.${item.name}`;
        const page = `${item.section}/${item.pageId}`;
        this.setRef(item.reflection, page, entry, item.name);
        this.pageNames.set(item.reflection.id, item.name);
        const usedOnPage = new Set(RESERVED_CLASS_ANCHORS);
        item.members = this.classMembers(item.reflection).map(({ reflection, kind }) => {
          const anchor = uniqueAnchor(kind === 'constructor' ? 'constructor' : memberAnchor(reflection.name), usedOnPage);
          this.refs.set(reflection.id, `${page}#${anchor}`);
          if (!reflection.inheritedFrom) this.addName(`${item.name}.${reflection.name}`, entry, `${page}#${anchor}`);
          return { reflection, kind, anchor };
        });
      }
    }
    for (const [alias, target] of this.aliases) {
      const ref = this.refs.get(target);
      if (ref) this.refs.set(alias, ref);
    }
  }

  private setRef(reflection: DeclarationReflection, ref: ApiRef, entry: ExtractEntry, name: string): void {
    this.refs.set(reflection.id, ref);
    this.addName(name, entry, ref);
  }

  private addName(name: string, entry: ExtractEntry, ref: ApiRef): void {
    let list = this.names.get(name);
    if (!list) {
      list = [];
      this.names.set(name, list);
    }
    list.push({ entry, ref });
  }

  /** Constructor first, then properties, accessors and methods, each by name (instance before static). */
  private classMembers(reflection: DeclarationReflection): { reflection: DeclarationReflection; kind: ApiMemberKind }[] {
    const K = this.K;
    const members: { reflection: DeclarationReflection; kind: ApiMemberKind }[] = [];
    for (const child of reflection.children ?? []) {
      if (child.name.startsWith('#') || child.flags.isPrivate) continue;
      let kind: ApiMemberKind | undefined;
      if (child.kindOf(K.Constructor)) kind = 'constructor';
      else if (child.kindOf(K.Property)) kind = 'property';
      else if (child.kindOf(K.Accessor)) kind = 'accessor';
      else if (child.kindOf(K.Method)) kind = 'method';
      if (kind) members.push({ reflection: child, kind });
    }
    return members.sort(
      (a, b) =>
        MEMBER_ORDER[a.kind]! - MEMBER_ORDER[b.kind]! ||
        compareNames(a.reflection.name, b.reflection.name) ||
        Number(a.reflection.flags.isStatic) - Number(b.reflection.flags.isStatic),
    );
  }

  /** The target of a reflection: its own, its alias's, or (for parts of one) its nearest ancestor's. */
  private refOf(reflection: Reflection | undefined): ApiRef | undefined {
    let current = reflection;
    if (current?.isReference()) current = current.tryGetTargetReflectionDeep() ?? current;
    while (current && !current.isProject()) {
      const ref = this.refs.get(current.id);
      if (ref) return ref;
      current = current.parent;
    }
    return undefined;
  }

  private refOfName(name: string, entry: ExtractEntry): ApiRef | undefined {
    const normalized = name.replace(/#/g, '.');
    const list = this.names.get(normalized);
    if (!list || list.length === 0) return undefined;
    return (
      list.find((item) => item.entry === entry)?.ref ??
      list.find((item) => item.entry.packageName === entry.packageName)?.ref ??
      (new Set(list.map((item) => item.ref)).size === 1 ? list[0]!.ref : undefined)
    );
  }

  private parameterName(parameter: ParameterReflection): string {
    const name = this.run.bindingNames.get(parameter.id) ?? parameter.name;
    return /^[[{]/.test(name) ? tidyBindingPattern(name) : name;
  }

  // ---- Conversion ----

  private convertModule(entry: ExtractEntry): ApiModule {
    const module = this.run.modules.get(entry.name)!;
    const comments = this.commentContext(entry);
    const result: ApiModule = {
      id: moduleId(entry.name),
      name: entry.name,
      packageName: entry.packageName,
      packageVersion: entry.packageVersion,
      classes: [],
      interfaces: [],
      functions: [],
      typeAliases: [],
      variables: [],
    };
    const comment = convertComment(module.comment, comments);
    if (comment) result.comment = comment;
    for (const item of this.placed.get(entry.name)!) {
      if (item.section === 'classes' || item.section === 'interfaces') {
        result[item.section].push(this.convertClassLike(item, comments));
      } else {
        result[item.section].push(this.convertModuleMember(item, comments));
      }
    }
    return result;
  }

  private commentContext(entry: ExtractEntry): CommentContext {
    return { refOf: (reflection) => this.refOf(reflection), refOfName: (name) => this.refOfName(name, entry) };
  }

  private convertClassLike(item: Placed, comments: CommentContext): ApiClassLike {
    const reflection = item.reflection;
    const linkOf = (type: { name: string; reflection?: Reflection }) => {
      const ref = this.refOf(type.reflection);
      const name = (type.reflection && this.pageNames.get(type.reflection.id)) ?? type.name;
      return ref ? { name, ref } : undefined;
    };
    const result: ApiClassLike = {
      kind: item.section === 'classes' ? 'class' : 'interface',
      name: item.name,
      id: item.pageId!,
      typeParameters: this.typeParameters(reflection.typeParameters, comments),
      extends: (reflection.extendedTypes ?? []).map((type) => this.tokens(type)),
      implements: (reflection.implementedTypes ?? []).map((type) => this.tokens(type)),
      extendedBy: (reflection.extendedBy ?? []).map(linkOf).filter(isDefined),
      implementedBy: (reflection.implementedBy ?? []).map(linkOf).filter(isDefined),
      members: item.members!.map(({ reflection: member, kind, anchor }) => this.convertMember(member, member.name, kind, anchor, item.entry, comments)),
    };
    const comment = convertComment(reflection.comment, comments);
    if (comment) result.comment = comment;
    const source = this.source(reflection, item.entry);
    if (source) result.source = source;
    return reorder(result, ['kind', 'name', 'id', 'comment', 'typeParameters', 'extends', 'implements', 'extendedBy', 'implementedBy', 'members', 'source']);
  }

  private convertModuleMember(item: Placed, comments: CommentContext): ApiMember {
    const K = this.K;
    const reflection = item.reflection;
    const kind: ApiMemberKind = item.section === 'functions' ? 'function' : item.section === 'typeAliases' ? 'typeAlias' : 'variable';
    if (reflection.kindOf(K.Namespace) || reflection.kindOf(K.Enum)) {
      return this.finishMember(reflection, item.name, kind, item.anchor!, item.entry, comments, [
        { code: this.containerCode(reflection, item.name, ''), typeParameters: [], parameters: [] },
      ]);
    }
    return this.convertMember(reflection, item.name, kind, item.anchor!, item.entry, comments);
  }

  private convertMember(
    reflection: DeclarationReflection,
    name: string,
    kind: ApiMemberKind,
    anchor: string,
    entry: ExtractEntry,
    comments: CommentContext,
  ): ApiMember {
    const signatures: ApiSignature[] = [];
    const modifiers = this.modifiers(reflection);
    const displayName = propertyName(name);
    switch (kind) {
      case 'function':
      case 'method':
      case 'constructor':
        for (const signature of reflection.signatures ?? []) {
          const w = new TokenWriter();
          if (kind === 'function') w.text(`function ${name}`);
          else if (kind === 'constructor') w.text(`${modifiers}constructor`);
          else w.text(`${modifiers}${displayName}${reflection.flags.isOptional ? '?' : ''}`);
          if (kind === 'constructor') writeParameters(w, signature.parameters, this.tokenContext);
          else writeCallSignature(w, signature, this.tokenContext);
          signatures.push(this.signature(w.tokens, signature, comments, kind === 'constructor'));
        }
        if (signatures.length === 0 && reflection.type) {
          // A function-valued declaration TypeDoc kept without signatures: show it like a property.
          const w = new TokenWriter().text(kind === 'function' ? `const ${name}: ` : `${modifiers}${displayName}: `);
          writeType(w, reflection.type, this.tokenContext, 'none');
          signatures.push({ code: w.tokens, typeParameters: [], parameters: [] });
        }
        break;
      case 'accessor': {
        const w = new TokenWriter();
        const getter = reflection.getSignature;
        const setter = reflection.setSignature;
        if (getter) {
          w.text(`${modifiers}get ${displayName}(): `);
          writeType(w, getter.type, this.tokenContext, 'none');
        }
        if (setter) {
          if (getter) w.text('\n');
          w.text(`${modifiers}set ${displayName}`);
          writeParameters(w, setter.parameters, this.tokenContext);
        }
        const signature: ApiSignature = { code: w.tokens, typeParameters: [], parameters: setter ? this.parameters(setter.parameters, comments) : [] };
        if (getter) signature.returns = this.tokens(getter.type);
        signatures.push(signature);
        break;
      }
      case 'property': {
        const w = new TokenWriter().text(
          `${modifiers}${reflection.flags.isReadonly ? 'readonly ' : ''}${displayName}${reflection.flags.isOptional ? '?' : ''}: `,
        );
        this.writeValueType(w, reflection);
        signatures.push({ code: w.tokens, typeParameters: [], parameters: [] });
        break;
      }
      case 'variable': {
        const w = new TokenWriter().text(`${reflection.flags.isConst ? 'const' : 'let'} ${name}: `);
        this.writeValueType(w, reflection);
        signatures.push({ code: w.tokens, typeParameters: [], parameters: [] });
        break;
      }
      case 'typeAlias': {
        const w = new TokenWriter().text(`type ${name}`);
        writeTypeParameters(w, reflection.typeParameters, this.tokenContext);
        w.text(' = ');
        if (reflection.type) writeType(w, reflection.type, this.tokenContext, 'none');
        else writeDeclarationType(w, reflection, this.tokenContext, '');
        signatures.push({ code: w.tokens, typeParameters: this.typeParameters(reflection.typeParameters, comments), parameters: [] });
        break;
      }
    }
    return this.finishMember(reflection, name, kind, anchor, entry, comments, signatures);
  }

  private finishMember(
    reflection: DeclarationReflection,
    name: string,
    kind: ApiMemberKind,
    anchor: string,
    entry: ExtractEntry,
    comments: CommentContext,
    signatures: ApiSignature[],
  ): ApiMember {
    const member: ApiMember = { kind, name, anchor, signatures, flags: this.flags(reflection) };
    const comment =
      convertComment(reflection.comment, comments) ??
      (kind === 'accessor' ? convertComment(reflection.getSignature?.comment ?? reflection.setSignature?.comment, comments) : undefined);
    if (comment) member.comment = comment;
    if (reflection.inheritedFrom) {
      const ref = this.refOf(reflection.inheritedFrom.reflection);
      member.inheritedFrom = ref ? { name: reflection.inheritedFrom.name, ref } : { name: reflection.inheritedFrom.name };
    }
    const source = this.source(reflection, entry);
    if (source) member.source = source;
    return member;
  }

  /** A property's or variable's type; object types TypeDoc unfolded into children are folded back. */
  private writeValueType(w: TokenWriter, reflection: DeclarationReflection): void {
    if (reflection.type) writeType(w, reflection.type, this.tokenContext, 'none');
    else if (reflection.children?.length || reflection.signatures?.length) writeDeclarationType(w, reflection, this.tokenContext);
    else w.text('any');
  }

  /** `enum X { ... }` and `namespace x { ... }`, one line per member. */
  private containerCode(reflection: DeclarationReflection, name: string, indent: string): ApiTokens {
    const K = this.K;
    const w = new TokenWriter();
    if (reflection.kindOf(K.Enum)) {
      w.text(`${reflection.flags.isConst ? 'const ' : ''}enum ${name} {\n`);
      for (const member of reflection.children ?? []) {
        w.text(`${indent}  ${propertyName(member.name)}`);
        if (member.type) {
          w.text(' = ');
          writeType(w, member.type, this.tokenContext, 'none');
        }
        w.text(',\n');
      }
      w.text(`${indent}}`);
      return w.tokens;
    }
    w.text(`namespace ${name} {\n`);
    for (const child of reflection.children ?? []) {
      const inner = `${indent}  `;
      w.text(inner);
      if (child.kindOf(K.Namespace | K.Enum)) {
        for (const token of this.containerCode(child, child.name, inner)) w.name(token.text, token.ref);
      } else if (child.kindOf(K.Function)) {
        (child.signatures ?? []).forEach((signature, i) => {
          if (i > 0) w.text(`;\n${inner}`);
          w.text(`function ${child.name}`);
          writeCallSignature(w, signature, this.tokenContext);
        });
      } else if (child.kindOf(K.Class | K.Interface)) {
        w.text(child.kindOf(K.Class) ? 'class ' : 'interface ').name(child.name, this.refOf(child));
      } else if (child.kindOf(K.TypeAlias)) {
        w.text(`type ${child.name} = `);
        if (child.type) writeType(w, child.type, this.tokenContext, 'none');
        else writeDeclarationType(w, child, this.tokenContext);
      } else {
        w.text(`${child.flags.isConst ? 'const' : 'let'} ${child.name}: `);
        this.writeValueType(w, child);
      }
      w.text(';\n');
    }
    w.text(`${indent}}`);
    return w.tokens;
  }

  private modifiers(reflection: DeclarationReflection): string {
    let text = '';
    if (reflection.flags.isProtected) text += 'protected ';
    if (reflection.flags.isStatic) text += 'static ';
    if (reflection.flags.isAbstract) text += 'abstract ';
    return text;
  }

  private flags(reflection: DeclarationReflection): ApiMember['flags'] {
    const flags: ApiMember['flags'] = {};
    if (reflection.flags.isStatic) flags.static = true;
    if (reflection.flags.isOptional) flags.optional = true;
    if (reflection.flags.isReadonly) flags.readonly = true;
    if (reflection.flags.isAbstract) flags.abstract = true;
    if (reflection.flags.isProtected) flags.protected = true;
    return flags;
  }

  /** Constructors take the class's type parameters, which the class page shows already. */
  private signature(code: ApiTokens, signature: SignatureReflection, comments: CommentContext, isConstructor = false): ApiSignature {
    const result: ApiSignature = {
      code,
      typeParameters: isConstructor ? [] : this.typeParameters(signature.typeParameters, comments),
      parameters: this.parameters(signature.parameters, comments),
    };
    if (signature.type) result.returns = this.tokens(signature.type);
    const comment = convertComment(signature.comment, comments);
    if (comment) result.comment = comment;
    return result;
  }

  private typeParameters(parameters: TypeParameterReflection[] | undefined, comments: CommentContext): ApiTypeParameter[] {
    return (parameters ?? []).map((parameter) => {
      const result: ApiTypeParameter = { name: parameter.name };
      if (parameter.type) result.constraint = this.tokens(parameter.type);
      if (parameter.default) result.default = this.tokens(parameter.default);
      const comment = summaryMarkdown(parameter.comment, comments);
      if (comment) result.comment = comment;
      return result;
    });
  }

  private parameters(parameters: ParameterReflection[] | undefined, comments: CommentContext): ApiParameter[] {
    return (parameters ?? []).map((parameter) => {
      const result: ApiParameter = {
        name: this.parameterName(parameter),
        type: this.tokens(parameter.type),
        optional: parameter.flags.isOptional,
        rest: parameter.flags.isRest,
      };
      if (parameter.defaultValue && parameter.defaultValue !== '...') result.defaultValue = parameter.defaultValue;
      const comment = summaryMarkdown(parameter.comment, comments);
      if (comment) result.comment = comment;
      return result;
    });
  }

  private tokens(type: Parameters<typeof typeTokens>[0]): ApiTokens {
    return typeTokens(type, this.tokenContext);
  }

  /** Where a reflection is declared, relative to the node_modules folder holding it. */
  private source(reflection: DeclarationReflection, entry: ExtractEntry): ApiSource | undefined {
    const source =
      reflection.sources?.[0] ?? reflection.signatures?.[0]?.sources?.[0] ?? reflection.getSignature?.sources?.[0] ?? reflection.setSignature?.sources?.[0];
    if (!source) return undefined;
    return { file: this.sourceFile(source.fullFileName.replace(/\\/g, '/'), entry), line: source.line };
  }

  /** `<package name>/<path in the package>` when a documented package holds the file (also linked ones), else the path after `node_modules/`. */
  private sourceFile(file: string, entry: ExtractEntry): string {
    let best: { packageName: string; packageDir: string } | undefined;
    for (const candidate of this.packageRoots) {
      if (file.startsWith(`${candidate.packageDir}/`) && (!best || candidate.packageDir.length > best.packageDir.length)) best = candidate;
    }
    if (best) return `${best.packageName}/${file.slice(best.packageDir.length + 1)}`;
    const marker = file.lastIndexOf('/node_modules/');
    if (marker >= 0) return file.slice(marker + '/node_modules/'.length);
    return `${entry.packageName}/${path.posix.relative(entry.packageDir, file)}`;
  }
}

/** `name`, or `name-1`, `name-2`, ... when taken. */
function uniqueAnchor(anchor: string, used: Set<string>): string {
  let candidate = anchor;
  for (let i = 1; used.has(candidate); i++) candidate = `${anchor}-${i}`;
  used.add(candidate);
  return candidate;
}

/** Alphabetical (case-insensitive first), stable across machines. */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}

/** The same object with its keys in the documented order (for readable cache files). */
function reorder<T extends object>(value: T, keys: (keyof T)[]): T {
  const result = {} as T;
  for (const key of keys) if (key in value) result[key] = value[key];
  return result;
}
