/**
 * Reads a Docusaurus site's docusaurus.config.* as Docusaurus does (CommonJS, ESM or TypeScript, a
 * config object or a function returning one) and turns it into docsite's config input. Options
 * docsite cannot honour stop the load with one error that names each of them where it is written.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsiteError, DocsiteErrorList, codeFrame, locateKey, locateQuoted, type SourceLocation } from '../../core/errors';
import { importModuleWithInputs } from '../import-module';
import { mapDocusaurusConfig, type Unsupported } from './map';
import { PLUGIN_STUBS } from './markdown-plugins';

/** The names Docusaurus looks its config up under; docsite's own site.config.* come before them. */
export const DOCUSAURUS_CONFIG_NAMES = [
  'docusaurus.config.ts',
  'docusaurus.config.mts',
  'docusaurus.config.js',
  'docusaurus.config.mjs',
  'docusaurus.config.cjs',
];

export function isDocusaurusConfig(file: string): boolean {
  return /^docusaurus\.config\.[cm]?[jt]s$/.test(path.basename(file));
}

export interface LoadedDocusaurusConfig {
  /** docsite's config input, to be validated as a site.config would be. */
  raw: Record<string, unknown>;
  inputs: string[];
  displayName: string;
  source: string;
}

export async function loadDocusaurusConfig(options: { siteDir: string; file: string; cacheDir: string }): Promise<LoadedDocusaurusConfig> {
  const source = await readFile(options.file, 'utf8');
  const displayName = path.relative(options.siteDir, options.file) || options.file;
  const { module: mod, inputs } = await importModuleWithInputs({
    file: options.file,
    cacheDir: options.cacheDir,
    displayName,
    source,
    nodeGlobals: true,
    stubs: PLUGIN_STUBS,
  });
  const config = await configObject(mod, displayName);
  const { raw, unsupported } = mapDocusaurusConfig(config, { siteDir: options.siteDir, hasFolder: (name) => existsSync(path.join(options.siteDir, name)) });
  if (unsupported.length > 0) throw unsupportedError(unsupported, { displayName, source });
  return { raw, inputs, displayName, source };
}

/** `export default`, `module.exports =`, or either holding a function (sync or async) that returns the config. */
async function configObject(mod: Record<string, unknown>, displayName: string): Promise<Record<string, unknown>> {
  let value = mod.default;
  // A CommonJS file bundled as ESM may come wrapped once more by an interop default.
  if (value && typeof value === 'object' && 'default' in value && Object.keys(value).length === 1) value = (value as { default: unknown }).default;
  if (typeof value === 'function') value = await (value as () => unknown)();
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DocsiteError({
      code: 'CONFIG_NO_DEFAULT_EXPORT',
      message: `${displayName} exports no config object.`,
      hint: 'Export the config with `module.exports = config` or `export default config` (or a function returning it).',
      loc: { file: displayName },
    });
  }
  return value as Record<string, unknown>;
}

/** One error listing every option, preset and plugin docsite would have to leave out, each at its place in the config file. */
function unsupportedError(list: Unsupported[], at: { displayName: string; source: string }): DocsiteErrorList {
  const errors = list.map((item) => {
    const pos = locate(item, at);
    return new DocsiteError({
      code: 'CONFIG_UNSUPPORTED',
      message: `${item.path}: ${item.reason}`,
      hint: item.hint ?? 'Remove it from the config to build with docsite, or keep building this site with Docusaurus until docsite supports it.',
      loc: pos,
      frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
    });
  });
  const names = list.map((item) => item.path).join(', ');
  return new DocsiteErrorList(errors, `${at.displayName} uses what docsite cannot build yet (${names}); nothing was built`);
}

/** The quoted name of a plugin or item when it has one, else the last key of its path that is written in the file. */
function locate(item: Unsupported, at: { displayName: string; source: string }): SourceLocation {
  if (item.quoted !== undefined) {
    const found = locateQuoted(at.displayName, at.source, item.quoted);
    if (found.line !== undefined) return found;
  }
  const keys = item.path
    .split(/[.[\]]/)
    .filter((part) => part && !/^\d+$/.test(part))
    .reverse();
  return keys.map((key) => locateKey(at.displayName, at.source, key)).find((found) => found.line !== undefined) ?? { file: at.displayName };
}
