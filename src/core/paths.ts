/** Pure helpers turning content file paths into doc ids, slugs and routes (Docusaurus conventions). */
import path from 'node:path';

export { applyTrailingSlash, type SlashPolicy } from '../shared/trailing-slash';

/** `01-intro`, `01_intro`, `01.intro`, `01 - intro` carry a number prefix; dates and versions do not. */
const NUMBER_PREFIX = /^(\d+)\s*[-_.]+\s*(?=[^\d])/;
const DATE_OR_VERSION = /^\d+[-_.]\d+/;

export interface PrefixParts {
  name: string;
  position?: number;
}

export function stripNumberPrefix(segment: string): PrefixParts {
  if (DATE_OR_VERSION.test(segment)) return { name: segment };
  const match = NUMBER_PREFIX.exec(segment);
  if (!match) return { name: segment };
  return { name: segment.slice(match[0].length), position: Number(match[1]) };
}

/** `getting-started/01-quick-start.md` -> dir `getting-started`, base `quick-start`, position 1. */
export function parseDocPath(relativePath: string): { dirs: string[]; base: string; position?: number } {
  const segments = relativePath.split('/');
  const file = segments.pop()!;
  const stem = file.replace(/\.(mdx?|tsx?)$/, '');
  const { name, position } = stripNumberPrefix(stem);
  return { dirs: segments.map((dir) => stripNumberPrefix(dir).name), base: name, position };
}

/** Docs named index, README or like their folder stand for the folder itself. */
export function isCategoryIndex(dirs: string[], base: string): boolean {
  const lower = base.toLowerCase();
  return lower === 'index' || lower === 'readme' || (dirs.length > 0 && base === dirs[dirs.length - 1]);
}

/** Joins URL segments with single slashes, keeping a trailing slash when the last part has one. */
export function joinUrl(...parts: string[]): string {
  const trailing = parts.length > 0 && parts[parts.length - 1]!.endsWith('/');
  const body = parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');
  const joined = `/${body}`;
  return trailing && joined !== '/' ? `${joined}/` : joined;
}

/**
 * The slug of a doc, relative to the docs route base: frontmatter `slug` wins (absolute when it
 * starts with `/`, else relative to the doc's folder); category indexes map to their folder with a
 * trailing slash.
 */
export function docSlug(options: { dirs: string[]; base: string; frontMatterSlug?: string; id: string }): string {
  const { dirs, base, frontMatterSlug } = options;
  if (frontMatterSlug !== undefined) {
    return frontMatterSlug.startsWith('/') ? joinUrl(frontMatterSlug) : joinUrl(...dirs, frontMatterSlug);
  }
  if (isCategoryIndex(dirs, base)) return dirs.length === 0 ? '/' : `${joinUrl(...dirs)}/`;
  const idBase = options.id.split('/').pop()!;
  return joinUrl(...dirs, idBase);
}

/**
 * Output file of a route: `/docs/intro` -> `docs/intro/index.html`, `/` -> `index.html`; with
 * `trailingSlash: false` a route without its slash is a file of its own (`docs/intro.html`), as
 * Docusaurus writes it. A route ending in `.html` is that file.
 */
export function routeToFile(route: string, trailingSlash?: boolean): string {
  const clean = route.replace(/^\/+|\/+$/g, '');
  if (clean === '') return 'index.html';
  if (/\.html?$/i.test(clean)) return clean;
  if (trailingSlash === false && !route.endsWith('/')) return `${clean}.html`;
  return `${clean}/index.html`;
}

/**
 * Where a route's file goes in the output: the output folder is what a host serves at the base URL,
 * as Docusaurus writes it, so `guide/docs/intro/index.html` of the route `/guide/docs/intro` under the
 * base URL `/guide/` is `docs/intro/index.html`, beside the assets and static files.
 */
export function fileUnderBase(outFile: string, baseUrl: string): string {
  const base = baseUrl.replace(/^\/+/, '');
  if (base === '' || !outFile.startsWith(base)) return outFile;
  return outFile.slice(base.length) || 'index.html';
}

/** Route of a page file under content/pages (or src/pages): `index.tsx` -> `/`, `community/index.js` -> `/community/`. */
export function pageRoute(relativePath: string): string {
  const stem = relativePath.replace(/\.(mdx?|[jt]sx?)$/, '');
  const segments = stem.split('/');
  if (segments[segments.length - 1] === 'index') {
    segments.pop();
    return segments.length === 0 ? '/' : `${joinUrl(...segments)}/`;
  }
  return joinUrl(...segments);
}

/** Collapses `/a/` and `/a` so routes can be matched regardless of a trailing slash. */
export function routeKey(route: string): string {
  return route.length > 1 ? route.replace(/\/+$/, '') : route;
}

/** A site path with the base URL in front (`/docs/intro` -> `/base/docs/intro`); absolute URLs stay as they are. */
export function withBase(baseUrl: string, to: string): string {
  return /^[a-z]+:/i.test(to) ? to : `${baseUrl}${to.replace(/^\//, '')}`;
}

/**
 * Why a route, slug or path written by a user cannot name a place in the output, or undefined when
 * it can: a `.` or `..` segment (percent-encoded too, as `%2e%2e`), a backslash or a NUL would make
 * the file written for it land elsewhere than its URL says, outside the output folder at worst.
 */
export function unsafeRouteReason(route: string): string | undefined {
  let decoded = route;
  // Decoded a few times over: a server or a host may decode a path more than once.
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  if (decoded.includes('\0')) return 'it holds a NUL character';
  if (decoded.includes('\\')) return 'it holds a backslash';
  const dots = decoded.split('/').find((segment) => segment === '.' || segment === '..');
  if (dots !== undefined) return `it has a "${dots}" segment${decoded === route ? '' : ' once percent-decoded'}`;
  return undefined;
}

/** Whether `file` lies strictly inside `folder` (both absolute paths, compared as written: resolve links first). */
export function isInsideFolder(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The kinds of file a page or component may import as an asset (copied to assets/ under a content hash). */
export const ASSET_FILE = /\.(png|jpe?g|gif|svg|webp|avif|ico|woff2?|mp4|webm|pdf)$/i;
