/**
 * `docsite docs:version <name>` (`docs:version:<id>` for another docs set): snapshots the docs into a
 * new version and says what it wrote.
 */
import path from 'node:path';
import pc from 'picocolors';
import { loadConfig } from '../config/load';
import { createContentReader } from '../content/site-files';
import { snapshotVersion } from '../content/version-snapshot';
import { VERSIONED_DOCS_DIR, VERSIONED_SIDEBARS_DIR, VERSIONS_FILE, VersionRefusedError, ofDocsSet } from '../core/versions';

export async function runDocsVersion(options: { name: string; siteDir: string; config?: string; pluginId?: string }): Promise<void> {
  const config = await loadConfig({ siteDir: options.siteDir, ...(options.config ? { config: options.config } : {}) });
  const pluginId = options.pluginId === 'default' ? undefined : options.pluginId;
  const set = pluginId ? config.site.extraDocs.find((each) => each.id === pluginId) : undefined;
  if (pluginId && !set) {
    const ids = ['default', ...config.site.extraDocs.map((each) => each.id)].map((id) => `"${id}"`).join(', ');
    throw new VersionRefusedError({
      code: 'CONFIG_INVALID_VALUE',
      message: `There is no docs set with the id "${pluginId}" to version. The docs sets are: ${ids}.`,
      hint: 'Name the id of a docs plugin of the config (docs:version:<id>), or use docs:version for the main docs.',
    });
  }
  const snapshot = await snapshotVersion({
    name: options.name,
    siteDir: config.siteDir,
    contentDir: config.contentDir,
    docsDir: path.join(config.contentDir, set ? set.path : config.site.docs.path),
    ...(set ? (set.sidebarPath ? { sidebarPath: set.sidebarPath } : {}) : { sidebarPath: config.site.docs.sidebarPath }),
    ...(pluginId ? { pluginId } : {}),
    cacheDir: config.cacheDir,
    files: await createContentReader(config.siteDir),
  });
  const where = (file: string) => path.relative(process.cwd(), path.join(config.contentDir, file)) || '.';
  const named = (name: string) => ofDocsSet(name, pluginId);
  process.stdout.write(
    [
      `${pc.green('Versioned')} the ${pluginId ? `docs set ${pluginId}` : 'docs'} as ${options.name}: ${snapshot.docs} files in ${where(`${named(VERSIONED_DOCS_DIR)}/version-${options.name}`)}, sidebars in ${where(`${named(VERSIONED_SIDEBARS_DIR)}/version-${options.name}-sidebars.json`)}`,
      `  ${named(VERSIONS_FILE)}: ${snapshot.versions.join(', ')}`,
      '',
    ].join('\n'),
  );
}
