/**
 * TypeDoc types and signatures as code tokens: text that reads like a .d.ts, with a `ref` on every
 * name that has a page (or an anchor) in the reference.
 */
import type {
  DeclarationReflection,
  ParameterReflection,
  ReferenceType,
  Reflection,
  ReflectionKind,
  SignatureReflection,
  SomeType,
  TypeContext,
  TypeParameterReflection,
} from 'typedoc';
import type { ApiRef, ApiTokens } from './model';

export interface TokenContext {
  /** TypeDoc's ReflectionKind enum (TypeDoc is loaded lazily, so it is passed in). */
  kinds: typeof ReflectionKind;
  /** The target of a reflection in the reference, if it has one. */
  refOf(reflection: Reflection | undefined): ApiRef | undefined;
  /** How a parameter is written: its name, or the destructuring pattern as declared. */
  parameterName(parameter: ParameterReflection): string;
}

/** Collects tokens, merging neighbouring plain text. */
export class TokenWriter {
  readonly tokens: ApiTokens = [];

  text(text: string): this {
    if (!text) return this;
    const last = this.tokens[this.tokens.length - 1];
    if (last && !last.ref) last.text += text;
    else this.tokens.push({ text });
    return this;
  }

  name(text: string, ref: ApiRef | undefined): this {
    if (!ref) return this.text(text);
    this.tokens.push({ text, ref });
    return this;
  }
}

/** Tokens of one type. */
export function typeTokens(type: SomeType | undefined, ctx: TokenContext): ApiTokens {
  const w = new TokenWriter();
  writeType(w, type, ctx, 'none');
  return w.tokens;
}

const FUNCTION_TYPE_PARENS = new Set<TypeContext>([
  'arrayElement',
  'unionElement',
  'intersectionElement',
  'conditionalCheck',
  'conditionalExtends',
  'indexedObject',
  'typeOperatorTarget',
  'optionalElement',
]);

function needsParens(type: SomeType, where: TypeContext): boolean {
  if (type.type === 'reflection' && isFunctionType(type.declaration)) return FUNCTION_TYPE_PARENS.has(where);
  return type.needsParenthesis(where);
}

function isFunctionType(declaration: DeclarationReflection): boolean {
  return !declaration.children?.length && !declaration.indexSignatures?.length && declaration.signatures?.length === 1;
}

export function writeType(w: TokenWriter, type: SomeType | undefined, ctx: TokenContext, where: TypeContext): void {
  if (!type) {
    w.text('any');
    return;
  }
  const parens = where !== 'none' && needsParens(type, where);
  if (parens) w.text('(');
  switch (type.type) {
    case 'intrinsic':
      w.text(type.name);
      break;
    case 'literal':
      w.text(literalText(type.value));
      break;
    case 'reference':
      writeReference(w, type, ctx);
      break;
    case 'array':
      writeType(w, type.elementType, ctx, 'arrayElement');
      w.text('[]');
      break;
    case 'tuple':
      w.text('[');
      type.elements.forEach((element, i) => {
        if (i > 0) w.text(', ');
        writeType(w, element, ctx, 'tupleElement');
      });
      w.text(']');
      break;
    case 'namedTupleMember':
      w.text(`${type.name}${type.isOptional ? '?' : ''}: `);
      writeType(w, type.element, ctx, 'tupleElement');
      break;
    case 'optional':
      writeType(w, type.elementType, ctx, 'optionalElement');
      w.text('?');
      break;
    case 'rest':
      w.text('...');
      writeType(w, type.elementType, ctx, 'restElement');
      break;
    case 'union':
      type.types.forEach((member, i) => {
        if (i > 0) w.text(' | ');
        writeType(w, member, ctx, 'unionElement');
      });
      break;
    case 'intersection':
      type.types.forEach((member, i) => {
        if (i > 0) w.text(' & ');
        writeType(w, member, ctx, 'intersectionElement');
      });
      break;
    case 'conditional':
      writeType(w, type.checkType, ctx, 'conditionalCheck');
      w.text(' extends ');
      writeType(w, type.extendsType, ctx, 'conditionalExtends');
      w.text(' ? ');
      writeType(w, type.trueType, ctx, 'conditionalTrue');
      w.text(' : ');
      writeType(w, type.falseType, ctx, 'conditionalFalse');
      break;
    case 'indexedAccess':
      writeType(w, type.objectType, ctx, 'indexedObject');
      w.text('[');
      writeType(w, type.indexType, ctx, 'indexedIndex');
      w.text(']');
      break;
    case 'inferred':
      w.text(`infer ${type.name}`);
      if (type.constraint) {
        w.text(' extends ');
        writeType(w, type.constraint, ctx, 'inferredConstraint');
      }
      break;
    case 'mapped': {
      w.text('{ ');
      if (type.readonlyModifier === '+') w.text('readonly ');
      else if (type.readonlyModifier === '-') w.text('-readonly ');
      w.text(`[${type.parameter} in `);
      writeType(w, type.parameterType, ctx, 'mappedParameter');
      if (type.nameType) {
        w.text(' as ');
        writeType(w, type.nameType, ctx, 'mappedName');
      }
      w.text(']');
      if (type.optionalModifier === '+') w.text('?');
      else if (type.optionalModifier === '-') w.text('-?');
      w.text(': ');
      writeType(w, type.templateType, ctx, 'mappedTemplate');
      w.text(' }');
      break;
    }
    case 'predicate':
      w.text(type.asserts ? `asserts ${type.name}` : type.name);
      if (type.targetType) {
        w.text(' is ');
        writeType(w, type.targetType, ctx, 'predicateTarget');
      }
      break;
    case 'query':
      w.text('typeof ');
      writeReference(w, type.queryType, ctx, true);
      break;
    case 'typeOperator':
      w.text(`${type.operator} `);
      writeType(w, type.target, ctx, 'typeOperatorTarget');
      break;
    case 'templateLiteral':
      w.text('`' + escapeTemplate(type.head));
      for (const [part, text] of type.tail) {
        w.text('${');
        writeType(w, part, ctx, 'templateLiteralElement');
        w.text('}' + escapeTemplate(text));
      }
      w.text('`');
      break;
    case 'reflection':
      writeDeclarationType(w, type.declaration, ctx);
      break;
    case 'unknown':
      w.text(type.name);
      break;
    default:
      w.text(String((type as SomeType).toString()));
  }
  if (parens) w.text(')');
}

