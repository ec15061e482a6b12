/** A static file server for a build folder: clean URLs map to index.html, unknown paths get 404.html. */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { contentType } from './content-type';

export function createPreviewApp(root: string) {
  const app = new Hono();
  app.get('*', async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Pathname could not be decoded', 400);
    }
    const resolved = path.resolve(root, `.${path.posix.normalize(`/${pathname}`)}`);
    if (resolved === root || resolved.startsWith(root + path.sep)) {
      for (const candidate of [resolved, path.join(resolved, 'index.html'), `${resolved}.html`]) {
        const info = await stat(candidate).catch(() => undefined);
        if (!info?.isFile()) continue;
        const immutable = /[/\\]assets[/\\]/.test(candidate);
        return new Response(Readable.toWeb(createReadStream(candidate)) as ReadableStream, {
          headers: {
            'content-type': contentType(candidate),
            'content-length': String(info.size),
            'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          },
        });
      }
    }
    const notFound = await readFile(path.join(root, '404.html'), 'utf8').catch(() => 'Not found');
    return c.html(notFound, 404);
  });
  return app;
}
