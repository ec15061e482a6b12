/**
 * What an API reference page hands to the theme: the model of src/api/model.ts with code already
 * highlighted and comments already turned into HTML at build time, and every target already a URL.
 * All `*Html` strings are trusted HTML made by docsite (shiki output, markdown rendered by docsite).
 */

export interface ApiLinkView {
  name: string;
  /** Absent when the target has no page in the reference. */
  href?: string;
}

export interface ApiCommentView {
  summaryHtml: string;
  examplesHtml: string[];
  seeHtml: string[];
  /** Present when deprecated; `''` when no reason was given. */
  deprecatedHtml?: string;
  returnsHtml?: string;
  other: { tag: string; html: string }[];
}

export interface ApiTypeParameterView {
  name: string;
  /** Inline code with links, e.g. `<code class="api-type">…<a href>…</a></code>`. */
  constraintHtml?: string;
  defaultHtml?: string;
  commentHtml?: string;
}

export interface ApiParameterView {
  name: string;
  typeHtml: string;
  optional: boolean;
  rest: boolean;
  defaultValue?: string;
  commentHtml?: string;
}

export interface ApiSignatureView {
  /** A highlighted `<pre class="shiki">` block in which referenced types with pages are links. */
  codeHtml: string;
  typeParameters: ApiTypeParameterView[];
  parameters: ApiParameterView[];
  returnsHtml?: string;
  comment?: ApiCommentView;
}

export type ApiMemberKindView = 'function' | 'typeAlias' | 'variable' | 'constructor' | 'property' | 'accessor' | 'method';

export interface ApiMemberView {
  kind: ApiMemberKindView;
  name: string;
  /** The id of the member's heading. */
  anchor: string;
  signatures: ApiSignatureView[];
  comment?: ApiCommentView;
  flags: { static?: boolean; optional?: boolean; readonly?: boolean; abstract?: boolean; protected?: boolean };
  inheritedFrom?: ApiLinkView;
  /** "Defined in": declaration file relative to node_modules and the line. */
  source?: { file: string; line: number; url?: string };
}

export interface ApiSummaryLinkView extends ApiLinkView {
  href: string;
  /** First paragraph of the comment, HTML; may be empty. */
  summaryHtml: string;
  deprecated?: boolean;
}

export interface ApiModulePageView {
  type: 'module';
  name: string;
  packageName: string;
  packageVersion: string;
  comment?: ApiCommentView;
  classes: ApiSummaryLinkView[];
  interfaces: ApiSummaryLinkView[];
  functions: ApiMemberView[];
  typeAliases: ApiMemberView[];
  variables: ApiMemberView[];
}

export interface ApiClassPageView {
  type: 'class' | 'interface';
  name: string;
  module: ApiLinkView & { href: string };
  comment?: ApiCommentView;
  typeParameters: ApiTypeParameterView[];
  /** Ancestors as inline code with links, nearest first. */
  extendsHtml: string[];
  implementsHtml: string[];
  extendedBy: ApiLinkView[];
  implementedBy: ApiLinkView[];
  /** Non-empty groups only, in this order: Constructors, Properties, Accessors, Methods. */
  groups: { title: 'Constructors' | 'Properties' | 'Accessors' | 'Methods'; members: ApiMemberView[] }[];
  source?: { file: string; line: number; url?: string };
}

/** The table of contents page (`/docs/api/modules`). */
export interface ApiIndexPageView {
  type: 'index';
  modules: ApiSummaryLinkView[];
}

export type ApiPageView = ApiModulePageView | ApiClassPageView | ApiIndexPageView;
