/**
 * The stages of docsite, in the order they run: the one list that `docsite build` and `docsite serve`
 * both follow. The site graph runs the stages up to `link` on every update; a build then renders,
 * indexes, precaches, checks and emits every page, while the dev server renders a page and its
 * search records when they are asked for.
 */
/** A stage: what it reads and what it makes. */
export interface StageDeclaration {
  name: string;
  reads: readonly string[];
  makes: string;
  /** When `docsite serve` runs it: on each update of the site graph, when a browser asks, or not at all. */
  serve: 'each update' | 'on request' | 'never';
}

export const STAGES = [
  { name: 'config', reads: ['site.config.ts and the modules it imports'], makes: 'the resolved config', serve: 'each update' },
  {
    name: 'scan',
    reads: ['config', 'content/ and the files it links to'],
    makes: 'the site model: docs, pages, posts, versions, sidebars',
    serve: 'each update',
  },
  { name: 'compile', reads: ['site model', 'each MDX and markdown file'], makes: 'each page compiled to JavaScript', serve: 'each update' },
  { name: 'api reference', reads: ['config', "the installed packages' type declarations"], makes: 'the API reference pages', serve: 'each update' },
  {
    name: 'routes',
    reads: ['site model', 'compiled pages', 'API reference'],
    makes: 'the route table, sidebars, redirects, feeds, sitemap',
    serve: 'each update',
  },
  { name: 'bundle pages', reads: ['route table', 'the components pages import'], makes: 'one chunk per page', serve: 'each update' },
  {
    name: 'bundle shared',
    reads: ["page chunks' imports", 'theme', 'stylesheets'],
    makes: 'the shared bundle: runtime, theme, components; and the Node renderer',
    serve: 'each update',
  },
  { name: 'link', reads: ['page chunks', 'shared bundle'], makes: "each page's client file, Node module and assets", serve: 'each update' },
  { name: 'render', reads: ['linked pages', 'renderer'], makes: "each page's HTML and search records", serve: 'on request' },
  { name: 'search index', reads: ['search records'], makes: 'records.json and the embedded index', serve: 'on request' },
  { name: 'service worker', reads: ['every output file'], makes: 'sw.js and its precache list', serve: 'never' },
  { name: 'check links', reads: ['rendered pages', 'every output file'], makes: 'broken link and anchor reports', serve: 'never' },
  { name: 'emit', reads: ['every output file'], makes: 'the output folder, written atomically', serve: 'never' },
] as const satisfies readonly StageDeclaration[];

export type StageName = (typeof STAGES)[number]['name'];

/** The stages of the site graph (what `serve` runs on each update), in order. */
export const GRAPH_STAGES: readonly StageName[] = STAGES.filter((stage) => stage.serve === 'each update').map((stage) => stage.name);

/** The stages a build runs after the site graph, in order. */
export const BUILD_STAGES_AFTER_GRAPH: readonly StageName[] = STAGES.filter((stage) => stage.serve !== 'each update').map((stage) => stage.name);
