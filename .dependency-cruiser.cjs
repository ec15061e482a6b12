// Import rules of docsite, checked by dependency-cruiser inside `npm test` (scripts/check-boundaries.mjs).
// The layers, lowest first: core (pure) < exec (store, worker pool) < config < content, mdx < api, blog, render, search < build (the stages) < graph < serve < cli.
// mdx stands alone beside exec: the compiler runs in workers and keeps nothing.
// Browser code (runtime, theme, shared) stands apart and never reaches Node code.

const NODE_IO = '^(node:)?(fs|fs/promises|child_process|net|http|https|worker_threads|cluster|dgram)$';

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
      to: { path: '^src/(api|blog|build|cli|config|content|core|exec|graph|mdx|render|search|serve)/' },
    },
    {
      name: 'browser-code-has-no-node-built-ins',
      severity: 'error',
      from: { path: '^(src/runtime|src/shared|theme)/' },
      to: { dependencyTypes: ['core'] },
    },
    below('core', ['api', 'blog', 'build', 'cli', 'config', 'content', 'exec', 'graph', 'mdx', 'render', 'search', 'serve'], 'core is the bottom layer.'),
    {
      name: 'exec-builds-on-core-only',
      comment: 'exec is the execution layer (the store, the worker pool): of docsite\'s own folders it imports core only, so any stage, the graph or the server can build on it.',
      severity: 'error',
      from: { path: '^src/exec/' },
      to: { path: '^src/', pathNot: '^src/(core|exec)/' },
    },
    below('config', ['api', 'blog', 'build', 'cli', 'content', 'graph', 'mdx', 'render', 'search', 'serve'], 'config reads site.config.ts and knows nothing of the stages.'),
    below('content', ['api', 'blog', 'build', 'cli', 'graph', 'mdx', 'render', 'search', 'serve'], 'content loaders know nothing of the stages that use them.'),
    below('mdx', ['api', 'blog', 'build', 'cli', 'content', 'exec', 'graph', 'render', 'search', 'serve'], 'the MDX compiler stands alone.'),
    below('api', ['blog', 'build', 'cli', 'graph', 'serve'], 'the API reference is a stage; the graph runs it, not the other way round.'),
    below('blog', ['api', 'build', 'cli', 'graph', 'serve'], 'the blog is a stage; the graph runs it, not the other way round.'),
    below('render', ['api', 'blog', 'build', 'cli', 'graph', 'serve'], 'document assembly knows nothing of the stages.'),
    below('search', ['api', 'blog', 'build', 'cli', 'graph', 'render', 'serve'], 'search records and the index are made from rendered HTML; the stages and the graph call them, not the other way round.'),
    below('build', ['cli', 'graph', 'serve'], 'the stages know nothing of the graph that runs them, the server or the CLI.'),
    below('graph', ['cli', 'serve'], 'the site graph runs without a CLI or a server.'),
    below('serve', ['cli'], 'the servers run without the CLI.'),
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
