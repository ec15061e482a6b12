// Import rules of docsite, checked by dependency-cruiser inside `npm test`.
// The layers, lowest first: core (pure) < infra (store, packs, worker pool, locations) < config < content, mdx
// < api, blog, render, search < the pipeline's stages < the pipeline's orchestration < serve < cli.
// Browser code (runtime, theme, shared) stands apart and never reaches Node code.

const NODE_IO = '^(node:)?(fs|fs/promises|child_process|net|http|https|worker_threads|cluster|dgram)$';
const NODE_FOLDERS = ['api', 'blog', 'cli', 'config', 'content', 'core', 'infra', 'mdx', 'pipeline', 'render', 'search', 'serve'];

/** A rule that forbids `from` (a folder under src/) to import any of `to`. */
const below = (from, to, comment) => ({
  name: `${from}-not-above-itself`,
  comment,
  severity: 'error',
  from: { path: `^src/${from}/` },
  to: { path: `^src/(${to.join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports. The sidebar components are a tree that renders itself, the one allowed case.',
      severity: 'error',
      from: { path: '^(src|theme)/' },
      to: { circular: true, viaOnly: { pathNot: '^theme/Sidebar(Items|Category)\\.tsx$' } },
    },
    {
      name: 'core-is-pure',
      comment: 'src/core holds pure functions: no file system, processes or network.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'], path: NODE_IO },
    },
    {
      name: 'browser-code-stays-in-the-browser',
      comment: 'The runtime, the theme and the shared types run in the browser: they import no Node built-in and no Node-side folder.',
      severity: 'error',
      from: { path: '^(src/runtime|src/shared|theme)/' },
      to: { path: `^src/(${NODE_FOLDERS.join('|')})/` },
    },
    {
      name: 'browser-code-has-no-node-built-ins',
      severity: 'error',
      from: { path: '^(src/runtime|src/shared|theme)/' },
      to: { dependencyTypes: ['core'] },
    },
    below(
      'core',
      NODE_FOLDERS.filter((name) => name !== 'core'),
      'core is the bottom layer.',
    ),
    {
      name: 'infra-serves-every-stage',
      comment:
        "infra is what the stages run on (the store, packs, the worker pool, docsite's own locations): it knows no stage, no config and no server. " +
        "Its one reach upward is the worker thread, which runs the compiler, the renderer, search records and the API reference's pages for the pool.",
      severity: 'error',
      from: { path: '^src/infra/' },
      to: { path: '^src/(blog|cli|config|content|pipeline|serve)/' },
    },
    below(
      'config',
      ['api', 'blog', 'cli', 'content', 'mdx', 'pipeline', 'render', 'search', 'serve'],
      'config reads site.config.ts and knows nothing of the stages.',
    ),
    below('content', ['api', 'blog', 'cli', 'mdx', 'pipeline', 'render', 'search', 'serve'], 'content loaders know nothing of the stages that use them.'),
    below('mdx', ['api', 'blog', 'cli', 'content', 'infra', 'pipeline', 'render', 'search', 'serve'], 'the MDX compiler stands alone.'),
    below('api', ['blog', 'cli', 'pipeline', 'serve'], 'the API reference is made by a stage; the pipeline calls it, not the other way round.'),
    below('blog', ['api', 'cli', 'pipeline', 'serve'], 'the blog loader is called by the stages, not the other way round.'),
    below('render', ['api', 'blog', 'cli', 'pipeline', 'serve'], 'document assembly knows nothing of the stages.'),
    below(
      'search',
      ['api', 'blog', 'cli', 'pipeline', 'render', 'serve'],
      'search records and the index are made from rendered HTML; a stage calls them, not the other way round.',
    ),
    {
      name: 'stages-stand-alone',
      comment:
        "A stage folder (src/pipeline/<stage>/) runs no other stage's code: what one stage hands the next goes through the orchestration. " +
        "It may name another stage's types, which are the data that stage produces, and it reads its inputs through the pass (src/pipeline/pass.ts).",
      severity: 'error',
      from: { path: '^src/pipeline/([^/]+)/' },
      to: { path: '^src/pipeline/', pathNot: '^src/pipeline/($1/|pass\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    below('pipeline', ['cli', 'serve'], 'the pipeline runs without a CLI or a server.'),
    below('serve', ['cli'], 'the servers run without the CLI.'),
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
