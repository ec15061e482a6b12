/**
 * Sass stylesheets (`.scss`, `.sass`), as a Docusaurus site with docusaurus-plugin-sass has them: its
 * customCss and the files its components import, CSS modules too. They are compiled with the `sass`
 * package the site installed (the plugin's own compiler); without it a stylesheet is an error that
 * names the file and says what to install.
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { isInsideFolder } from '../../core/paths';

export const SASS_FILE = /\.s[ac]ss$/i;

interface SassCompiler {
  compile(file: string, options: { loadPaths?: string[]; style?: 'expanded' }): { css: string; loadedUrls: URL[] };
}

/** What a Sass stylesheet became: its CSS and every file it read (for rebuilds when a partial changes). */
export interface CompiledStyle {
  css: string;
  files: string[];
}

/** The site's `sass` package, or undefined when it has none. */
function siteSass(siteDir: string): SassCompiler | undefined {
  try {
    return createRequire(path.join(siteDir, 'package.json'))('sass') as SassCompiler;
  } catch {
    return undefined;
  }
}

/** A `.scss`/`.sass` file as CSS, compiled by the site's `sass`; throws an Error naming the file and the fix. */
export function compileSass(file: string, siteDir: string): CompiledStyle {
  const sass = siteSass(siteDir);
  const shown = path.relative(siteDir, file) || file;
  if (!sass) {
    throw new Error(
      `${shown} is a Sass stylesheet, and the site has no sass package to compile it: ` +
        'install it in the site folder (npm install --save-dev sass), as docusaurus-plugin-sass needs it under Docusaurus too.',
    );
  }
  const result = sass.compile(file, { loadPaths: [path.join(siteDir, 'node_modules')], style: 'expanded' });
  const files = result.loadedUrls.filter((url) => url.protocol === 'file:').map((url) => fileURLToPath(url));
  refuseOutside(files, siteDir, shown);
  return { css: result.css, files };
}

/**
 * A stylesheet may load the site's files and its installed packages' (found through node_modules,
 * wherever that leads), never a file outside the site folder by a `..` path or a link: its CSS is
 * then not published, and the build stops naming the file.
 */
function refuseOutside(files: string[], siteDir: string, shown: string): void {
  const site = realpathSync(siteDir);
  const packages = path.join(siteDir, 'node_modules');
  for (const file of files) {
    const real = realpathSync(file);
    if (isInsideFolder(site, real) || isInsideFolder(packages, file)) continue;
    throw new Error(
      `${shown} loads ${real}, which is outside the site folder: nothing outside it is read or published. Copy the file into the site folder and load it from there.`,
    );
  }
}

/** Where an error from `sass` points: its span's line and column (1-based), when it has one. */
function sassLocation(error: unknown, file: string): { file: string; line: number; column: number; lineText: string } | undefined {
  const span = (error as { span?: { url?: URL; start?: { line: number; column: number }; context?: string } }).span;
  if (!span?.start) return undefined;
  return {
    file: span.url?.protocol === 'file:' ? fileURLToPath(span.url) : file,
    line: span.start.line + 1,
    column: span.start.column,
    lineText: span.context?.split('\n')[0] ?? '',
  };
}

/** Loads plain `.scss`/`.sass` files (CSS modules of them are cssModules'): compiled to CSS where esbuild reads them. */
export function sassStyles(siteDir: string): Plugin {
  return {
    name: 'docsite-sass',
    setup(b) {
      b.onLoad({ filter: SASS_FILE, namespace: 'file' }, (args) => {
        try {
          const { css, files } = compileSass(args.path, siteDir);
          return { contents: css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles: files };
        } catch (error) {
          const location = sassLocation(error, args.path) ?? { file: args.path, line: 1, column: 0, lineText: '' };
          const text = (error as { sassMessage?: string }).sassMessage ?? (error as Error).message;
          return { errors: [{ text, location }], watchFiles: [args.path] };
        }
      });
    },
  };
}
