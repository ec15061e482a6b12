/**
 * Site theme overrides, as Docusaurus's swizzled components: `src/theme/<Name>.tsx` in the site
 * folder takes the place of the theme's `<Name>` wherever it is imported, by pages (`@theme/Name`)
 * and by the theme's own files (`./Name`). `@theme-original/<Name>` is always the theme's own, so
 * an override can wrap it. A few of Docusaurus's names stand for the docsite component that plays the
 * same part under another name (`DocVersionBanner` is docsite's `VersionBanner`).
 */
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { DocsiteError } from '../../core/errors';
import { isInsideFolder } from '../../core/paths';

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

/** Docusaurus's name of a theme component, where docsite's own has another. */
const DOCUSAURUS_NAMES: Record<string, string> = {
  DocVersionBanner: 'VersionBanner',
  TOC: 'TableOfContents',
  TOCCollapsible: 'TocCollapsible',
};

/** The theme's name for a component named the Docusaurus way or docsite's way. */
const themeName = (name: string): string => (Object.hasOwn(DOCUSAURUS_NAMES, name) ? DOCUSAURUS_NAMES[name]! : name);

/** Override files by component name (`Tabs`, `blog/BlogLayout`), read from `<site>/src/theme`. */
export function findThemeOverrides(siteDir: string): Map<string, string> {
  const root = path.join(siteDir, 'src', 'theme');
  const found = new Map<string, string>();
  if (!existsSync(root)) return found;
  const site = realpathSync(siteDir);
  // Links are followed only within the site (esbuild would read whatever one leads to), each folder once.
  const checked = (file: string): string => {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      throw new DocsiteError({
        code: 'CONTENT_LINK_BROKEN',
        message: 'This is a symbolic link that leads nowhere.',
        hint: 'Point the link at a file in the site folder, or remove it.',
        loc: { file: path.relative(siteDir, file) },
      });
    }
    if (isInsideFolder(site, real) || real === site) return real;
    throw new DocsiteError({
      code: 'CONTENT_LINK_OUTSIDE',
      message: `This is a symbolic link to ${real}, which is outside the site folder.`,
      hint: 'docsite never reads or publishes files outside the site folder. Copy the component into src/theme, or remove the link.',
      loc: { file: path.relative(siteDir, file) },
    });
  };
  const seen = new Set<string>();
  const walk = (dir: string) => {
    const real = checked(dir);
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(dir, entry.name);
      const target = entry.isSymbolicLink() ? checked(file) : file;
      if (entry.isSymbolicLink() ? statSync(target).isDirectory() : entry.isDirectory()) walk(file);
      else if (EXTENSIONS.includes(path.extname(entry.name)) && !/\.d\.ts$/.test(entry.name)) {
        const name = themeName(nameOf(root, file));
        if (!found.has(name)) found.set(name, target);
      }
    }
  };
  walk(root);
  return found;
}

/**
 * Overrides (`findThemeOverrides`'s) that no module of the shared bundle imports (`inputs`, its files by absolute path): a
 * component docsite's theme does not have, or does not render, under the name the file takes. Without
 * a word the site would lose what the override adds.
 */
export function unusedThemeOverrides(siteDir: string, overrides: Map<string, string>, inputs: Iterable<string>): DocsiteError[] {
  if (overrides.size === 0) return [];
  const real = (file: string) => {
    try {
      return realpathSync(file);
    } catch {
      return file;
    }
  };
  const used = new Set([...inputs].map(real));
  return [...overrides.values()]
    .filter((file) => !used.has(real(file)))
    .map(
      (file) =>
        new DocsiteError({
          code: 'THEME_OVERRIDE_UNUSED',
          message: `Nothing imports this override: docsite's theme has no component \`${nameOf(path.join(siteDir, 'src', 'theme'), file)}\` that it renders, so the site is built without it.`,
          loc: { file: path.relative(siteDir, file) },
        }),
    );
}

/** `Tabs` for `<root>/Tabs.tsx` or `<root>/Tabs/index.tsx`. */
function nameOf(root: string, file: string): string {
  const name = path
    .relative(root, file)
    .split(path.sep)
    .join('/')
    .replace(/\.[jt]sx?$/, '');
  return name.endsWith('/index') ? name.slice(0, -'/index'.length) : name;
}

function themeFile(themeDir: string, name: string): string | undefined {
  for (const candidate of [...EXTENSIONS.map((ext) => path.join(themeDir, name + ext)), ...EXTENSIONS.map((ext) => path.join(themeDir, name, `index${ext}`))]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function themeOverrides(options: { themeDir: string; siteDir: string; componentNavbarItems?: boolean }): Plugin {
  let overrides = findThemeOverrides(options.siteDir);
  return {
    name: 'docsite-theme-overrides',
    setup(b) {
      // A kept esbuild context (docsite serve) rebuilds with the same plugin: read the folder again each time.
      let first = true;
      b.onStart(() => {
        if (!first) overrides = findThemeOverrides(options.siteDir);
        first = false;
      });
      b.onResolve({ filter: /^@theme-original\// }, (args) => {
        const name = args.path.slice('@theme-original/'.length);
        const file = themeFile(options.themeDir, themeName(name));
        if (file) return { path: file };
        return { errors: [{ text: `@theme-original/${name} names no component of the theme.` }] };
      });
      // A navbar with no item of a component type never draws NavbarItem: the theme's navbar gets a stand-in without ComponentTypes.
      if (options.componentNavbarItems === false)
        b.onResolve({ filter: /^\.\/NavbarItem$/ }, (args) =>
          args.importer.startsWith(options.themeDir + path.sep) && path.dirname(args.importer) === options.themeDir
            ? { path: path.join(options.themeDir, 'NavbarItem', 'none.tsx') }
            : undefined,
        );
      b.onResolve({ filter: /^(@theme\/|\.\.?\/)/ }, (args) => {
        let name: string | undefined;
        if (args.path.startsWith('@theme/')) name = args.path.slice('@theme/'.length).replace(/\.[jt]sx?$/, '');
        else if (overrides.size > 0 && args.importer.startsWith(options.themeDir + path.sep)) {
          const target = path.resolve(args.resolveDir, args.path);
          if (target.startsWith(options.themeDir + path.sep)) name = nameOf(options.themeDir, target);
        }
        if (name === undefined) return undefined;
        const file = overrides.get(themeName(name));
        // An override importing `@theme/` of its own name gets the theme's, not itself.
        if (file && file !== args.importer) return { path: file };
        // A Docusaurus name the theme knows by another: the theme's component of that other name.
        const own = themeName(name) !== name ? themeFile(options.themeDir, themeName(name)) : undefined;
        return own ? { path: own } : undefined;
      });
    },
  };
}
