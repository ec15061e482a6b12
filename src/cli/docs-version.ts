/** `docsite docs:version <name>`: snapshots the docs into a new version and says what it wrote. */
import path from 'node:path';
import pc from 'picocolors';
import { loadConfig } from '../config/load';
import { createContentReader } from '../content/site-files';
import { snapshotVersion } from '../content/version-snapshot';

export async function runDocsVersion(options: { name: string; siteDir: string; config?: string }): Promise<void> {
  const config = await loadConfig({ siteDir: options.siteDir, ...(options.config ? { config: options.config } : {}) });
  const snapshot = await snapshotVersion({
    name: options.name,
    siteDir: config.siteDir,
    contentDir: config.contentDir,
    docsDir: path.join(config.contentDir, config.site.docs.path),
    sidebarPath: config.site.docs.sidebarPath,
    cacheDir: config.cacheDir,
    files: await createContentReader(config.siteDir),
  });
  const where = (file: string) => path.relative(process.cwd(), path.join(config.contentDir, file)) || '.';
  process.stdout.write(
    [
      `${pc.green('Versioned')} the docs as ${options.name}: ${snapshot.docs} files in ${where(`versioned_docs/version-${options.name}`)}, sidebars in ${where(`versioned_sidebars/version-${options.name}-sidebars.json`)}`,
      `  versions.json: ${snapshot.versions.join(', ')}`,
      '',
    ].join('\n'),
  );
}
