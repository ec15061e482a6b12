/** How a requested path maps to routes, shared by the build's link check, the dev server and the client router. */

/** The routes a path may mean, best first: itself, then without a trailing `index.html` or `.html`, as static hosts serve them. */
export function routeCandidates(pathname: string): string[] {
  if (pathname.endsWith('/index.html')) return [pathname, pathname.slice(0, -'index.html'.length)];
  if (pathname.endsWith('.html')) return [pathname, pathname.slice(0, -'.html'.length)];
  return [pathname];
}
