/**
 * CSS modules (`import styles from './x.module.css'`) with class names made from the file and the
 * class, the same in the browser bundles and the server's, so the built HTML, the stylesheet and the
 * hydrated page agree (esbuild's own names change with minification). The rules go into the page's
 * stylesheet; `:global(.name)` keeps a name as written. A Sass module (`x.module.scss`) is compiled first.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { compileSass, SASS_FILE } from './sass-styles';
import { PLAIN_RESOLVE } from './site-boundary';

const NAMESPACE = 'docsite-css-module';
const MODULE_CSS = /\.module\.(css|s[ac]ss)$/i;
/** Marks the resolve this plugin makes to learn where an import leads. */
const SKIP = Symbol('docsite-css-module-resolve');

/** Rewrites the class selectors of `css` outside strings, url() and :global(); returns the new text and the names. */
export function scopeCssModule(css: string, file: string, siteDir: string): { css: string; names: Record<string, string> } {
  const hash = createHash('sha256').update(path.relative(siteDir, file).split(path.sep).join('/')).digest('hex').slice(0, 6);
  const stem = path
    .basename(file)
    .replace(MODULE_CSS, '')
    .replace(/[^\w-]/g, '_');
  const names: Record<string, string> = {};
  const kept = /\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|url\([^)]*\)|:global\(([^)]*)\)|(^|[^\w-])\.(-?[A-Za-z_][\w-]*)/g;
  const out = css.replace(kept, (whole, global: string | undefined, before: string | undefined, name: string | undefined) => {
    if (global !== undefined) return global;
    if (name === undefined) return whole;
    names[name] ??= `${stem}_${name}__${hash}`;
    return `${before}.${names[name]}`;
  });
  return { css: out, names };
}

/** A module's stylesheet as CSS, and the files it was made from: a Sass module compiled by the site's sass. */
async function moduleStyle(file: string, siteDir: string): Promise<{ css: string; files: string[] }> {
  return SASS_FILE.test(file) ? compileSass(file, siteDir) : { css: await readFile(file, 'utf8'), files: [file] };
}

/** What esbuild is told when a module's stylesheet cannot be read or compiled: the error, at the file. */
function styleError(error: unknown, file: string) {
  return { errors: [{ text: (error as Error).message, location: { file, line: 1, column: 0, lineText: '' } }], watchFiles: [file] };
}

export function cssModules(siteDir: string): Plugin {
  return {
    name: 'docsite-css-modules',
    setup(b) {
      // The import from code becomes a small module: the names, and an import of the rewritten rules.
      // Resolved the way any import is (`@site/...`, a package's file, the site boundary's check), then loaded here.
      b.onResolve({ filter: MODULE_CSS }, async (args) => {
        if (args.namespace === NAMESPACE || args.kind !== 'import-statement' || args.pluginData === SKIP || args.pluginData === PLAIN_RESOLVE) return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SKIP });
        if (found.errors.length > 0) return { errors: found.errors };
        return { path: found.path, namespace: NAMESPACE };
      });
      b.onResolve({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ path: args.path, namespace: `${NAMESPACE}-css` }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        try {
          const style = await moduleStyle(args.path, siteDir);
          const { names } = scopeCssModule(style.css, args.path, siteDir);
          return { contents: `import ${JSON.stringify(args.path)};\nexport default ${JSON.stringify(names)};\n`, loader: 'js', watchFiles: style.files };
        } catch (error) {
          return styleError(error, args.path);
        }
      });
      b.onLoad({ filter: /.*/, namespace: `${NAMESPACE}-css` }, async (args) => {
        try {
          const style = await moduleStyle(args.path, siteDir);
          return { contents: scopeCssModule(style.css, args.path, siteDir).css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles: style.files };
        } catch (error) {
          return styleError(error, args.path);
        }
      });
    },
  };
}
