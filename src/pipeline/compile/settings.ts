/** What of a site's config the compiler takes: its options, the components pages use without importing them, and the markdown preprocessor. */
import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../../config/load';
import { DocsiteError } from '../../core/errors';
import type { MdxCompilerOptions } from '../../mdx';

/**
 * The capitalized keys of `mdxComponents` in theme/mdx-components.tsx: what a page may use without
 * importing it. test/mdx/mdx-references.test.ts keeps the two lists in step.
 */
export const THEME_MDX_COMPONENTS = ['Admonition', 'CodeBlock', 'Details', 'TabItem', 'Tabs'];

/**
 * What of the config changes compiled output: the code themes, the site's own URL, the markdown
 * settings. A loopback URL (the default `http://localhost:3000` of a site without a config) is
 * nobody's published address, so links to it stay external links.
 */
export function compilerOptions(config: ResolvedConfig): MdxCompilerOptions {
  const { markdown } = config.site;
  return {
    codeThemes: config.site.codeThemes,
    ...(isLoopbackUrl(config.site.url) ? {} : { siteUrl: config.site.url }),
    providedComponents: THEME_MDX_COMPONENTS,
    ...(markdown.format !== 'mdx' ? { format: markdown.format } : {}),
    ...(markdown.mermaid ? { mermaid: true } : {}),
  };
}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/**
 * The site's `markdown.preprocessor` as the compile stage applies it, with a key that changes with
 * the function's code; each page's result is kept under the digest of the text it returned (see
 * compileSources). Undefined when the site has none.
 */
export function markdownPreprocessor(config: ResolvedConfig): MarkdownPreprocessor | undefined {
  const preprocessor = config.site.markdown.preprocessor;
  if (!preprocessor) return undefined;
  return {
    key: createHash('sha256').update(String(preprocessor)).digest('hex'),
    apply(file, text) {
      let result: unknown;
      try {
        result = preprocessor({ filePath: file, fileContent: text });
      } catch (error) {
        throw new DocsiteError({
          code: 'MARKDOWN_PREPROCESSOR_FAILED',
          message: `markdown.preprocessor threw on ${file}: ${(error as Error)?.message ?? String(error)}`,
          hint: 'Fix the preprocessor in site.config.ts; it receives { filePath, fileContent } and returns the text to compile.',
          loc: { file },
          cause: error,
        });
      }
      if (typeof result !== 'string') {
        throw new DocsiteError({
          code: 'MARKDOWN_PREPROCESSOR_FAILED',
          message: `markdown.preprocessor returned ${result === null ? 'null' : typeof result} for ${file}, not the text to compile.`,
          hint: 'Return a string from the preprocessor in site.config.ts (the fileContent it was given, changed or not).',
          loc: { file },
        });
      }
      return result;
    },
  };
}

export interface MarkdownPreprocessor {
  /** Digest of the function's code. */
  key: string;
  /** The text to compile for `file` (relative to the site folder). */
  apply(file: string, text: string): string;
}
