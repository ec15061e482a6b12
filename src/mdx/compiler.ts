/** The MDX compiler stage: one processor and one highlighter per compiler, one `compile` call per page. */
import { createProcessor, type ProcessorOptions } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import type RehypeRaw from 'rehype-raw';
import remarkGfm from 'remark-gfm';
import type { TocItem } from '../shared/types';
import type { PluginLists, PluginSection, SitePluginsSource } from '../config/site-plugins';
import { codeFrame, DocsiteError } from '../core/errors';
import { toCompileError } from './compile-error';
import type { MagicComment } from './code-meta';
import { createCodeHighlighter, type CodeThemes, type KeptHighlights } from './highlighter';
import { preprocessMarkdown } from './preprocess';
import { remarkAdmonitions } from './remark-admonitions';
import { remarkCodeBlocks } from './remark-code-blocks';
import { remarkHeadingIds } from './remark-heading-ids';
import { remarkLinks } from './remark-links';
import { markdownLinkUses } from './md-links';
import { withImportPositions } from './import-positions';
import { NESTING_LIMIT, NestingTooDeep, nestingBeyondLimit, remarkNestingLimit } from './nesting';
import { recmaComponentLookups, remarkReferences } from './references';
import { remarkLocalImages } from './remark-local-images';
import { remarkSitePaths } from './remark-site-paths';
import { remarkMermaid } from './remark-mermaid';
import { remarkNpm2yarn } from './remark-npm2yarn';
import { remarkUnusedDirectives } from './remark-unused-directives';
import { createFacts, type MarkdownLink, type MdLinkRef } from './types';

export type { MarkdownLink, MdLinkRef } from './types';

type PluggableList = NonNullable<ProcessorOptions['remarkPlugins']>;
type Pluggable = PluggableList[number];

export interface MdxCompilerOptions {
  /** Shiki theme names, e.g. `github-light` and `dracula`. */
  codeThemes: CodeThemes;
  /**
   * The site's public URL (`https://lexical.dev`). Links and images that point at it become
   * site-relative, so they are served by this build and checked like any internal link.
   */
  siteUrl?: string;
  /**
   * The components the theme hands to every page (`Tabs`, `Admonition`, ...). When given, a JSX
   * name that is neither one of these nor imported or defined by the page is a compile error.
   */
  providedComponents?: string[];
  /**
   * Docusaurus's `markdown.format`: `mdx` (the default) compiles every file as MDX, `md` every file
   * as CommonMark, `detect` `.md` files as CommonMark and `.mdx` files as MDX.
   */
  format?: 'mdx' | 'md' | 'detect';
  /** Docusaurus's `markdown.mermaid`: ```mermaid fences become diagrams. */
  mermaid?: boolean;
  /** The site's own kinds of magic comment in code blocks (Docusaurus's `prism.magicComments`). */
  magicComments?: MagicComment[];
  /** Links and images written with a site path get the base URL of the page's locale (see remark-site-paths.ts), as in Docusaurus. */
  sitePaths?: boolean;
  /**
   * The site has remark, rehype or recma plugins of its own: the compiler loads the config again
   * from here to get them. `digest` changes with the config and the site's modules it imports.
   */
  sitePlugins?: SitePluginsSource & { digest: string };
}

export interface CompileInput {
  /** The whole file, front matter included (skipped here, parsed by the caller). */
  source: string;
  /** Path to name in errors, used as is. */
  file: string;
  /** A file imported from another (a partial): its user may pass it components, so none are checked. */
  partial?: boolean;
  /**
   * The part of the site the page belongs to, whose own plugins run on it; a file compiled without
   * one (a partial a page imports) takes the docs' plugins, as partials mostly sit in the docs.
   */
  section?: PluginSection;
  /** Where the page's coloured code blocks are looked up and filed; their keys come back in `highlights`. */
  highlights?: Omit<KeptHighlights, 'used'>;
  /** Also make a source map of the code (to find where in the file a page threw; not made on the way to a page that builds). */
  sourceMap?: boolean;
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
  /**
   * The index of each `docsite-md://<index>` in `code`, in the order they come (a link reference
   * shows its definition's index as often as it is used), so links are resolved without reading
   * the code; results stored before it was kept have none, and theirs is read from the code.
   */
  mdLinkUses?: number[];
  /**
   * The store keys of the page's code blocks, when the input named a store: the entries the compile
   * stage keeps when it tidies the store.
   */
  highlights?: string[];
  /** The code's source map, when asked for. */
  map?: object;
}

export interface MdxCompiler {
  compile(input: CompileInput): Promise<CompileResult>;
}

