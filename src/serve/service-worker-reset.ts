/**
 * `docsite serve` answers a request for the site's service worker with one that removes itself: a
 * worker a built site left on the same address (`docsite preview` on the same port) would otherwise
 * keep answering the dev server's tabs with the built pages, since a missing worker script does not
 * unregister the old one.
 */
import type { MiddlewareHandler } from 'hono';
import { SERVICE_WORKER_FILE, UNREGISTER_WORKER } from '../pipeline/service-worker/service-worker';

export function serviceWorkerReset(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' || !c.req.path.endsWith(`/${SERVICE_WORKER_FILE}`)) return next();
    return c.body(UNREGISTER_WORKER, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
  };
}
