/** What the page and the service worker share: the message that lets a waiting worker take over, and what the build tells the worker. */
export const SKIP_WAITING = 'SKIP_WAITING';
export const CACHE_PAGE = 'DOCSITE_CACHE_PAGE';

/** The page the visitor opened before the worker controlled it, and the files it loaded: the worker caches them. */
export interface CachePageMessage {
  type: typeof CACHE_PAGE;
  page: string;
  files: string[];
}

export interface ServiceWorkerBuild {
  /** Names this build's caches; the next build's worker deletes them. */
  id: string;
  /** This build's runtime entry URL: a page that boots it belongs to this build. */
  runtime: string;
  /** URL of the offline page, in the precache. */
  offline: string;
  /** URL of the route manifest, in the precache. */
  manifest: string;
}
