/**
 * TypeDoc comments as markdown: display parts joined, `{@link}`s that resolve turned into
 * `[text](api:<ref>)` links and the others into inline code, block tags sorted into ApiComment.
 */
import type { Comment, CommentDisplayPart, Reflection } from 'typedoc';
import type { ApiComment, ApiRef } from './model';

export interface CommentContext {
  refOf(reflection: Reflection | undefined): ApiRef | undefined;
  /** Resolves a bare name written in `@see` (`Foo`, `Foo.bar`, `Foo#bar`), looked up from the comment's module. */
  refOfName(name: string): ApiRef | undefined;
}

/** Block tags that end up elsewhere (parameters, type parameters) or carry no content of their own. */
const HANDLED_BLOCK_TAGS = new Set([
  '@example',
  '@see',
  '@deprecated',
  '@returns',
  '@return',
  '@param',
  '@typeParam',
  '@template',
  '@inheritDoc',
  '@module',
  '@packageDocumentation',
  '@category',
  '@categoryDescription',
  '@group',
  '@groupDescription',
  '@privateRemarks',
  '@document',
  '@import',
]);

/** Modifier tags that only steer TypeDoc (or are shown through flags), not worth a line on a page. */
const QUIET_MODIFIER_TAGS = new Set([
  '@hidden',
  '@ignore',
  '@internal',
  '@inline',
  '@inlineType',
  '@hideconstructor',
  '@class',
  '@enum',
  '@event',
  '@function',
  '@interface',
  '@namespace',
  '@overload',
  '@override',
  '@virtual',
  '@public',
  '@private',
  '@protected',
  '@readonly',
  '@abstract',
  '@packageDocumentation',
  '@primaryExport',
  '@showCategories',
  '@hideCategories',
  '@showGroups',
  '@hideGroups',
  '@disableGroups',
  '@expand',
  '@preventExpand',
  '@preventInline',
  '@useDeclaredType',
  '@includeCode',
  '@noInheritDoc',
]);

/** Display parts as markdown. */
export function partsToMarkdown(parts: readonly CommentDisplayPart[] | undefined, ctx: CommentContext): string {
  if (!parts) return '';
  let out = '';
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
      case 'code':
        out += part.text;
        break;
      case 'inline-tag':
        out += inlineTag(part.tag, part.text, part.target, ctx);
        break;
      case 'relative-link':
        out += part.text;
        break;
    }
  }
  return out.trim();
}

function inlineTag(tag: string, text: string, target: unknown, ctx: CommentContext): string {
  if (tag !== '@link' && tag !== '@linkcode' && tag !== '@linkplain') return text;
  // `{@link pkg!name}` reads `name`: the module part is how the reference was written, not a label.
  const label = text.trim().replace(/^[^\s!|]+!(?=\S+$)/, '');
  if (typeof target === 'string') {
    return tag === '@linkcode' ? `[\`${label}\`](${target})` : `[${escapeLabel(label)}](${target})`;
  }
  const ref = isReflection(target) ? ctx.refOf(target) : undefined;
  if (!ref) return inlineCode(label);
  return tag === '@linkplain' ? `[${escapeLabel(label)}](api:${ref})` : `[${tag === '@linkcode' ? inlineCode(label) : escapeLabel(label)}](api:${ref})`;
}

function isReflection(value: unknown): value is Reflection {
  return typeof value === 'object' && value !== null && 'kind' in value && 'project' in value && typeof (value as { id?: unknown }).id === 'number';
}

function escapeLabel(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1');
}

export function inlineCode(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  const pad = ticks.length > 1 ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

/** A whole comment; undefined when it holds nothing to show. */
export function convertComment(comment: Comment | undefined, ctx: CommentContext): ApiComment | undefined {
  if (!comment) return undefined;
  const result: ApiComment = { summary: partsToMarkdown(comment.summary, ctx), examples: [], see: [], other: [] };
  for (const tag of comment.blockTags) {
    switch (tag.tag) {
      case '@example':
        result.examples.push(partsToMarkdown(tag.content, ctx));
        break;
      case '@see':
        for (const entry of splitSeeEntries(tag.content)) result.see.push(seeToMarkdown(entry, ctx));
        break;
      case '@deprecated':
        result.deprecated = partsToMarkdown(tag.content, ctx);
        break;
      case '@returns':
      case '@return':
        result.returns = partsToMarkdown(tag.content, ctx);
        break;
      default:
        if (!HANDLED_BLOCK_TAGS.has(tag.tag)) result.other.push({ tag: tag.tag.slice(1), content: partsToMarkdown(tag.content, ctx) });
    }
  }
  for (const tag of [...comment.modifierTags].sort()) {
    if (tag === '@deprecated') result.deprecated ??= '';
    else if (!QUIET_MODIFIER_TAGS.has(tag)) result.other.push({ tag: tag.slice(1), content: '' });
  }
  const empty =
    !result.summary &&
    result.examples.length === 0 &&
    result.see.length === 0 &&
    result.deprecated === undefined &&
    result.returns === undefined &&
    result.other.length === 0;
  return empty ? undefined : result;
}

/**
 * TypeDoc merges several `@see` tags into one list (` - ` before each entry, a newline after);
 * the model keeps one entry per tag.
 */
function splitSeeEntries(parts: readonly CommentDisplayPart[]): CommentDisplayPart[][] {
  const isText = (part: CommentDisplayPart | undefined, text: string) => part?.kind === 'text' && part.text === text;
  if (!isText(parts[0], ' - ') || !isText(parts[parts.length - 1], '\n')) return [[...parts]];
  const entries: CommentDisplayPart[][] = [];
  let current: CommentDisplayPart[] = [];
  parts.forEach((part, i) => {
    if (isText(part, ' - ') && (i === 0 || isText(parts[i - 1], '\n'))) {
      current = [];
      entries.push(current);
    } else if (isText(part, '\n') && (i === parts.length - 1 || isText(parts[i + 1], ' - '))) {
      // end of an entry
    } else {
      current.push(part);
    }
  });
  return entries;
}

/** `@see Foo` written without `{@link}` still links when `Foo` names something in the reference. */
function seeToMarkdown(parts: readonly CommentDisplayPart[], ctx: CommentContext): string {
  if (parts.length === 1 && parts[0]!.kind === 'text') {
    const text = parts[0]!.text.trim();
    if (/^[\p{ID_Start}$_][\p{ID_Continue}$]*(?:[.#][\p{ID_Start}$_][\p{ID_Continue}$]*)*(?:\(\))?$/u.test(text)) {
      const ref = ctx.refOfName(text.replace(/\(\)$/, ''));
      return ref ? `[${text}](api:${ref})` : inlineCode(text);
    }
  }
  return partsToMarkdown(parts, ctx);
}

/** The summary of a comment as markdown, for parameters and type parameters. */
export function summaryMarkdown(comment: Comment | undefined, ctx: CommentContext): string | undefined {
  if (!comment) return undefined;
  const text = partsToMarkdown(comment.summary, ctx);
  return text || undefined;
}
