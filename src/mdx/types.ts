/** Per-document facts the remark plugins gather while compiling, and the shapes the compiler returns. */
import type { VFile } from 'vfile';
import type { TocItem } from '../shared/types';
import type { KeptHighlights } from './highlighter';

export interface MarkdownLink {
  url: string;
  line: number;
  column: number;
}

export interface MdLinkRef {
  index: number;
  /** The link path as written, without the `#hash`. */
  target: string;
  /** The hash without `#`, or '' when there is none. */
  hash: string;
  line: number;
  column: number;
}

/** A module the page imports, and where its specifier is written (1-based line and column). */
export interface SourceImport {
  specifier: string;
  line: number;
  column: number;
}

export interface DocumentFacts {
  title?: string;
  toc: TocItem[];
  anchors: string[];
  links: MarkdownLink[];
  mdLinks: MdLinkRef[];
  imports: SourceImport[];
  /** Where each JSX name (the `a` of `<a.B>`) is first written. */
  jsxNames: Record<string, { line: number; column: number }>;
  /** Names the compiled page looks up in `props.components`: neither imported nor defined on the page. */
  componentLookups: string[];
  /** The store keys of the page's highlighted code blocks, in page order. */
  highlights: string[];
}

declare module 'vfile' {
  interface DataMap {
    docsite: DocumentFacts;
    /** Where the compiler was told to keep the page's coloured code blocks. */
    docsiteHighlights: Omit<KeptHighlights, 'used'> | undefined;
  }
}

export function createFacts(): DocumentFacts {
  return { toc: [], anchors: [], links: [], mdLinks: [], imports: [], jsxNames: {}, componentLookups: [], highlights: [] };
}

/** The facts object of the file being compiled; plugins write into it, the compiler reads it back. */
export function factsOf(file: VFile): DocumentFacts {
  file.data.docsite ??= createFacts();
  return file.data.docsite;
}
