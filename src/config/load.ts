/** Finds, loads and validates site.config.ts, and settles every path and default once. */
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as z from 'zod';
import { DocsiteError, DocsiteErrorList, codeFrame, locateKey, locateQuoted } from '../core/errors';
import { navbarTypeProblems } from './navbar-item-types';
import { isInsideFolder } from '../core/paths';
import { VERSIONED_DOCS_DIR, VERSIONED_SIDEBARS_DIR, VERSIONS_FILE, ofDocsSet } from '../core/versions';
import { claimCacheDir } from './cache-dir';
import { DOCUSAURUS_CONFIG_NAMES, isDocusaurusConfig, loadDocusaurusConfig } from './docusaurus/load';
import type { SitePlugins } from './docusaurus/plugins/types';
import { importModuleWithInputs } from './import-module';
import { siteConfigSchema, type ParsedSiteConfig } from './schema';

export interface ResolvedConfig {
  siteDir: string;
  /** The folder the docs, blog, sidebars and versions paths of the config are relative to: `<site>/content`, or the site folder itself for a Docusaurus site. */
  contentDir: string;
  layout: ContentLayout;
  outDir: string;
  /** Cache and scratch space: `<site>/.docsite`. */
  cacheDir: string;
  /** Absolute path of the config file, if the site has one. */
  configFile?: string;
  /**
   * Every file the config was made from or checked against: the config file, the site's own modules
   * it imports, and the files it names that must exist (customCss). Absolute paths; none without a config file.
   */
  inputs: string[];
  site: ParsedSiteConfig;
  /** What a Docusaurus site's own plugins made (global data, routes, postBuild); none for other sites. */
  plugins?: SitePlugins;
}

/** Where a site's content lies besides the docs and blog folders the config names. */
export interface ContentLayout {
  /** `docsite`: everything under `<site>/content`; `docusaurus`: docs/, blog/, static/... at the site folder's root. */
  kind: 'docsite' | 'docusaurus';
  staticDir: string;
  pagesDir: string;
  /** Page files under pagesDir: Markdown and React components (TSX for docsite's layout; JS, JSX, TS and TSX for a Docusaurus site). */
  pagePatterns: string[];
  /**
   * The folders content is read from: the only places walked for links, watched by `serve`, and
   * kept from the output folder. The content folder itself for docsite's layout; for a Docusaurus
   * site, its docs, blog, static, i18n and versions folders, never node_modules, build/ or src/.
   */
  contentFolders: string[];
  /** Content files outside those folders (a Docusaurus site's sidebars file and versions.json), watched and kept likewise. */
  contentFiles: string[];
}

export interface LoadConfigOptions {
  siteDir: string;
  /** Config path relative to siteDir (or absolute). Default: site.config.ts when present. */
  config?: string;
  outDir?: string;
  /** Build without the plugins docsite cannot run (a Docusaurus site's), naming them in the summary. */
  skipUnsupportedPlugins?: boolean;
}

/** Absolute path of the `defineConfig` module, so configs can `import { defineConfig } from 'docsite/config'`. */
export const defineConfigModule = fileURLToPath(new URL('./define.ts', import.meta.url));

