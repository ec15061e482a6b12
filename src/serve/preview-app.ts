/**
 * A static file server for a build folder: clean URLs map to index.html, unknown paths get 404.html.
 * Text files go compressed to clients that accept it (encoded-file.ts); the build's `.br` and `.gz`
 * copies are how they are sent, not files with URLs of their own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { isInsideFolder } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { createEncodedFiles, type EncodedFiles } from './encoded-file';
import { createHostCheck, hostGuard, previewRemedy, type AllowedHosts } from './host-check';
import { checkInside, firstInside } from './safe-file';

export interface PreviewAppOptions {
  /** The build folder; nothing outside its real path is ever read. */
  root: string;
  /** Host names to answer besides localhost names and IP addresses (`--allowed-hosts`). */
  allowedHosts?: AllowedHosts;
  /** The address given to `--host`. */
  listenHost?: string;
  /** The URL path the build is served at; read from the build when not given (baseUrlOfBuild). */
  baseUrl?: string;
}

export function createPreviewApp(input: string | PreviewAppOptions) {
  const options = typeof input === 'string' ? { root: input } : input;
  const root = path.resolve(options.root);
  const encoded = createEncodedFiles(root);
  const base = options.baseUrl ?? baseUrlOfBuild(root);
  const routes = routesOfBuild(root);
  const app = new Hono();
  app.use('*', hostGuard({ isAllowed: createHostCheck(options), howToAllow: previewRemedy }));
  app.get('*', async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // The build's 400.html, in the site's chrome; a Docusaurus site's build has none: the text alone.
      return (await statusPage(root, encoded, c.req.raw, '400.html', 400)) ?? c.text('Pathname could not be decoded', 400);
    }
    // A page whose route ends with a slash (`trailingSlash: true`, or a folder's index) is sent there
    // from its path without one, as a static host sends a folder's path to the folder.
    if (!pathname.endsWith('/') && routes.has(`${pathname}/`) && !routes.has(pathname)) {
      const url = new URL(c.req.url);
      return c.redirect(`${url.pathname}/${url.search}`, 301);
    }
    // The folder is what a host serves at the base URL: a path outside it is not found, the base without its slash is the home.
    if (base !== '/') {
      if (`${pathname}/` === base) return c.redirect(base, 301);
      if (!pathname.startsWith(base)) return (await statusPage(root, encoded, c.req.raw, '404.html', 404)) ?? c.html('Not found', 404);
      pathname = pathname.slice(base.length - 1);
    }
    // A route may be asked for with a trailing `.html` or `index.html` (spec 2.6), as the dev server allows.
    const candidates = routeCandidates(pathname).flatMap((route) => {
      const resolved = path.resolve(root, `.${path.posix.normalize(`/${route}`)}`);
      if (resolved !== root && !isInsideFolder(root, resolved)) return [];
      return [resolved, path.join(resolved, 'index.html'), `${resolved}.html`];
    });
    for (const candidate of candidates) {
      const file = await checkInside(root, candidate);
      // A copy answers for its file, as hosts that serve such copies do; asked for by its own name it is not
      // found, as the build's link check finds no file by that name either.
      if (!file || (await encoded.isCopy(candidate))) continue;
      const immutable = /[/\\]assets[/\\]/.test(candidate);
      return encoded.respond(c.req.raw, candidate, file, { headers: { 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' } });
    }
    return (await statusPage(root, encoded, c.req.raw, '404.html', 404)) ?? c.html('Not found', 404);
  });
  return app;
}

/**
 * The base URL a build was made for, read from its route manifest: every page's code is at
 * `<base URL>assets/`, the one folder of scripts a build writes. `/` when the build has no manifest.
 */
export function baseUrlOfBuild(root: string): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(root, '_docsite', 'routes.json'), 'utf8')) as Record<string, string>;
    const chunk = Object.values(manifest).find((url) => url.includes('/assets/'));
    return chunk ? chunk.slice(0, chunk.lastIndexOf('/assets/') + 1) : '/';
  } catch {
    return '/';
  }
}

/** The routes of a build's pages, from its route manifest (none without one). */
function routesOfBuild(root: string): Set<string> {
  try {
    return new Set(Object.keys(JSON.parse(readFileSync(path.join(root, '_docsite', 'routes.json'), 'utf8')) as Record<string, string>));
  } catch {
    return new Set();
  }
}

/** The build's page for a status (404.html, 400.html), sent with that status; undefined when the build has none inside its folder. */
async function statusPage(root: string, encoded: EncodedFiles, request: Request, file: string, status: number): Promise<Response | undefined> {
  const candidate = path.join(root, file);
  const page = await firstInside(root, [candidate]);
  if (!page) return undefined;
  return encoded.respond(request, candidate, page, { status, headers: {} });
}
