/** `docsite build`: runs the pipeline and prints the summary. */
import path from 'node:path';
import pc from 'picocolors';
import { buildSite } from '../pipeline/build';
import { createReporter, formatTimings } from '../infra/reporter';
import { printWarning } from './print-error';

/** What a first visit may download ahead of need (the service worker's precache); the summary prints the precache against it. */
export const PRECACHE_BUDGET_BYTES = 400 * 1024;

export async function runBuild(options: {
  siteDir: string;
  outDir: string;
  config?: string;
  force?: boolean;
  skipUnsupportedPlugins?: boolean;
}): Promise<void> {
  const started = performance.now();
  const reporter = createReporter();
  const summary = await buildSite({
    ...options,
    reporter,
    onWait: (pid) => process.stderr.write(`waiting for another docsite build of this site${pid === undefined ? '' : ` (pid ${pid})`} to finish\n`),
  });
  for (const warning of summary.warnings) printWarning(warning);
  const total = performance.now() - started;
  const stages = formatTimings(reporter.timings);
  process.stdout.write(
    [
      `${pc.green('Built')} ${summary.pages} pages in ${(total / 1000).toFixed(2)} s into ${path.relative(process.cwd(), summary.outDir) || '.'}`,
      `  stages: ${stages}`,
      summary.reused
        ? '  no input changed since the last build: its output was reused'
        : `  mdx: ${summary.compiled} compiled, ${summary.cached} from cache; pages: ${summary.rendered} rendered, ${summary.renderReused} from cache; links checked: ${summary.linksChecked}`,
      ...(summary.api
        ? [
            `  api reference: ${count(summary.api.modules, 'module')}, ${count(summary.api.classes, 'class', 'classes')}, ${count(summary.api.interfaces, 'interface')} (${summary.api.ranTypeDoc ? 'TypeDoc ran' : 'model from cache'})`,
          ]
        : []),
      summary.search
        ? `  search: ${count(summary.search.records, 'record')} from ${count(summary.search.pages, 'page')}; index ${kb(summary.search.indexBytes)} (${kb(summary.search.indexGzipBytes)} gzip)`
        : '  search: off (the site has none: no search files written)',
      summary.serviceWorker.enabled
        ? `  service worker: precache ${count(summary.serviceWorker.precacheFiles, 'file')}, ${kb(summary.serviceWorker.precacheBytes)} of a ${kb(PRECACHE_BUDGET_BYTES)} budget`
        : '  service worker: off (sw.js unregisters any earlier worker)',
      `  output: ${summary.files} files, ${(summary.bytes / 1024 / 1024).toFixed(2)} MB; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
      `  precompressed: ${count(summary.compressed, 'copy', 'copies')} (.br and .gz beside the text files of 1 KB or more)`,
      ...(summary.plugins ?? []).map((note) => `  ${note}`),
      '',
    ].join('\n'),
  );
}

function kb(bytes: number): string {
  return `${Math.round(bytes / 1024)} KB`;
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
