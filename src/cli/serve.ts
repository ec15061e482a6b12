/** `docsite serve`: the development server with live reload. */
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pc from 'picocolors';
import { keepProcessOnTimeLimit } from '../config/watchdog';
import { createServeApp, createLiveChannel, errorPayload } from '../serve/app';
import { createHostCheck, mergeAllowedHosts, type AllowedHosts } from '../serve/host-check';
import { createDevSession, type SettledState } from '../serve/session';
import { createReporter, formatTimings, type Reporter, type StageTiming } from '../infra/reporter';
import { watchFiles, type Watcher } from '../serve/watch';
import { formatForTerminal } from './print-error';
import { untilStopped } from './until-stopped';

export interface ServeOptions {
  siteDir: string;
  port: number;
  host: string;
  config?: string;
  /** `--allowed-hosts`, added to the config's server.allowedHosts. */
  allowedHosts?: AllowedHosts;
  /** `--verbose`: each update also prints the time each stage of the site graph took. */
  verbose?: boolean;
  /** `--skip-unsupported-plugins`: serve a Docusaurus site without the plugins docsite cannot run. */
  skipUnsupportedPlugins?: boolean;
}

export async function runServe(options: ServeOptions): Promise<void> {
  keepProcessOnTimeLimit();
  const timings = createReporter({ quiet: true });
  const session = createDevSession({ ...options, ...(options.verbose ? { reporter: timings } : {}) });
  const live = createLiveChannel();
  const started = performance.now();
  // The first update reads every file after this: what is written since is news to it.
  const readFrom = Date.now();
  // The first update runs while the server starts listening: a page asked for meanwhile is made
  // alone (see DevSession.settle) instead of after every page of the site.
  void session.rebuild();
  // The host rule waits for the first update's config (the first stage, before any page), so a request is never judged without it.
  const hostPolicy = async () =>
    createHostCheck({ allowedHosts: mergeAllowedHosts((await session.config())?.site.server.allowedHosts, options.allowedHosts), listenHost: options.host });
  let isAllowedHost = await hostPolicy();
  const app = createServeApp({ session, live, isAllowedHost: (host) => isAllowedHost(host) });
  const server = serve({ fetch: app.fetch, port: options.port, hostname: options.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  process.stdout.write(`${pc.green('docsite')} serving ${path.resolve(options.siteDir)} at ${pc.cyan(`http://${options.host}:${port}/`)}\n`);

  const update = async (changed: string[] | undefined, shown: string[]) => {
    const t = performance.now();
    process.stdout.write(`${pc.dim('changed')} ${shown.map((file) => path.relative(process.cwd(), file)).join(', ')}\n`);
    const state = await session.rebuild(changed);
    watcher?.add(session.watchedPaths());
    if (state.status === 'ready') isAllowedHost = await hostPolicy();
    report(state, performance.now() - t, options.verbose ? stagesByUpdate(timings) : undefined);
    if (state.status === 'ready') live.publish('reload', String(state.generation.id));
    else live.publish('error-report', errorPayload(state.errors));
  };
  // The watcher's first walk stats every file of the site, which would hold up the first page of a
  // large one: it starts once that page is sent (or once the first update ends, if no page is asked
  // for before). An edit made before the watch is on is not missed: once it is on, every watched
  // file or folder written since the first update began to read is updated as any edit is. A
  // folder means an entry was created, deleted or renamed in it: everything is checked then.
  let watcher: Watcher | undefined;
  let stopping = false;
  const startWatching = () => {
    if (watcher || stopping) return;
    server.off('request', onRequest);
    watcher = watchFiles(session.watchedPaths(), (changed, everything) => void update(everything ? undefined : changed, changed), { changedSince: readFrom });
    void watcher.ready.then(({ files, folders }) => {
      if (stopping || files.length + folders.length === 0) return;
      void update(folders.length > 0 ? undefined : files, [...folders, ...files]);
    });
  };
  const onRequest = (_request: unknown, response: ServerResponse) => response.once('close', startWatching);
  server.on('request', onRequest);
  void session.started().then((state) => {
    report(state, performance.now() - started, options.verbose ? stagesByUpdate(timings) : undefined);
    startWatching();
    // The folders of installed packages the site reads are known once it has been scanned.
    watcher?.add(session.watchedPaths());
    // A page made before the whole site was (or an error page) is brought up to date.
    if (state.status === 'ready') live.publish('reload', String(state.generation.id));
    else live.publish('error-report', errorPayload(state.errors));
  });

  await untilStopped();
  stopping = true;
  await watcher?.close();
  // Open connections (a tab's live-reload stream, a keep-alive socket) would hold the process up.
  server.close();
  if ('closeAllConnections' in server) server.closeAllConnections();
  await session.close();
}

function report(state: SettledState, ms: number, stages: string[] = []) {
  if (state.status === 'ready') process.stdout.write(`${pc.green('ready')} ${state.generation.site.table.routes.length} pages in ${Math.round(ms)} ms\n`);
  else for (const error of state.errors) process.stderr.write(`${formatForTerminal(error)}\n`);
  for (const line of stages) process.stdout.write(`  ${pc.dim('stages:')} ${line}\n`);
}

/**
 * The stages each update ran, a line an update: every update begins with config. Timed by the
 * reporter a build uses, quiet, so nothing but these lines is printed.
 */
function stagesByUpdate(reporter: Reporter): string[] {
  const lines: StageTiming[][] = [];
  for (const timing of reporter.timings.splice(0)) {
    if (timing.name === 'config' || lines.length === 0) lines.push([]);
    lines[lines.length - 1]!.push(timing);
  }
  return lines.map(formatTimings);
}
