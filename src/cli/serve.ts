/** `docsite serve`: the development server with live reload. */
import path from 'node:path';
import { serve } from '@hono/node-server';
import pc from 'picocolors';
import { createServeApp, createLiveChannel, errorPayload } from '../serve/app';
import { createDevSession } from '../serve/session';
import { watchFiles } from '../serve/watch';
import { formatForTerminal } from './print-error';

export async function runServe(options: { siteDir: string; port: number; host: string; config?: string }): Promise<void> {
  const session = createDevSession(options);
  const live = createLiveChannel();
  const started = performance.now();
  const first = await session.rebuild();
  report(first, performance.now() - started);
  const app = createServeApp({ session, live });
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  process.stdout.write(`${pc.green('docsite')} serving ${path.resolve(options.siteDir)} at ${pc.cyan(`http://${options.host}:${port}/`)}\n`);

  const watcher = watchFiles(session.watchedPaths(), async (changed) => {
    const t = performance.now();
    process.stdout.write(`${pc.dim('changed')} ${changed.map((file) => path.relative(process.cwd(), file)).join(', ')}\n`);
    const state = await session.rebuild();
    watcher.add(session.watchedPaths());
    report(state, performance.now() - t);
    if (state.status === 'ready') live.publish('reload', String(state.generation.id));
    else live.publish('error-report', errorPayload(state.errors));
  });
  await watcher.ready;

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await watcher.close();
  server.close();
  await session.close();
}

function report(state: ReturnType<ReturnType<typeof createDevSession>['state']>, ms: number) {
  if (state.status === 'ready') process.stdout.write(`${pc.green('ready')} ${state.generation.table.routes.length} pages in ${Math.round(ms)} ms\n`);
  else for (const error of state.errors) process.stderr.write(`${formatForTerminal(error)}\n`);
}
