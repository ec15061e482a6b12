/** The compile stage: every MDX page, post and excerpt of the pass compiled in the worker pool, from the store where it can be. */
import { mdxSections, mdxSources } from './sources';
import type { Pass } from '../pass';
import type { StageProgress } from '../../infra/reporter';
import { compileSources, compilerOptions, markdownPreprocessor } from './compile';

export async function compileStage(pass: Pass, progress: StageProgress): Promise<void> {
  const { graph, config, model, scope } = pass;
  const { dev, pool } = graph;
  const mdx = scope.sources ? mdxSources(model).filter((source) => scope.sources!.has(source.key)) : mdxSources(model);
  const compiled = await compileSources({
    sources: mdx,
    progress,
    pool,
    cacheDir: config.cacheDir,
    store: pass.store,
    compilerOptions: compilerOptions(config),
    ...(config.site.markdown.preprocessor ? { preprocess: markdownPreprocessor(config)! } : {}),
    // Only a site with plugins of its own compiles its parts differently.
    ...(compilerOptions(config).sitePlugins ? { sections: mdxSections(model) } : {}),
    fingerprint: graph.workerFingerprint,
    memory: scope.kept.compiled,
    // While the dev server compiles the whole site, a page asked for meanwhile goes next.
    ...(dev ? { inFlight: pool.threads.length, batchSize: 4 } : {}),
    ...(dev && !scope.only ? { beforeBatch: () => graph.memory.firstMaking } : {}),
    wholeSite: !scope.only,
  });
  // Pages that failed to compile are left out while the rest go on through the route table and
  // their bundles, so one run reports every error of the site; the pass stops after the page bundles.
  pass.errors.push(...compiled.errors);
  pass.products.compiled = compiled;
}
