// Bundles docsite's Node side into dist/: the CLI, the worker-thread entry and the defineConfig module,
// split into chunks that load only when needed. Installed packages stay external (Node loads them
// from node_modules), except the pure-JS ones of BUNDLED.
import { readdirSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The pure-JS packages the dev server and its compile threads load before the first page. Node
 * resolves and loads an ES package file by file (the markdown pipeline alone is over a hundred
 * packages), which is most of a thread's start, and a bundle leaves out what docsite never reaches
 * (zod's locales, js-yaml's esprima). A package goes in only if it reads no file relative to its own
 * folder, does not name it (write-file-atomic hashes its __filename) and spawns nothing from it:
 * never esbuild, typescript, tinypool (its threads start from its own files), shiki (its
 * WebAssembly) or workbox-build.
 */
const BUNDLED = new Set([
  // What the CLI and the dev server load before their first answer.
  ...[
    '@hono/node-server',
    'chokidar',
    'commander',
    'fast-glob',
    'github-slugger',
    'gray-matter',
    'hono',
    'htmlparser2',
    'mdast-util-from-markdown',
    'minisearch',
    'picocolors',
    'reading-time',
    'yaml',
    'zod',
  ],
  // What a compile thread loads before its first page: the MDX and markdown pipeline (shiki stays out).
  ...[
    '@mdx-js/mdx',
    'acorn',
    'culori',
    'hast-util-to-html',
    'hast-util-to-string',
    'mdast-util-directive',
    'mdast-util-gfm',
    'mdast-util-mdx-jsx',
    'mdast-util-mdxjs-esm',
    'mdast-util-to-hast',
    'mdast-util-to-string',
    'micromark-extension-gfm',
    'npm-to-yarn',
  ],
  ...['rehype-raw', 'remark-directive', 'remark-frontmatter', 'remark-gfm', 'unist-util-visit', 'vfile'],
]);

/** `hono/streaming` -> `hono`, `@hono/node-server/x` -> `@hono/node-server`. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Marks every installed package external but those of BUNDLED and what they import in turn (a bundled
 * package's own dependencies come with it).
 */
const externals = {
  name: 'externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const fromPackage = /[/\\]node_modules[/\\]/.test(args.importer);
      if (fromPackage || BUNDLED.has(packageName(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * acorn ships an ES build and a CommonJS one, and the MDX pipeline reaches both: its own code imports
 * acorn, acorn-jsx requires it (only to find its token types when the parser it extends does not
 * carry them, and acorn's parser does). Both resolve to the ES build, so a thread parses one acorn
 * rather than two.
 */
const oneAcorn = {
  name: 'one-acorn',
  setup(build) {
    build.onResolve({ filter: /^acorn$/ }, (args) =>
      args.kind === 'require-call' ? build.resolve('acorn', { kind: 'import-statement', resolveDir: args.resolveDir }) : undefined,
    );
  },
};

// A bundled CommonJS package calls `require` for Node's own modules, and an ES module has no `require`:
// each output file gets one that loads Node's modules only. Every other package a bundled one needs
// was bundled with it; one that hides its `require` from the bundler (js-yaml's optional esprima, for
// `!!js/function`, which docsite's safe YAML never reads) finds nothing, as in a browser bundle.
const requireBanner = [
  "import { createRequire as __docsiteCreateRequire, isBuiltin as __docsiteIsBuiltin } from 'node:module';",
  'const __docsiteRequire = __docsiteCreateRequire(import.meta.url);',
  'const require = (id) => {',
  '  if (__docsiteIsBuiltin(id)) return __docsiteRequire(id);',
  "  throw Object.assign(new Error(`Cannot find module '${id}' (docsite bundles the packages it loads this way)`), { code: 'MODULE_NOT_FOUND' });",
  '};',
].join('\n');
const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [oneAcorn, externals],
  banner: { js: requireBanner },
  sourcemap: 'linked',
  logLevel: 'warning',
};

// The CLI and the worker are split (esbuild code splitting): each command's module (src/cli/build.ts,
// serve.ts, preview.ts) and the code shared between entries become chunks that load only when needed,
// so `docsite --version` does not load the servers or the build pipeline. The chunks sit in dist/
// itself, beside cli.js and worker.js: code that finds its neighbours from import.meta.url
// (workerFile() in src/infra/pool.ts, the define module in src/config/load.ts) then finds them from
// whichever file esbuild put it in.
const [node] = await Promise.all([
  build({
    ...shared,
    entryPoints: { cli: 'src/cli/main.ts', worker: 'src/infra/worker.ts' },
    outdir: 'dist',
    splitting: true,
    chunkNames: '[name]-[hash]',
    metafile: true,
  }),
  build({ ...shared, entryPoints: { define: 'src/config/define.ts' }, outdir: 'dist/config' }),
]);

// Chunk names change with their content: remove the chunks of earlier builds, so dist/ holds (and
// docsite's fingerprint hashes) only the code of this one. Only files named like a chunk are touched.
const written = new Set(Object.keys(node.metafile.outputs).map((file) => path.resolve(file)));
for (const name of readdirSync('dist')) {
  const file = path.resolve('dist', name);
  if (/-[A-Z0-9]{8}\.js(\.map)?$/.test(name) && !written.has(file)) rmSync(file, { force: true });
}

// docsite's fingerprints (src/infra/code-fingerprint.ts) are hashed here, once per bundle, rather than at
// every start: the module is bundled on the fly and records them in dist/fingerprints.json.
const fingerprinter = await build({ ...shared, banner: {}, entryPoints: ['src/infra/code-fingerprint.ts'], write: false, sourcemap: false, outdir: 'dist' });
const { recordBundleFingerprints } = await import(`data:text/javascript;base64,${Buffer.from(fingerprinter.outputFiles[0].contents).toString('base64')}`);
recordBundleFingerprints(path.resolve('dist'));
