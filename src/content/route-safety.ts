/**
 * Routes made from what a site's author writes (a frontmatter slug or id, a file or folder name):
 * refused when the file written for one could land anywhere but at its own place in the output.
 */
import { DocsiteError, codeFrame } from '../core/errors';
import { unsafeRouteReason } from '../core/paths';
import { lineOfKey } from './frontmatter';

export interface RouteSourceOptions {
  /** The route the page gets. */
  route: string;
  /** Frontmatter values the route is made from, by key (`slug`, `id`): an unsafe one is blamed at its key. */
  keys: Record<string, string | undefined>;
  /** The file, relative to the site folder. */
  source: string;
  /** Its text, read only when there is something to locate in it. */
  text: () => Promise<string>;
}

/** The error for a route that cannot be written safely, located at the frontmatter key it comes from, else at the file; undefined when it is safe. */
export async function unsafeRouteError(options: RouteSourceOptions): Promise<DocsiteError | undefined> {
  for (const [key, value] of Object.entries(options.keys)) {
    const reason = value === undefined ? undefined : unsafeRouteReason(value);
    if (!reason) continue;
    const text = await options.text();
    const line = lineOfKey(text, key);
    return new DocsiteError({
      code: 'ROUTE_UNSAFE',
      message: `The frontmatter ${key} ${JSON.stringify(value)} cannot be used: ${reason}, so the page could be written outside its place in the output folder.`,
      loc: { file: options.source, line, column: 1 },
      frame: codeFrame(text, line, 1),
    });
  }
  const reason = unsafeRouteReason(options.route);
  if (!reason) return undefined;
  return new DocsiteError({
    code: 'ROUTE_UNSAFE',
    message: `The route ${JSON.stringify(options.route)} this file would get cannot be used: ${reason}, so the page could be written outside its place in the output folder.`,
    hint: 'Rename the file or folder (a number prefix such as `01-` is taken off a name), or give the page a slug in its frontmatter.',
    loc: { file: options.source },
  });
}

/**
 * Every route of the site checked once more, including those no loader locates (a category's
 * generated index, an API page): an error each, at its source file when it has one.
 */
export function unsafeRouteErrors(entries: Iterable<{ route: string; source?: string }>): DocsiteError[] {
  const errors: DocsiteError[] = [];
  for (const entry of entries) {
    const reason = unsafeRouteReason(entry.route);
    if (!reason) continue;
    errors.push(
      new DocsiteError({
        code: 'ROUTE_UNSAFE',
        message: `The route ${JSON.stringify(entry.route)}${entry.source ? '' : ' of a generated page (a category index, a tag or author page, an API page)'} cannot be used: ${reason}, so the page could be written outside its place in the output folder.`,
        hint: 'Give the page, or the category, tag or module it is made for, a slug or name without `.` or `..` segments, backslashes or NUL characters.',
        ...(entry.source ? { loc: { file: entry.source } } : {}),
      }),
    );
  }
  return errors;
}