export function createMdxCompiler(options: MdxCompilerOptions): MdxCompiler {
  const highlighter = createCodeHighlighter(options.codeThemes);
  // rehype-raw brings a whole HTML parser (parse5) that only CommonMark pages need:
  // loaded when the first one is compiled, not by every thread that compiles MDX.
  let rehypeRaw: typeof RehypeRaw | undefined;
  // The site's own plugins, loaded with the first page that needs them.
  let sitePlugins: Promise<(section: PluginSection) => PluginLists> | undefined;
  const listsFor = async (section: PluginSection): Promise<PluginLists> => {
    if (!options.sitePlugins) return NO_PLUGINS;
    const source = options.sitePlugins;
    sitePlugins ??= import('../config/site-plugins').then(({ loadSitePlugins }) => loadSitePlugins(source));
    return (await sitePlugins)(section);
  };
  // Plugins keep no state between files (per-page state lives in the VFile), so one processor per format and section serves every page.
  const makeProcessor = (format: 'mdx' | 'md', site: PluginLists, SourceMapGenerator?: typeof import('source-map').SourceMapGenerator) =>
    createProcessor({
      format,
      ...(SourceMapGenerator ? { SourceMapGenerator } : {}),
      outputFormat: 'program',
      jsxImportSource: 'react',
      development: false,
      // Syntax extensions first (they only teach the parser), then the site's `beforeDefault` plugins,
      // docsite's own, and the site's others last, as Docusaurus orders them.
      remarkPlugins: [
        remarkNestingLimit,
        remarkFrontmatter,
        remarkGfm,
        remarkDirective,
        ...(site.beforeDefaultRemarkPlugins as PluggableList),
        remarkReferences,
        remarkAdmonitions,
        remarkUnusedDirectives,
        remarkHeadingIds,
        ...(options.mermaid ? [remarkMermaid] : []),
        remarkNpm2yarn,
        [remarkCodeBlocks, { highlighter, ...(options.magicComments ? { magicComments: options.magicComments } : {}) }],
        [remarkLinks, { siteUrl: options.siteUrl }],
        remarkLocalImages,
        ...(site.remarkPlugins as PluggableList),
        ...(options.sitePaths ? [remarkSitePaths] : []),
      ],
      // CommonMark keeps its HTML: parsed into elements (as Docusaurus does), with the JSX our plugins add passed through.
      rehypePlugins: [
        ...(site.beforeDefaultRehypePlugins as PluggableList),
        ...(format === 'md' ? [[rehypeRaw!, { passThrough: MDX_NODE_TYPES }] as Pluggable] : []),
        ...(site.rehypePlugins as PluggableList),
      ],
      // The component lookups are read from the program as the site's recma plugins leave it.
      recmaPlugins: [...(site.recmaPlugins as PluggableList), recmaComponentLookups],
    });
  const processors = new Map<string, ReturnType<typeof createProcessor>>();
  const processorFor = async (format: 'mdx' | 'md', sourceMap: boolean, section: PluginSection) => {
    // Without plugins of its own, every section compiles alike.
    const key = `${format}${sourceMap ? '+map' : ''}${options.sitePlugins ? `:${section}` : ''}`;
    let processor = processors.get(key);
    if (!processor) {
      const site = await listsFor(section);
      // The source map package is loaded only by a compile that asks for a map.
      processor = makeProcessor(format, site, sourceMap ? (await import('source-map')).SourceMapGenerator : undefined);
      processors.set(key, processor);
    }
    return processor;
  };
  const formatOf = (file: string): 'mdx' | 'md' => {
    if (options.format === 'md') return 'md';
    if (options.format === 'detect') return /\.md$/i.test(file) ? 'md' : 'mdx';
    return 'mdx';
  };
  const provided = options.providedComponents ? new Set(options.providedComponents) : undefined;

  return {
    async compile({ source, file, partial, section, highlights, sourceMap }) {
      const format = formatOf(file);
      if (format === 'md') rehypeRaw ??= (await import('rehype-raw')).default;
      const tooDeep = nestingBeyondLimit(source);
      if (tooDeep) throw nestingError(tooDeep, source, file);
      const preprocessed = preprocessMarkdown(source, { mdx: format === 'mdx' });
      const facts = createFacts();
      let code: string;
      let map: object | undefined;
      try {
        const output = await (
          await processorFor(format, sourceMap ?? false, section ?? 'docs')
        ).process({ value: preprocessed.text, path: file, data: { docsite: facts, docsiteHighlights: highlights } });
        code = String(output.value);
        map = output.map as object | undefined;
      } catch (error) {
        if (error instanceof NestingTooDeep)
          throw nestingError(new NestingTooDeep(error.line, preprocessed.originalColumn(error.line, error.column)), source, file);
        throw toCompileError(error, { source, file, preprocessed });
      }
      // Plugins saw the preprocessed text; report columns of the file the author wrote.
      const original = <T extends { line: number; column: number }>(item: T): T => ({
        ...item,
        column: preprocessed.originalColumn(item.line, item.column),
      });
      if (provided && !partial) {
        const missing = [...new Set(facts.componentLookups.filter((name) => !name.includes('.') && !provided.has(name)))];
        if (missing.length > 0) throw undefinedComponents({ missing, facts, source, file, provided: [...provided], original });
      }
      const result: CompileResult = {
        code: withImportPositions(withTocExport(code, facts.toc), facts.imports.map(original)),
        toc: facts.toc,
        anchors: [...new Set(facts.anchors)],
        links: facts.links.map(original),
        mdLinks: facts.mdLinks.map(original),
      };
      if (result.mdLinks.length > 0) result.mdLinkUses = markdownLinkUses(result.code, result.mdLinks.length);
      if (facts.title !== undefined) result.title = facts.title;
      if (highlights && facts.highlights.length > 0) result.highlights = facts.highlights;
      if (map) result.map = map;
      return result;
    },
  };
}