function literalText(value: string | number | boolean | bigint | null): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

function escapeTemplate(text: string): string {
  return text.replace(/[`\\]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${');
}

function writeReference(w: TokenWriter, type: ReferenceType, ctx: TokenContext, valueQuery = false): void {
  const target = type.refersToTypeParameter ? undefined : type.reflection;
  const ref = target ? ctx.refOf(target) : undefined;
  w.name(referenceName(type, target !== undefined, valueQuery), ref);
  const args = type.typeArguments;
  if (args && args.length > 0) {
    w.text('<');
    args.forEach((arg, i) => {
      if (i > 0) w.text(', ');
      writeType(w, arg, ctx, 'referenceTypeArgument');
    });
    w.text('>');
  }
}

/**
 * The name as it reads in code. Names from other packages keep one level of namespace when
 * TypeDoc's qualified name has several (`React.JSX.Element` reads `JSX.Element`, not `Element`).
 */
function referenceName(type: ReferenceType, inProject: boolean, valueQuery: boolean): string {
  if (inProject || type.refersToTypeParameter || valueQuery) return type.name;
  const qualified = type.qualifiedName;
  if (!qualified || qualified === type.name || type.name.includes('.')) return type.name;
  const parts = qualified.split('.');
  if (parts.length >= 3 && parts[parts.length - 1] === type.name && parts[0] !== 'global') {
    return parts.slice(-2).join('.');
  }
  return type.name;
}

/** An object or function type: `(a: A) => R`, `{ a: A; m(): R }`; `indent` gives one member per line. */
export function writeDeclarationType(w: TokenWriter, declaration: DeclarationReflection, ctx: TokenContext, indent?: string): void {
  if (indent === undefined && isFunctionType(declaration)) {
    const signature = declaration.signatures![0]!;
    if (signature.kind === ctx.kinds.ConstructorSignature) w.text('new ');
    writeTypeParameters(w, signature.typeParameters, ctx);
    writeParameters(w, signature.parameters, ctx);
    w.text(' => ');
    writeType(w, signature.type, ctx, 'none');
    return;
  }
  const members: ((w: TokenWriter) => void)[] = [];
  for (const signature of declaration.signatures ?? []) {
    members.push((w) => {
      if (signature.kind === ctx.kinds.ConstructorSignature) w.text('new ');
      writeCallSignature(w, signature, ctx);
    });
  }
  for (const signature of declaration.indexSignatures ?? []) {
    members.push((w) => writeIndexSignature(w, signature, ctx));
  }
  for (const child of declaration.children ?? []) {
    for (const line of objectMemberWriters(child, ctx)) members.push(line);
  }
  if (members.length === 0) {
    w.text('{}');
    return;
  }
  if (indent === undefined) {
    w.text('{ ');
    members.forEach((member, i) => {
      if (i > 0) w.text('; ');
      member(w);
    });
    w.text(' }');
    return;
  }
  w.text('{\n');
  for (const member of members) {
    w.text(`${indent}  `);
    member(w);
    w.text(';\n');
  }
  w.text(`${indent}}`);
}

/** Members of an object type literal, one writer per line. */
function objectMemberWriters(child: DeclarationReflection, ctx: TokenContext): ((w: TokenWriter) => void)[] {
  const name = propertyName(child.name);
  const optional = child.flags.isOptional ? '?' : '';
  if (child.kindOf(ctx.kinds.Method) || (child.signatures?.length && !child.type)) {
    return (child.signatures ?? []).map((signature) => (w: TokenWriter) => {
      w.text(`${name}${optional}`);
      writeCallSignature(w, signature, ctx);
    });
  }
  if (child.kindOf(ctx.kinds.Accessor)) {
    const lines: ((w: TokenWriter) => void)[] = [];
    const getter = child.getSignature;
    const setter = child.setSignature;
    if (getter) {
      lines.push((w) => {
        w.text(`get ${name}(): `);
        writeType(w, getter.type, ctx, 'none');
      });
    }
    if (setter) {
      lines.push((w) => {
        w.text(`set ${name}`);
        writeParameters(w, setter.parameters, ctx);
      });
    }
    return lines;
  }
  return [
    (w) => {
      w.text(`${child.flags.isReadonly ? 'readonly ' : ''}${name}${optional}: `);
      writeType(w, child.type, ctx, 'none');
    },
  ];
}

function writeIndexSignature(w: TokenWriter, signature: SignatureReflection, ctx: TokenContext): void {
  const parameter = signature.parameters?.[0];
  if (signature.flags.isReadonly) w.text('readonly ');
  w.text(`[${parameter?.name ?? 'key'}: `);
  writeType(w, parameter?.type, ctx, 'none');
  w.text(']: ');
  writeType(w, signature.type, ctx, 'none');
}

/** `<T>(a: A): R` */
export function writeCallSignature(w: TokenWriter, signature: SignatureReflection, ctx: TokenContext, withReturn = true): void {
  writeTypeParameters(w, signature.typeParameters, ctx);
  writeParameters(w, signature.parameters, ctx);
  if (withReturn) {
    w.text(': ');
    writeType(w, signature.type, ctx, 'none');
  }
}

export function writeTypeParameters(w: TokenWriter, parameters: TypeParameterReflection[] | undefined, ctx: TokenContext): void {
  if (!parameters || parameters.length === 0) return;
  w.text('<');
  parameters.forEach((parameter, i) => {
    if (i > 0) w.text(', ');
    if (parameter.flags.isConst) w.text('const ');
    if (parameter.varianceModifier) w.text(`${parameter.varianceModifier} `);
    w.text(parameter.name);
    if (parameter.type) {
      w.text(' extends ');
      writeType(w, parameter.type, ctx, 'none');
    }
    if (parameter.default) {
      w.text(' = ');
      writeType(w, parameter.default, ctx, 'none');
    }
  });
  w.text('>');
}

export function writeParameters(w: TokenWriter, parameters: ParameterReflection[] | undefined, ctx: TokenContext): void {
  w.text('(');
  (parameters ?? []).forEach((parameter, i) => {
    if (i > 0) w.text(', ');
    const rest = parameter.flags.isRest;
    w.text(`${rest ? '...' : ''}${ctx.parameterName(parameter)}${parameter.flags.isOptional && !rest ? '?' : ''}`);
    if (parameter.type) {
      w.text(': ');
      writeType(w, parameter.type, ctx, 'none');
    }
    if (parameter.defaultValue && !parameter.flags.isOptional && parameter.defaultValue !== '...') {
      w.text(` = ${parameter.defaultValue}`);
    }
  });
  w.text(')');
}

/** A property name as written in code: quoted unless it is an identifier (or a computed `[name]`). */
export function propertyName(name: string): string {
  if (/^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name) || /^\[.*\]$/.test(name) || /^\d+$/.test(name)) return name;
  return JSON.stringify(name);
}
