/** The API reference stage: the pages made from installed packages' declarations, for a site that has them. */
import type { ApiReference } from '../../api';
import type { Pass } from '../pass';

/** The reference each pass started, by pass. */
const started = new WeakMap<Pass, Promise<ApiReference | undefined>>();

/**
 * Starts the reference as the pass starts: it reads only the config and the installed packages, so
 * TypeDoc runs in a thread while the others compile, and the stage waits for what is left of it.
 */
export function startApiReference(pass: Pass): void {
  const { graph, config, scope } = pass;
  // The first pages leave the API reference out (it is slow to load): its sidebar items are empty until the whole site is made.
  if (!config.site.apiDocs || scope.only) return;
  const reference = graph.memory.apiReferenceFor(config, pass.changed, { pool: graph.pool, fingerprint: graph.workerFingerprint });
  // Awaited by the stage; a pass that stops before it (an error in compile) leaves the failure unheard.
  reference.catch(() => undefined);
  started.set(pass, reference);
}

export async function apiReferenceStage(pass: Pass): Promise<void> {
  pass.products.api = await started.get(pass);
}