function nestingError(at: NestingTooDeep, source: string, file: string): DocsiteError {
  return new DocsiteError({
    code: 'CONTENT_TOO_DEEP',
    message: `Blockquotes, lists or elements nest more than ${NESTING_LIMIT} levels deep here.`,
    hint: `docsite builds pages nested up to ${NESTING_LIMIT} levels (a list inside a list takes two: the list and its item); flatten this part of the page.`,
    loc: { file, line: at.line, column: at.column },
    // A line thousands of characters long is no help printed whole.
    ...((source.split('\n', at.line)[at.line - 1]?.length ?? 0) <= 200 ? { frame: codeFrame(source, at.line, at.column) } : {}),
  });
}

const NO_PLUGINS: PluginLists = { beforeDefaultRemarkPlugins: [], remarkPlugins: [], beforeDefaultRehypePlugins: [], rehypePlugins: [], recmaPlugins: [] };

const MDX_NODE_TYPES = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/**
 * Every page exports its headings as `toc` (`{ value, id, level }[]`), as Docusaurus's pages do, so
 * `<TOCInline toc={toc} />` and `toc.slice(2)` work in the page and in pages that import it. A page
 * that exports a `toc` of its own keeps it.
 */
function withTocExport(code: string, toc: TocItem[]): string {
  if (/\bexport\s+(?:const|let|var|function)\s+toc\b|\bexport\s*\{[^}]*\btoc\b[^}]*\}/.test(code)) return code;
  return `${code}\nexport const toc = ${JSON.stringify(toc)};\n`;
}

/** One error for the page, at the first undefined component, naming the others with their lines. */
function undefinedComponents(at: {
  missing: string[];
  facts: ReturnType<typeof createFacts>;
  source: string;
  file: string;
  provided: string[];
  original: <T extends { line: number; column: number }>(item: T) => T;
}): DocsiteError {
  const placed = at.missing
    .map((name) => ({ name, at: at.facts.jsxNames[name] ? at.original(at.facts.jsxNames[name]) : undefined }))
    // Names only an estree without positions mentions go last.
    .sort((a, b) => (a.at?.line ?? Number.MAX_SAFE_INTEGER) - (b.at?.line ?? Number.MAX_SAFE_INTEGER) || (a.at?.column ?? 0) - (b.at?.column ?? 0));
  const first = placed[0]!;
  const others = placed.slice(1).map((item) => `<${item.name}>${item.at ? ` (line ${item.at.line})` : ''}`);
  const more =
    others.length === 0
      ? ''
      : ` ${others.slice(0, -1).join(', ')}${others.length > 1 ? ' and ' : ''}${others.at(-1)} ${others.length > 1 ? 'are' : 'is'} not defined either.`;
  return new DocsiteError({
    code: 'MDX_UNDEFINED_COMPONENT',
    message: `<${first.name}> is not defined: the page neither imports nor defines it, and the theme does not provide it.${more}`,
    hint: `Import it at the top of the page (\`import ${first.name} from './${first.name}';\`), fix the name, or use one the theme provides: ${at.provided.join(', ')}.`,
    loc: first.at ? { file: at.file, line: first.at.line, column: first.at.column } : { file: at.file },
    frame: first.at ? codeFrame(at.source, first.at.line, first.at.column) : undefined,
  });
}
