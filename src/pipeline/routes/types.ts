/**
 * The shapes of the route table: every URL of the site with its page data, its module and its links,
 * and what a caller keeps between tables. Later stages read these; the files beside this one make them.
 */
import type { ApiRoutesInput } from '../../api/pages';
import type { BlogFeed } from '../../blog/feeds';
import type { ReportLevel } from '../../config/schema';
import type { DocsiteError } from '../../core/errors';
import type { GitHistory } from '../../infra/git-history';
import type { CompileResult, MarkdownLink } from '../../mdx';
import type { PageData, SidebarItemView, SiteData } from '../../shared/types';
import type { RedirectPage } from './redirects';

export type RouteModule = ({ type: 'mdx' } & MdxModule) | { type: 'tsx'; file: string } | { type: 'code'; code: string; resolveDir: string };

export interface RouteEntry {
  route: string;
  /** Output file relative to the output folder. */
  outFile: string;
  page: PageData;
  module: RouteModule;
  /** Source file relative to the site folder. */
  source?: string;
  /** A site plugin's route: its path as the plugin gave it, which decides a clash with a page at the same file. */
  routerPath?: string;
  /** Links written in the content, with positions, keyed by the URL as rendered. */
  contentLinks: Map<string, MarkdownLink>;
}

export interface SidebarFile {
  name: string;
  url: string;
  json: string;
}

export interface RouteTable {
  routes: RouteEntry[];
  sidebarFiles: SidebarFile[];
  redirects: RedirectPage[];
  /** Compiled markdown that generated pages import as `docsite:mdx/<index>` (blog excerpts), made as pages' modules are. */
  mdxModules: MdxModule[];
  /**
   * The route a `.md`/`.mdx` link written in `from` (an absolute path) points at: relative targets
   * from the file's own folder, `/...` from content/, then from the docs folder, as pages resolve theirs.
   */
  markdownRoute(from: string, target: string): string | undefined;
  /** Each blog's feeds, as data (src/blog/feeds.ts writes them). */
  feeds: BlogFeed[];
  site: SiteData;
  errors: DocsiteError[];
  warnings: DocsiteError[];
}

/** Compiled markdown with its links resolved, as a page's module holds it. */
export interface MdxModule {
  /** The code with its links resolved: made when first read (see markdown-links.ts). */
  readonly code: string;
  resolveDir: string;
  /** A digest of what `code` is made from, when the compile stage named it: keys the page's chunk without reading the code. */
  madeFrom?: string;
}

/**
 * What a caller that makes route tables again and again (the dev server's site graph) keeps between
 * them: each compiled page's `.md` links resolved (and its code with them, once it was read), reused
 * while the page's compile result, the set of pages and the settings it was resolved with stay the
 * same. So a page's code is linked only when its chunk is bundled again, and then once.
 */
export interface RouteTableMemo {
  linked: WeakMap<CompileResult, { key: string; linked: LinkedCode }>;
  /**
   * Each page's view of its sidebar, by the digest of the whole sidebar and the page's route: the
   * same array from one table to the next while neither changes, so what is made from it (the
   * page's JSON, see bundle.ts) can be kept with it. Holds the last table's views only.
   */
  sidebarViews: Map<string, SidebarItemView[]>;
}

export interface RouteTableOptions {
  api?: ApiRoutesInput;
  /** The git history of the folders whose pages show their last update (see last-update.ts). */
  history?: GitHistory;
  memo?: RouteTableMemo;
  /**
   * The compile stage's key of each result, by the key of `compiled` (CompileStageResult.keys):
   * with it, each page's module names what its code is made from (`madeFrom`).
   */
  compileKeys?: Map<string, string>;
}

/** A compiled page's `.md` links turned into routes, and its code with them (see markdown-links.ts). */
export interface LinkedCode {
  /** The code with each placeholder replaced, made when first asked for. */
  code(): string;
  /** Digest of the compile key and what each link became, when the compile key is known. */
  madeFrom?: string;
  contentLinks: Map<string, MarkdownLink>;
  /** The broken `.md` links found, with where they were filed. */
  problems: { error: DocsiteError; level: ReportLevel }[];
}