export async function loadConfig(options: LoadConfigOptions): Promise<ResolvedConfig> {
  const siteDir = path.resolve(options.siteDir);
  if (!existsSync(siteDir)) {
    throw new DocsiteError({
      code: 'SITE_DIR_MISSING',
      message: `The site folder ${siteDir} does not exist.`,
      hint: 'Pass the folder that holds site.config.ts and content/, or run docsite from inside it.',
    });
  }
  // DOCSITE_CACHE_DIR lets two builds of one site (say, two CI jobs) keep separate caches.
  const cacheDir = process.env.DOCSITE_CACHE_DIR ? path.resolve(process.env.DOCSITE_CACHE_DIR) : path.join(siteDir, '.docsite');
  await claimCacheDir(cacheDir, { chosenByUser: Boolean(process.env.DOCSITE_CACHE_DIR) });
  const configFile = findConfigFile(siteDir, options.config);
  if (configFile && isDocusaurusConfig(configFile)) {
    const loaded = await loadDocusaurusConfig({
      siteDir,
      file: configFile,
      cacheDir,
      outDir: path.resolve(siteDir, options.outDir ?? 'build'),
      skipUnsupportedPlugins: options.skipUnsupportedPlugins,
    });
    const site = validate(loaded.raw, loaded);
    checkFilesExist(site, { ...loaded, siteDir });
    const checked = site.customCss.map((file) => path.resolve(siteDir, file));
    const inputs = [...new Set([...loaded.inputs, ...checked])];
    return finish(site, { siteDir, cacheDir, configFile, inputs, outDir: options.outDir, docusaurus: true, plugins: loaded.plugins });
  }
  let raw: unknown = { title: path.basename(siteDir) };
  if (configFile) {
    const source = await readFile(configFile, 'utf8');
    const displayName = path.relative(siteDir, configFile) || configFile;
    const { module: mod, inputs } = await importModuleWithInputs({
      file: configFile,
      cacheDir: path.join(cacheDir, 'config'),
      displayName,
      alias: { 'docsite/config': resolveDefineModule() },
      source,
    });
    if (mod.default === undefined) {
      throw new DocsiteError({
        code: 'CONFIG_NO_DEFAULT_EXPORT',
        message: `${displayName} has no default export.`,
        hint: 'End the file with `export default defineConfig({ ... })`.',
        loc: { file: displayName },
      });
    }
    raw = mod.default;
    checkNavbarTypes(raw, { displayName, source, siteDir });
    const site = validate(raw, { displayName, source });
    checkFooterStyle(site, { displayName, source });
    checkFilesExist(site, { displayName, source, siteDir });
    const checked = site.customCss.map((file) => path.resolve(siteDir, file));
    return finish(site, { siteDir, cacheDir, configFile, inputs: [...new Set([...inputs, ...checked])], outDir: options.outDir });
  }
  return finish(validate(raw, { displayName: '(default config)', source: '' }), { siteDir, cacheDir, inputs: [], outDir: options.outDir });
}

/** Each navbar item's type is one the theme or the site's src/theme/NavbarItem/ComponentTypes draws. */
function checkNavbarTypes(raw: unknown, at: { displayName: string; source: string; siteDir: string }): void {
  const items = (raw as { navbar?: { items?: unknown } } | null)?.navbar?.items;
  const errors = navbarTypeProblems(items, at.siteDir).map((problem) => {
    const pos = locateQuoted(at.displayName, at.source, problem.type);
    return new DocsiteError({
      code: 'CONFIG_INVALID_VALUE',
      message: `navbar.items[${problem.index}]: ${problem.reason}.`,
      hint: problem.hint,
      loc: pos,
      frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
    });
  });
  if (errors.length > 0) throw new DocsiteErrorList(errors, `${at.displayName} has navbar items nothing draws`);
}

/** A light footer is Infima's: without Infima the theme's footer is dark, and the option would change nothing. */
function checkFooterStyle(site: ParsedSiteConfig, at: { displayName: string; source: string }): void {
  if (site.footer.style !== 'light' || site.infima) return;
  const pos = locateKey(at.displayName, at.source, 'style');
  throw new DocsiteError({
    code: 'CONFIG_INVALID_VALUE',
    message: "footer.style: 'light' has no effect here: docsite's footer is dark in both colour modes, and a light footer is Infima's.",
    hint: "Turn Infima on (`infima: true`) for Docusaurus's light footer, or remove `style` (`'dark'` keeps the footer dark with Infima too).",
    loc: pos,
    frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
  });
}

/** Files the config names must exist, or the error would surface later without pointing at the config. */
function checkFilesExist(site: ParsedSiteConfig, at: { displayName: string; source: string; siteDir: string }): void {
  const siteReal = realpathSync(at.siteDir);
  const errors = site.customCss.flatMap((file) => {
    const absolute = path.resolve(at.siteDir, file);
    const real = existsSync(absolute) ? realpathSync(absolute) : undefined;
    // A stylesheet outside the site folder (a `..` path or a link) would be bundled and published; an installed package's may lie anywhere.
    if (real !== undefined && (isInsideFolder(siteReal, real) || real.split(path.sep).includes('node_modules'))) return [];
    const pos = locateKey(at.displayName, at.source, 'customCss');
    return [
      new DocsiteError({
        code: real === undefined ? 'CONFIG_FILE_MISSING' : 'CONTENT_OUTSIDE_SITE',
        message:
          real === undefined ? `customCss names ${file}, which does not exist.` : `customCss names ${file}, which leads to ${real}, outside the site folder.`,
        hint:
          real === undefined
            ? 'customCss paths are relative to the site folder, e.g. content/css/custom.css.'
            : 'docsite never reads or publishes files outside the site folder. Copy the stylesheet into the site folder and name it there.',
        loc: pos,
        frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
      }),
    ];
  });
  if (errors.length > 0) throw new DocsiteErrorList(errors, `${at.displayName} names missing files`);
}

