// Small pure helpers for the API reference components: display names, labels, deprecation checks.
import type { ApiCommentView, ApiMemberView } from '../../src/shared/api-views';

/** Kinds of members shown with call parentheses in their heading (`getKey()`). */
const CALLABLE_KINDS: ReadonlySet<ApiMemberView['kind']> = new Set(['function', 'method', 'constructor']);

/** The name a member heading shows: callables get `()`, everything else its bare name. */
export function memberDisplayName(member: Pick<ApiMemberView, 'kind' | 'name'>): string {
  return CALLABLE_KINDS.has(member.kind) ? `${member.name}()` : member.name;
}

export function isDeprecated(comment: ApiCommentView | undefined): boolean {
  return comment?.deprecatedHtml !== undefined;
}

/** A member is deprecated when its own comment says so, or when every one of its signatures does. */
export function isMemberDeprecated(member: ApiMemberView): boolean {
  if (isDeprecated(member.comment)) return true;
  return member.signatures.length > 0 && member.signatures.every((signature) => isDeprecated(signature.comment));
}

/** A readable label for a block tag: `@defaultValue` reads "Default value", `@remarks` "Remarks". */
export function blockTagLabel(tag: string): string {
  const words = tag
    .replace(/^@/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return 'Note';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether a trusted HTML string would render anything at all. */
export function hasHtml(html: string | undefined): html is string {
  return html !== undefined && html.trim() !== '';
}
