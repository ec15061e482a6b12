/**
 * SVG files imported by the site's JavaScript and TypeScript files are React components, as Docusaurus
 * gives them (`import Logo from '@site/static/img/logo.svg'`, then `<Logo className="x" />`): the
 * component draws the file's <svg> with its attributes, the props on top. Markdown keeps SVG files as
 * URLs (`![](./flow.svg)`), as every other image. Each file first goes through svgo's default preset,
 * as Docusaurus's SVGR does: an editor's leftovers go, and ids nothing refers to with them (which
 * would repeat when a page draws two drawings from one editor); the ids in use keep their names.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { PLAIN_RESOLVE } from './site-boundary';

const NAMESPACE = 'docsite-svg-component';
const CODE_FILE = /\.[cm]?[jt]sx?$/;
const SKIP = Symbol('docsite-svg-resolve');

/** An SVG attribute's name as React takes it: `class` -> `className`, `stroke-width` -> `strokeWidth`, `xlink:href` -> `xlinkHref`. */
function propName(name: string): string {
  if (name === 'class') return 'className';
  if (name.startsWith('data-') || name.startsWith('aria-')) return name;
  return name.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** A `style` attribute as React's style object. */
function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of style.split(';')) {
    const colon = rule.indexOf(':');
    if (colon < 0) continue;
    const key = rule.slice(0, colon).trim();
    if (key) out[key.startsWith('--') ? key : key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = rule.slice(colon + 1).trim();
  }
  return out;
}

/** The module of a component drawing `source`, an SVG file's text. */
export function svgComponentModule(source: string, file: string): string {
  const open = /<svg\b([^>]*)>/i.exec(source);
  const close = source.lastIndexOf('</svg>');
  if (!open || close < open.index) throw new Error(`${file} has no <svg> element`);
  const attributes: Record<string, unknown> = {};
  for (const match of open[1]!.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    attributes[propName(match[1]!)] = match[1] === 'style' ? styleObject(value) : value;
  }
  const selfClosing = open[1]!.trimEnd().endsWith('/');
  const inner = selfClosing ? '' : source.slice(open.index + open[0].length, close);
  return [
    "import { createElement } from 'react';",
    `const attributes = ${JSON.stringify(attributes)};`,
    `const inner = { __html: ${JSON.stringify(inner)} };`,
    'export default function SvgComponent({ title, ...props }) {',
    '  const children = title ? { __html: `<title>${String(title).replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</title>` + inner.__html } : inner;',
    '  return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: children });',
    '}',
  ].join('\n');
}

/** The SVG as svgo's default preset leaves it (a title and the viewBox stay, as Docusaurus keeps them); as it was when svgo cannot read it. */
export async function optimizedSvg(source: string, file: string): Promise<string> {
  // Loaded here, not at the top: only a site whose code imports an SVG file runs svgo.
  const { optimize } = await import('svgo');
  try {
    // Ids something refers to keep their names: shortened to `a`, `b`, two drawings on one page would share them.
    return optimize(source, { path: file, plugins: [{ name: 'preset-default', params: { overrides: { cleanupIds: { minify: false } } } }] }).data;
  } catch {
    return source;
  }
}

export function svgComponents(): Plugin {
  return {
    name: 'docsite-svg-components',
    setup(b) {
      b.onResolve({ filter: /\.svg$/i }, async (args) => {
        // A resolve made only to learn where a path leads (ours, or the site boundary's) takes the plain way.
        if (args.pluginData === SKIP || args.pluginData === PLAIN_RESOLVE || !CODE_FILE.test(args.importer) || args.importer.includes(':')) return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: SKIP });
        if (found.errors.length > 0 || found.external || found.namespace !== 'file') return undefined;
        return { path: found.path, namespace: NAMESPACE };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
        contents: svgComponentModule(await optimizedSvg(await readFile(args.path, 'utf8'), args.path), args.path),
        loader: 'js',
        resolveDir: path.dirname(args.path),
        watchFiles: [args.path],
      }));
    },
  };
}