function finish(
  site: ParsedSiteConfig,
  at: { siteDir: string; cacheDir: string; configFile?: string; inputs: string[]; outDir?: string; docusaurus?: boolean; plugins?: SitePlugins },
): ResolvedConfig {
  const contentDir = at.docusaurus ? at.siteDir : path.join(at.siteDir, 'content');
  return Object.freeze({
    inputs: at.inputs,
    siteDir: at.siteDir,
    contentDir,
    layout: at.docusaurus ? docusaurusLayout(at.siteDir, site) : docsiteLayout(contentDir, site.pages.path),
    outDir: path.resolve(at.siteDir, at.outDir ?? 'build'),
    cacheDir: at.cacheDir,
    configFile: at.configFile,
    site,
    ...(at.plugins ? { plugins: at.plugins } : {}),
  });
}

/** docsite's own layout: everything under `<site>/content`. */
export function docsiteLayout(contentDir: string, pagesPath = 'pages'): ContentLayout {
  return {
    kind: 'docsite',
    staticDir: path.join(contentDir, 'static'),
    pagesDir: path.join(contentDir, pagesPath),
    pagePatterns: ['**/*.{md,mdx,tsx}'],
    contentFolders: [contentDir],
    contentFiles: [],
  };
}

/** Docusaurus keeps its content at the site's root: only the folders and files its config names (and its fixed ones) are content. */
function docusaurusLayout(siteDir: string, site: ParsedSiteConfig): ContentLayout {
  const stem = site.docs.sidebarPath.replace(/\.(ts|mts|js|mjs|cjs|json)$/, '');
  const pagesPath = site.pages.path ?? path.join('src', 'pages');
  const folders = [site.docs.path, site.blog.path, 'static', pagesPath, 'i18n', 'versioned_docs', 'versioned_sidebars'];
  const files = ['versions.json', site.docs.sidebarPath, ...['ts', 'js', 'mjs'].map((ext) => `${stem}.${ext}`)];
  // A second blog's or pages instance's folder, and a second docs instance's folder, sidebars file and versions, are content too.
  for (const set of [...site.extraBlogs, ...site.extraPages]) folders.push(set.path);
  for (const set of site.extraDocs) {
    folders.push(set.path, ofDocsSet(VERSIONED_DOCS_DIR, set.id), ofDocsSet(VERSIONED_SIDEBARS_DIR, set.id));
    files.push(ofDocsSet(VERSIONS_FILE, set.id));
    if (set.sidebarPath)
      files.push(set.sidebarPath, ...['ts', 'js', 'mjs'].map((ext) => `${set.sidebarPath!.replace(/\.(ts|mts|js|mjs|cjs|json)$/, '')}.${ext}`));
  }
  const absolute = (names: string[]) => [...new Set(names.map((name) => path.resolve(siteDir, name)))];
  return {
    kind: 'docusaurus',
    staticDir: path.join(siteDir, 'static'),
    pagesDir: path.join(siteDir, pagesPath),
    pagePatterns: ['**/*.{md,mdx,js,jsx,ts,tsx}'],
    contentFolders: absolute(folders),
    contentFiles: absolute(files),
  };
}

/** The names a site's config file is looked for under, in this order: docsite's own first, so a site that has both builds from it. */
export const CONFIG_NAMES = ['site.config.ts', 'site.config.mts', 'site.config.js', 'site.config.mjs', ...DOCUSAURUS_CONFIG_NAMES];

