/** The MDX compiler stage: one processor and one highlighter per compiler, one `compile` call per page. */
import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import type { TocItem } from '../shared/types';
import { toCompileError } from './compile-error';
import { createCodeHighlighter, type CodeThemes } from './highlighter';
import { preprocessMarkdown } from './preprocess';
import { remarkAdmonitions } from './remark-admonitions';
import { remarkCodeBlocks } from './remark-code-blocks';
import { remarkHeadingIds } from './remark-heading-ids';
import { remarkLinks } from './remark-links';
import { remarkLocalImages } from './remark-local-images';
import { remarkUnusedDirectives } from './remark-unused-directives';
import { createFacts, type MarkdownLink, type MdLinkRef } from './types';

export type { MarkdownLink, MdLinkRef } from './types';

export interface MdxCompilerOptions {
  /** Shiki theme names, e.g. `github-light` and `dracula`. */
  codeThemes: CodeThemes;
  /**
   * The site's public URL (`https://lexical.dev`). Links and images that point at it become
   * site-relative, so they are served by this build and checked like any internal link.
   */
  siteUrl?: string;
}

export interface CompileInput {
  /** The whole file, front matter included (skipped here, parsed by the caller). */
  source: string;
  /** Path to name in errors, used as is. */
  file: string;
}

export interface CompileResult {
  /** ESM program whose default export is `MDXContent(props)`; MDX imports are kept as written. */
  code: string;
  /** Plain text of the first H1, if any. */
  title?: string;
  toc: TocItem[];
  anchors: string[];
  links: MarkdownLink[];
  /** Links to .md/.mdx files, replaced in `code` by `docsite-md://<index>`. */
  mdLinks: MdLinkRef[];
}

export interface MdxCompiler {
  compile(input: CompileInput): Promise<CompileResult>;
}

export function createMdxCompiler(options: MdxCompilerOptions): MdxCompiler {
  const highlighter = createCodeHighlighter(options.codeThemes);
  // Plugins keep no state between files (per-page state lives in the VFile), so one processor serves every page.
  const processor = createProcessor({
    format: 'mdx',
    outputFormat: 'program',
    jsxImportSource: 'react',
    development: false,
    remarkPlugins: [
      remarkFrontmatter,
      remarkGfm,
      remarkDirective,
      remarkAdmonitions,
      remarkUnusedDirectives,
      remarkHeadingIds,
      [remarkCodeBlocks, { highlighter }],
      [remarkLinks, { siteUrl: options.siteUrl }],
      remarkLocalImages,
    ],
  });

  return {
    async compile({ source, file }) {
      const preprocessed = preprocessMarkdown(source);
      const facts = createFacts();
      let code: string;
      try {
        const output = await processor.process({ value: preprocessed.text, path: file, data: { docsite: facts } });
        code = String(output.value);
      } catch (error) {
        throw toCompileError(error, { source, file, preprocessed });
      }
      // Plugins saw the preprocessed text; report columns of the file the author wrote.
      const original = <T extends { line: number; column: number }>(item: T): T => ({
        ...item,
        column: preprocessed.originalColumn(item.line, item.column),
      });
      const result: CompileResult = {
        code,
        toc: facts.toc,
        anchors: [...new Set(facts.anchors)],
        links: facts.links.map(original),
        mdLinks: facts.mdLinks.map(original),
      };
      if (facts.title !== undefined) result.title = facts.title;
      return result;
    },
  };
}
