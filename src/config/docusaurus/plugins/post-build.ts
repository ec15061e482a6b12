/**
 * The site's plugins' postBuild, run once the output folder is complete: a plugin that throws fails
 * the build with an error at the place the plugin is written in the config.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../../load';
import { unsupportedError } from '../load';
import type { Unsupported } from '../rules';

/** A written route, as postBuild learns of it. */
export interface PostBuildRoute {
  route: string;
  page?: { noIndex?: boolean; unlisted?: boolean; kind?: string };
}

/** Runs the postBuild hooks, which may add to the finished output folder; resolves with the plugins' notes for the build summary (what was skipped or left out). */
export async function runPostBuild(config: ResolvedConfig, routes: PostBuildRoute[]): Promise<string[] | undefined> {
  const routesPaths = routes.map((entry) => entry.route);
  // What Docusaurus learns of each page as it renders it: whether its HTML asks robots not to index it.
  const routesBuildMetadata = Object.fromEntries(
    routes.map(({ route, page }) => [route, { noIndex: Boolean(page?.noIndex || page?.unlisted || page?.kind === 'notFound') }]),
  );
  const hooks = config.plugins?.postBuild ?? [];
  const failures: Unsupported[] = [];
  for (const hook of hooks) {
    try {
      await hook.run({ outDir: config.outDir, routesPaths, routesBuildMetadata });
    } catch (error) {
      failures.push({
        path: hook.configPath,
        reason: `the plugin ${hook.plugin} failed: its postBuild threw: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'The output folder is complete but for what this postBuild should have written. Fix the plugin, or remove it from the config.',
        quoted: hook.quoted,
        plugin: hook.plugin,
        failed: true,
        near: hook.near,
      });
    }
  }
  if (failures.length === 0 || !config.configFile) return config.plugins?.notes;
  const displayName = path.relative(config.siteDir, config.configFile);
  const source = await readFile(config.configFile, 'utf8').catch(() => '');
  const error = unsupportedError(failures, { displayName, source }, `a plugin's postBuild failed once the output folder was written`);
  error.outputWritten = true;
  throw error;
}
