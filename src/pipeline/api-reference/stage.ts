/** The API reference stage: the pages made from installed packages' declarations, for a site that has them. */
import type { Pass } from '../pass';

export async function apiReferenceStage(pass: Pass): Promise<void> {
  const { graph, config, scope } = pass;
  // The first pages leave the API reference out (it is slow to load): its sidebar items are empty until the whole site is made.
  const wanted = config.site.apiDocs && !scope.only;
  pass.products.api = wanted ? await graph.memory.apiReferenceFor(config, pass.changed, { pool: graph.pool, fingerprint: graph.workerFingerprint }) : undefined;
}
