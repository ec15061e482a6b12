/** `docsite preview`: serves a finished build folder as a static site, with the 404 page for unknown paths. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pc from 'picocolors';
import { DocsiteError } from '../core/errors';
import { createPreviewApp } from '../serve/preview-app';

export async function runPreview(options: { siteDir: string; outDir: string; port: number; host: string }): Promise<void> {
  const root = path.resolve(options.siteDir, options.outDir);
  if (!existsSync(path.join(root, 'index.html')) && !existsSync(path.join(root, '404.html'))) {
    throw new DocsiteError({ code: 'PREVIEW_NO_BUILD', message: `There is no build in ${root}.`, hint: 'Run `docsite build` first.' });
  }
  const server = serve({ fetch: createPreviewApp(root).fetch, port: options.port, hostname: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  process.stdout.write(`${pc.green('docsite')} previewing ${root} at ${pc.cyan(`http://${options.host}:${options.port}/`)}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  server.close();
}
