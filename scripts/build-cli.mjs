// Bundles docsite's Node side into dist/: the CLI, the worker-thread entry and the defineConfig module.
import { build } from 'esbuild';

const shared = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'linked', logLevel: 'warning' };

await Promise.all([
  build({ ...shared, entryPoints: { cli: 'src/cli/main.ts', worker: 'src/build/worker.ts' }, outdir: 'dist' }),
  build({ ...shared, entryPoints: { define: 'src/config/define.ts' }, outdir: 'dist/config' }),
]);
