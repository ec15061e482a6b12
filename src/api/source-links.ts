/**
 * "Defined in" links: a declaration's place (package, version, declaration file, line) put into the
 * site's `apiDocs.sourceLink` template. Packages ship `.d.ts` files, not their sources, so the
 * placeholders say only what the installed package tells; the template maps that onto a repository.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findPackageDir } from '../content/packages';
import type { SOURCE_LINK_PLACEHOLDERS } from '../config/schema';
import type { ApiModel, ApiSource } from './model';

/**
 * The placeholders (see SOURCE_LINK_PLACEHOLDERS in the schema): {package} npm name, {version} installed
 * version, {directory} package.json's repository.directory (no link when the package has none),
 * {path} the declaration file inside the package, {stem} that path without `.d.ts`, {dirname} its
 * folder ('' at the package root), {line} the line in the declaration file, which a source file numbers
 * differently.
 */
type Placeholder = (typeof SOURCE_LINK_PLACEHOLDERS)[number];

export interface SourceLinkOptions {
  siteDir: string;
  /** The documented packages: a declaration from any other package (a dependency's type) is not linked. */
  packages: string[];
  /** The template for every package... */
  template?: string;
  /** ...or, for the packages named here, their own. */
  byPackage?: Record<string, string>;
}

interface PackageFacts {
  version: string;
  directory?: string;
}

/** The model with `url` set on every source its package's template can link; the input is not changed. */
export function linkSources(model: ApiModel, options: SourceLinkOptions): ApiModel {
  if (!options.template && !options.byPackage) return model;
  const packages = new Map<string, PackageFacts | undefined>();
  const facts = (name: string) => {
    if (!packages.has(name)) packages.set(name, readFacts(name, options.siteDir));
    return packages.get(name);
  };
  const link = (source: ApiSource | undefined): ApiSource | undefined => {
    if (!source) return source;
    const url = sourceUrl(source, options, facts);
    return url ? { ...source, url } : source;
  };
  const linkAll = <T extends { source?: ApiSource }>(item: T): T => (item.source ? { ...item, source: link(item.source) } : item);
  return {
    ...model,
    modules: model.modules.map((module) => ({
      ...module,
      classes: module.classes.map((item) => ({ ...linkAll(item), members: item.members.map(linkAll) })),
      interfaces: module.interfaces.map((item) => ({ ...linkAll(item), members: item.members.map(linkAll) })),
      functions: module.functions.map(linkAll),
      typeAliases: module.typeAliases.map(linkAll),
      variables: module.variables.map(linkAll),
    })),
  };
}

function sourceUrl(source: ApiSource, options: SourceLinkOptions, facts: (name: string) => PackageFacts | undefined): string | undefined {
  // `file` is `<package name>/<path in the package>`, as the model writes it.
  const match = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(source.file);
  if (!match) return undefined;
  const [, name, inPackage] = match as unknown as [string, string, string];
  if (!options.packages.includes(name)) return undefined;
  const template = options.byPackage?.[name] ?? options.template;
  const found = facts(name);
  if (!template || !found) return undefined;
  const stem = inPackage.replace(/\.d\.[cm]?ts$/, '');
  const values: Record<Placeholder, string | undefined> = {
    package: name,
    version: found.version,
    directory: found.directory,
    path: inPackage,
    stem,
    dirname: path.posix.dirname(inPackage) === '.' ? '' : path.posix.dirname(inPackage),
    line: String(source.line),
  };
  let missing = false;
  const url = template.replace(/\{([^{}]*)\}/g, (_, key: Placeholder) => {
    const value = values[key];
    if (value === undefined) missing = true;
    return encodeURI(value ?? '');
  });
  return missing ? undefined : url;
}

function readFacts(name: string, siteDir: string): PackageFacts | undefined {
  const dir = findPackageDir(name, siteDir);
  if (!dir) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: unknown; repository?: unknown };
    if (typeof manifest.version !== 'string') return undefined;
    const repository = manifest.repository;
    const directory =
      repository && typeof repository === 'object' && typeof (repository as { directory?: unknown }).directory === 'string'
        ? (repository as { directory: string }).directory.replace(/^\.?\/+|\/+$/g, '')
        : undefined;
    return { version: manifest.version, ...(directory ? { directory } : {}) };
  } catch {
    return undefined;
  }
}
