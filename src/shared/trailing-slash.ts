/** Docusaurus's `trailingSlash`: how a site's routes and the links to them end, the same in the build and the browser. */

/** How a site ends its routes: Docusaurus's `trailingSlash` (undefined: as each route was written) and the base URL. */
export interface SlashPolicy {
  trailingSlash?: boolean | undefined;
  baseUrl: string;
}

/** The last segment of a path names a file: `rss.xml`, `404.html`, not `v1.2` alone (a version) nor a folder. */
const FILE_NAME =
  /\/[^/]*\.(html?|xml|json|txt|m?js|css|map|wasm|svg|png|jpe?g|gif|webp|avif|ico|pdf|zip|gz|tgz|tar|csv|ya?ml|mp[34]|webm|wav|woff2?|ttf|otf|webmanifest)$/i;

/**
 * A route or site path as the site's `trailingSlash` wants it, query and hash kept: `true` adds the
 * slash, `false` removes it; `/` and the base URL keep theirs, a hash alone is left as it is, and so
 * is a path to a file (`/blog/rss.xml`, `/404.html`), which has no folder form.
 */
export function applyTrailingSlash(target: string, policy: SlashPolicy | undefined): string {
  if (policy?.trailingSlash === undefined || target.startsWith('#')) return target;
  const end = target.search(/[?#]/);
  const pathname = end < 0 ? target : target.slice(0, end);
  if (pathname === '' || pathname === '/' || pathname === policy.baseUrl || FILE_NAME.test(pathname)) return target;
  const settled = policy.trailingSlash ? `${pathname.replace(/\/+$/, '')}/` : pathname.replace(/\/+$/, '');
  return settled + (end < 0 ? '' : target.slice(end));
}
