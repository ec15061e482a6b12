/**
 * The files a stylesheet's `url()` names (fonts, images), in the site's CSS and in the packages it
 * imports: each is published under assets/ by its content hash, as a file imported from code is, and
 * the stylesheet points at it there. A root-relative `url(/fonts/x.ttf)` is the static folder's file,
 * as Docusaurus resolves it, and keeps its place under the base URL.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { isInsideFolder } from '../../core/paths';
import { assetName } from './bundle';
import { PLAIN_RESOLVE } from './site-boundary';

export interface CssUrlsOptions {
  staticDir?: string;
  read: () => { baseUrl: string; emitted: Map<string, Uint8Array>; sources?: Map<string, string> };
}

export function cssUrls(options: CssUrlsOptions): Plugin {
  return {
    name: 'docsite-css-urls',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        // A resolve made only to learn where a path leads (this plugin's own, the site boundary's) is esbuild's.
        if (args.kind !== 'url-token' || args.pluginData === PLAIN_RESOLVE) return undefined;
        // data:, http(s):, protocol-relative and fragment-only URLs stay as they are written.
        if (/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(args.path)) return undefined;
        const [, file = '', suffix = ''] = /^([^?#]*)([?#].*)?$/.exec(args.path) ?? [];
        const { baseUrl, emitted, sources } = options.read();
        if (file.startsWith('/')) {
          const candidate = options.staticDir ? path.join(options.staticDir, file) : undefined;
          // Not in the static folder: esbuild reports the url as unresolved, at its line.
          if (!candidate || !isInsideFolder(options.staticDir!, candidate) || !existsSync(candidate)) return undefined;
          return { path: `${baseUrl}${file.slice(1)}${suffix}`, external: true };
        }
        const found = await b.resolve(file, { kind: 'url-token', resolveDir: args.resolveDir, importer: args.importer, pluginData: PLAIN_RESOLVE });
        if (found.errors.length > 0 || found.external || !found.path) return found.errors.length > 0 ? { errors: found.errors } : undefined;
        const contents = await readFile(found.path);
        const name = assetName(found.path, contents);
        emitted.set(name, contents);
        sources?.set(found.path, name);
        return { path: `${baseUrl}${name}${suffix}`, external: true };
      });
    },
  };
}
