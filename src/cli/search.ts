/** `docsite search upload`: pushes the build's search records to the site's Algolia index. */
import path from 'node:path';
import pc from 'picocolors';
import { loadConfig } from '../config/load';
import { DocsiteError } from '../core/errors';
import { ADMIN_KEY_VARIABLE, uploadRecords } from '../search/upload';

export async function runSearchUpload(options: { siteDir: string; outDir: string; config?: string }): Promise<void> {
  const config = await loadConfig({ siteDir: options.siteDir, config: options.config, outDir: options.outDir });
  const algolia = config.site.search ? config.site.search.algolia : undefined;
  if (!algolia)
    throw new DocsiteError({ code: 'SEARCH_NO_ALGOLIA', message: 'site.config.ts has no search.algolia block, so there is no index to upload to.' });
  const result = await uploadRecords({ outDir: config.outDir, algolia, adminKey: process.env[ADMIN_KEY_VARIABLE] });
  process.stdout.write(
    `${pc.green('Uploaded')} ${result.records} search records from ${path.relative(process.cwd(), config.outDir) || '.'} to the Algolia index "${result.indexName}" (app ${algolia.appId})\n`,
  );
}
