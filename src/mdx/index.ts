/** Public API of the MDX stage. */
export { createMdxCompiler } from './compiler';
export type { CompileInput, CompileResult, MdxCompiler, MdxCompilerOptions, MarkdownLink, MdLinkRef } from './compiler';
export { MD_LINK_SCHEME } from './md-links';
