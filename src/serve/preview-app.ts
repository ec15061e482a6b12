/** A static file server for a build folder: clean URLs map to index.html, unknown paths get 404.html. */
import path from 'node:path';
import { Hono } from 'hono';
import { isInsideFolder } from '../core/paths';
import { routeCandidates } from '../shared/route-candidates';
import { contentType } from './content-type';
import { createHostCheck, hostGuard, previewRemedy, type AllowedHosts } from './host-check';
import { checkInside, fileBody, firstInside } from './safe-file';

export interface PreviewAppOptions {
  /** The build folder; nothing outside its real path is ever read. */
  root: string;
  /** Host names to answer besides localhost names and IP addresses (`--allowed-hosts`). */
  allowedHosts?: AllowedHosts;
  /** The address given to `--host`. */
  listenHost?: string;
}

export function createPreviewApp(input: string | PreviewAppOptions) {
  const options = typeof input === 'string' ? { root: input } : input;
  const root = path.resolve(options.root);
  const app = new Hono();
  app.use('*', hostGuard({ isAllowed: createHostCheck(options), howToAllow: previewRemedy }));
  app.get('*', async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // Spec 8's text, in the site's chrome: the build's 400.html.
      return (await statusPage(root, '400.html', 400)) ?? c.text('Pathname could not be decoded', 400);
    }
    // A route may be asked for with a trailing `.html` or `index.html` (spec 2.6), as the dev server allows.
    const candidates = routeCandidates(pathname).flatMap((route) => {
      const resolved = path.resolve(root, `.${path.posix.normalize(`/${route}`)}`);
      if (resolved !== root && !isInsideFolder(root, resolved)) return [];
      return [resolved, path.join(resolved, 'index.html'), `${resolved}.html`];
    });
    for (const candidate of candidates) {
      const file = await checkInside(root, candidate);
      if (!file) continue;
      const immutable = /[/\\]assets[/\\]/.test(candidate);
      return new Response(fileBody(file), {
        headers: {
          'content-type': contentType(candidate),
          'content-length': String(file.size),
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      });
    }
    return (await statusPage(root, '404.html', 404)) ?? c.html('Not found', 404);
  });
  return app;
}

/** The build's page for a status (404.html, 400.html), sent with that status; undefined when the build has none inside its folder. */
async function statusPage(root: string, file: string, status: number): Promise<Response | undefined> {
  const page = await firstInside(root, [path.join(root, file)]);
  if (!page) return undefined;
  return new Response(fileBody(page), { status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(page.size) } });
}