function findConfigFile(siteDir: string, given?: string): string | undefined {
  if (given) {
    const file = path.resolve(siteDir, given);
    if (!existsSync(file)) {
      throw new DocsiteError({
        code: 'CONFIG_MISSING',
        message: `The config file ${given} was not found in ${siteDir}.`,
        hint: 'Check the --config path; it is read relative to the site folder.',
      });
    }
    return file;
  }
  for (const name of CONFIG_NAMES) {
    const file = path.join(siteDir, name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** The define module ships as TS in the repo and as JS in dist; pick whichever sits beside this file. */
export function resolveDefineModule(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of ['define.ts', 'define.js', path.join('config', 'define.js')]) {
    const file = path.join(here, candidate);
    if (existsSync(file)) return file;
  }
  return defineConfigModule;
}

export function validate(raw: unknown, at: { displayName: string; source: string }): ParsedSiteConfig {
  const result = siteConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const errors = result.error.issues.flatMap((issue) => describeIssue(issue, at));
  throw new DocsiteErrorList(errors, `${at.displayName} is not a valid site config`);
}

function describeIssue(issue: z.core.$ZodIssue, at: { displayName: string; source: string }): DocsiteError[] {
  const branch = matchedBranch(issue);
  if (branch) return branch.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, at));
  const where = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const name = where ? `${where}.${key}` : key;
      const pos = locateKey(at.displayName, at.source, key);
      return new DocsiteError({
        code: 'CONFIG_UNKNOWN_KEY',
        message: `Unknown key "${name}" in the site config.`,
        hint: `Remove it or check its spelling. Allowed keys here: ${allowedKeys(issue.path).join(', ')}.`,
        loc: pos,
        frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
      });
    });
  }
  // A missing key is not in the source: the closest key above it that is names the line to fix.
  const keys = [...issue.path].reverse().filter((part): part is string => typeof part === 'string');
  const pos = keys.map((key) => locateKey(at.displayName, at.source, key)).find((found) => found.line !== undefined) ?? { file: at.displayName };
  return [
    new DocsiteError({
      code: 'CONFIG_INVALID_VALUE',
      message: `Invalid value for "${where || '(root)'}" in the site config: ${issue.message.replace(/\.$/, '')}.`,
      hint: 'See the SiteConfig type exported by docsite/config for the expected shape.',
      loc: pos,
      frame: pos.line ? codeFrame(at.source, pos.line, pos.column) : undefined,
    }),
  ];
}

/**
 * The issues of the one option of a union the value was meant for (`search: false` or a search
 * object): each other option refused the value's very type. None when no single option stands out.
 */
function matchedBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const wrongType = (issues: z.core.$ZodIssue[]) =>
    issues.length === 1 && issues[0]!.path.length === 0 && ['invalid_type', 'invalid_value'].includes(issues[0]!.code);
  const meant = issue.errors.filter((issues) => !wrongType(issues));
  return meant.length === 1 && meant[0]!.length > 0 ? meant[0] : undefined;
}

function formatPath(parts: readonly PropertyKey[]): string {
  return parts.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), '');
}

/** Keys the schema accepts at a path, for the hint of an unknown-key error. */
function allowedKeys(parts: readonly PropertyKey[]): string[] {
  let schema: unknown = siteConfigSchema;
  for (const part of parts) {
    schema = unwrap(schema);
    const def = (schema as { def?: { type?: string; element?: unknown; shape?: Record<string, unknown> } }).def;
    if (typeof part === 'number' && def?.type === 'array') schema = def.element;
    else if (def?.shape && typeof part === 'string') schema = def.shape[part];
  }
  const last = unwrap(schema) as { def?: { shape?: Record<string, unknown>; options?: unknown[] } };
  // A union of objects (a navbar item or dropdown) allows the keys of each.
  const shapes = last?.def?.options
    ? last.def.options.map((option) => (unwrap(option) as { def?: { shape?: Record<string, unknown> } }).def?.shape)
    : [last?.def?.shape];
  return [...new Set(shapes.flatMap((shape) => (shape ? Object.keys(shape) : [])))];
}

function unwrap(schema: unknown): unknown {
  let current = schema as { def?: { type?: string; innerType?: unknown; in?: unknown } } | undefined;
  while (current?.def && ['default', 'optional', 'pipe', 'nullable'].includes(current.def.type ?? '')) {
    current = (current.def.innerType ?? current.def.in) as typeof current;
  }
  return current;
}
