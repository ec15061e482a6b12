/**
 * Keeps the bundles inside the site folder: an import or an image in the site's own files that leads
 * outside it is an error at the import, so nothing outside is read or published.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { Message, OnResolveArgs, Plugin } from 'esbuild';
import { isInsideFolder } from '../../core/paths';

/** Marks a resolve made to learn where a path leads: the plugins that decide how to bundle a module let it through. */
export const PLAIN_RESOLVE = Symbol('docsite-plain-resolve');

/** Aliases of docsite's own folders (see sharedOptions): what they reach may lie in the theme. */
const THEME_ALIAS = /^@(theme|theme-original|docusaurus)(\/|$)/;

/**
 * Whether a specifier could lead outside: a path, or `@site/...`, or anything with a `.` or `..`
 * part. A package imported by name (`react`, `@scope/pkg/sub`) is found in node_modules, wherever
 * that leads, and a theme component by name is the theme's or the site's override of it.
 */
function mayLeave(specifier: string): boolean {
  return /^[./\\]/.test(specifier) || /^@site(\/|$)/.test(specifier) || specifier.split(/[/\\]/).some((part) => part === '.' || part === '..');
}

/** The specifier that led outside the site, when an esbuild message is this plugin's refusal. */
export function outsideSiteSpecifier(message: Message): string | undefined {
  const detail = message.detail as { outsideSite?: string } | undefined;
  return typeof detail?.outsideSite === 'string' ? detail.outsideSite : undefined;
}

/**
 * Refuses an import in the site's files (pages, partials, components, stylesheets) that leads outside
 * the folder through `..`, an absolute path or a symbolic link. Installed packages are imported by
 * name and may live anywhere; the theme is docsite's own, reached through `@theme`.
 */
export function siteBoundary(options: { siteDir: string; themeDir: string }): Plugin {
  return {
    name: 'docsite-site-boundary',
    setup(b) {
      // Real paths of folders and files, found once a run: a kept context (serve) looks again at the next.
      const reals = new Map<string, string | undefined>();
      const real = (file: string): string | undefined => {
        if (!reals.has(file)) {
          let found: string | undefined;
          try {
            found = realpathSync(file);
          } catch {
            found = undefined;
          }
          reals.set(file, found);
        }
        return reals.get(file);
      };
      // Where each import leads, asked once a run: pages of one folder import the same files.
      const refusals = new Map<string, Promise<string | undefined>>();
      b.onStart(() => {
        reals.clear();
        refusals.clear();
      });
      const within = (folder: string | undefined, file: string) => folder !== undefined && (file === folder || isInsideFolder(folder, file));
      /** Whether code in `dir` is the site's own: inside the site folder, not in an installed package. */
      const ownedBySite = (dir: string): boolean => {
        const site = real(options.siteDir);
        const at = real(dir);
        return at !== undefined && within(site, at) && !path.relative(site!, at).split(path.sep).includes('node_modules');
      };
      /** The real path an import leads to when that lies outside the site (and, for a theme alias, the theme). */
      const outsideTarget = async (args: OnResolveArgs): Promise<string | undefined> => {
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: PLAIN_RESOLVE });
        // One that does not resolve is left to esbuild, whose error says so at the import.
        if (found.errors.length > 0 || found.external || found.namespace !== 'file') return undefined;
        const target = real(found.path) ?? found.path;
        return within(real(options.siteDir), target) || (THEME_ALIAS.test(args.path) && within(real(options.themeDir), target)) ? undefined : target;
      };
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === PLAIN_RESOLVE || /^docsite(-shared)?:/.test(args.path) || !mayLeave(args.path)) return undefined;
        // docsite's own generated modules (the stylesheet entry, the server renderer, a route's
        // module) import docsite's files and what the scan and the config found and checked.
        if (args.namespace === 'docsite' && !/^(content|mdx)\//.test(args.importer)) return undefined;
        if (!args.resolveDir || !ownedBySite(args.resolveDir)) return undefined;
        const key = `${args.kind}\0${args.resolveDir}\0${args.path}`;
        let refusal = refusals.get(key);
        if (!refusal) {
          refusal = outsideTarget(args);
          refusals.set(key, refusal);
        }
        const target = await refusal;
        if (target === undefined) return undefined;
        return {
          errors: [
            {
              text: `"${args.path}" leads to ${target}, which is outside the site folder: nothing outside it is read or published.`,
              detail: { outsideSite: args.path },
            },
          ],
        };
      });
    },
  };
}
