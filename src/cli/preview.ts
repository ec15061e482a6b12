/** `docsite preview`: serves a finished build folder as a static site, with the 404 page for unknown paths. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pc from 'picocolors';
import { untilStopped } from './until-stopped';
import { DocsiteError } from '../core/errors';
import type { AllowedHosts } from '../serve/host-check';
import { createPreviewApp } from '../serve/preview-app';

export interface PreviewOptions {
  siteDir: string;
  outDir: string;
  port: number;
  host: string;
  /**
   * `--allowed-hosts`. Preview reads no site config: it serves a finished folder that may have been
   * copied without its sources, and loading the config would run the site's code and write its bundle
   * into .docsite/ for this one setting.
   */
  allowedHosts?: AllowedHosts;
}

export async function runPreview(options: PreviewOptions): Promise<void> {
  const root = path.resolve(options.siteDir, options.outDir);
  if (!existsSync(path.join(root, 'index.html')) && !existsSync(path.join(root, '404.html'))) {
    throw new DocsiteError({ code: 'PREVIEW_NO_BUILD', message: `There is no build in ${root}.`, hint: 'Run `docsite build` first.' });
  }
  const app = createPreviewApp({ root, allowedHosts: options.allowedHosts, listenHost: options.host });
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  process.stdout.write(`${pc.green('docsite')} previewing ${root} at ${pc.cyan(`http://${options.host}:${port}/`)}\n`);
  await untilStopped();
  // Open connections (a tab's live-reload stream, a keep-alive socket) would hold the process up.
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
}
