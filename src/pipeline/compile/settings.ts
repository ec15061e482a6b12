/** What of a site's config the compiler takes: its options, the components pages use without importing them, and the markdown preprocessor. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/load';
import { hasSitePlugins } from '../../config/site-plugins';
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
 * nobody's published address, so links to it stay external links; so do a Docusaurus site's links
 * to its own URL, which Docusaurus leaves as written and does not check.
 */
export function compilerOptions(config: ResolvedConfig): MdxCompilerOptions {
  const { markdown } = config.site;
  return {
    codeThemes: config.site.codeThemes,
    ...(isLoopbackUrl(config.site.url) || config.layout.kind === 'docusaurus' ? {} : { siteUrl: config.site.url }),
    providedComponents: THEME_MDX_COMPONENTS,
    ...(markdown.format !== 'mdx' ? { format: markdown.format } : {}),
    ...(markdown.mermaid ? { mermaid: true } : {}),
    ...(markdown.magicComments ? { magicComments: markdown.magicComments } : {}),
    ...(config.layout.kind === 'docusaurus' ? { sitePaths: true } : {}),
    ...(config.configFile && hasSitePlugins(config.site) ? { sitePlugins: sitePluginsOf(config, config.configFile) } : {}),
  };
}

const pluginDigests = new WeakMap<ResolvedConfig, string>();

/**
 * Where a compile thread loads the site's own plugins from, and a digest of the config and the
 * site's modules it imports (its plugin files among them): a change to any of them changes the
 * key of every page's result, so no page is served compiled with other plugins. Stylesheets the
 * config names are not code and stay out.
 */
function sitePluginsOf(config: ResolvedConfig, configFile: string): NonNullable<MdxCompilerOptions['sitePlugins']> {
  let digest = pluginDigests.get(config);
  if (digest === undefined) {
    const hash = createHash('sha256');
    for (const file of config.inputs.filter((input) => !/\.css$/i.test(input)).sort()) {
      hash.update(`${path.relative(config.siteDir, file)}\0`);
      try {
        hash.update(readFileSync(file));
      } catch {
        hash.update('(unreadable)');
      }
    }
    digest = hash.digest('hex').slice(0, 32);
    pluginDigests.set(config, digest);
  }
  return { configFile, siteDir: config.siteDir, cacheDir: path.join(config.cacheDir, 'config'), digest };
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
