/**
 * The API reference model: what docsite keeps of a TypeDoc project. Plain JSON (it is cached on
 * disk), with every cross-reference already resolved to a target inside the reference.
 *
 * A target (`ApiRef`) is the page path under the API base plus an optional anchor, exactly as the
 * URL will read: `classes/lexical.ElementNode`, `interfaces/lexical.BaseSelection`,
 * `modules/lexical#getroot`, `classes/lexical.ElementNode#append`.
 */

import { slug as githubSlug } from 'github-slugger';

/** Bump when the model's shape or its anchors change, so models cached on disk are made again. */
export const API_MODEL_VERSION = 3;

export type ApiRef = string;

/** Code as a list of pieces; a piece that names something with a page carries its target. */
export type ApiTokens = { text: string; ref?: ApiRef }[];

export interface ApiComment {
  /**
   * The summary as markdown. `{@link X}` / `@see` references that resolve are markdown links whose
   * URL is `api:<ApiRef>`; ones that do not resolve are inline code.
   */
  summary: string;
  /** `@example` bodies, markdown (usually fenced code). */
  examples: string[];
  /** `@see` entries, markdown. */
  see: string[];
  /** Markdown of `@deprecated`; `''` when deprecated without a reason; absent when not deprecated. */
  deprecated?: string;
  /** Markdown of `@returns`. */
  returns?: string;
  /** Other block tags, e.g. `@remarks`, `@since`, `@experimental` (name without `@`), markdown. */
  other: { tag: string; content: string }[];
}

export interface ApiTypeParameter {
  name: string;
  constraint?: ApiTokens;
  default?: ApiTokens;
  /** Markdown. */
  comment?: string;
}

export interface ApiParameter {
  name: string;
  type: ApiTokens;
  optional: boolean;
  rest: boolean;
  defaultValue?: string;
  /** Markdown. */
  comment?: string;
}

export interface ApiSignature {
  /** The whole signature as it would be written in a .d.ts, e.g. `function $getRoot(): RootNode`. */
  code: ApiTokens;
  typeParameters: ApiTypeParameter[];
  parameters: ApiParameter[];
  returns?: ApiTokens;
  comment?: ApiComment;
}

export interface ApiSource {
  /** Declaration file relative to node_modules, e.g. `lexical/nodes/LexicalElementNode.d.ts`. */
  file: string;
  line: number;
  /** Where the site's `apiDocs.sourceLink` template points for this declaration (set after extraction). */
  url?: string;
}

export type ApiMemberKind = 'function' | 'typeAlias' | 'variable' | 'constructor' | 'property' | 'accessor' | 'method';

export interface ApiMember {
  kind: ApiMemberKind;
  name: string;
  /** Lower-cased name without `$` (and `constructor` for constructors): `getroot`. Unique per page. */
  anchor: string;
  /** Functions, methods and constructors: one per overload. Other kinds: one, the declaration. */
  signatures: ApiSignature[];
  /** Comment of the declaration itself (signatures may carry their own). */
  comment?: ApiComment;
  flags: { static?: boolean; optional?: boolean; readonly?: boolean; abstract?: boolean; protected?: boolean };
  /** For class/interface members declared by an ancestor: where it comes from. */
  inheritedFrom?: { name: string; ref?: ApiRef };
  source?: ApiSource;
}

export interface ApiClassLike {
  kind: 'class' | 'interface';
  name: string;
  /** Page key: `<module_id>.<Name>`, e.g. `lexical.ElementNode`. */
  id: string;
  comment?: ApiComment;
  typeParameters: ApiTypeParameter[];
  extends: ApiTokens[];
  implements: ApiTokens[];
  /** Direct subclasses / sub-interfaces that are in the reference. */
  extendedBy: { name: string; ref?: ApiRef }[];
  implementedBy: { name: string; ref?: ApiRef }[];
  /** Constructor first, then properties, accessors and methods, each group sorted by name. */
  members: ApiMember[];
  source?: ApiSource;
}

export interface ApiModule {
  /** The module name with every non-word character turned into `_`, no leading `_`: `lexical_react_LexicalComposer`. */
  id: string;
  /** As imported: `lexical`, `@lexical/rich-text`, `@lexical/react/LexicalComposer`. */
  name: string;
  /** The npm package the module belongs to: `@lexical/react`. */
  packageName: string;
  packageVersion: string;
  comment?: ApiComment;
  classes: ApiClassLike[];
  interfaces: ApiClassLike[];
  functions: ApiMember[];
  typeAliases: ApiMember[];
  variables: ApiMember[];
}

export interface ApiModel {
  version: typeof API_MODEL_VERSION;
  /** Sorted by name. */
  modules: ApiModule[];
}

/** `@lexical/react/LexicalComposer` -> `lexical_react_LexicalComposer`. */
export function moduleId(name: string): string {
  return name.replace(/\W/g, '_').replace(/^_+/, '');
}

/**
 * A member's anchor, slugged as headings are: `$getRoot` -> `getroot`, `[iterator]` -> `iterator`
 * (brackets are not allowed in a URL's fragment).
 */
export function memberAnchor(name: string): string {
  return githubSlug(name) || 'member';
}
