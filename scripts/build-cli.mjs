// Bundles docsite's Node side into dist/: the CLI, the worker-thread entry and the defineConfig module.
// The CLI and the worker are split (esbuild code splitting): each command's module (src/cli/build.ts,
// serve.ts, preview.ts) and the code shared between entries become chunks that load only when needed,
// so `docsite --version` does not load the servers or the build pipeline. The chunks sit in dist/
// itself, beside cli.js and worker.js: code that finds its neighbours from import.meta.url
// (workerFile() in src/build/pool.ts, the define module in src/config/load.ts) then finds them from
// whichever file esbuild put it in.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const shared = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning' };

const [node] = await Promise.all([
  build({
    ...shared,
    entryPoints: { cli: 'src/cli/main.ts', worker: 'src/build/worker.ts' },
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
