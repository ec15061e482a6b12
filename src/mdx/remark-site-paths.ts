/**
 * Marks the Markdown links and images written with a path in the site (`/docs/intro`, `/img/a.png`)
 * so the theme's link and image give them the base URL of the page's locale, as Docusaurus's Link
 * and its static-file images do: in a locale at `/fr/`, `/img/a.png` is the locale's copy. Run last,
 * so links the site's own remark plugins add are marked too.
 */
import type { Image, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';

/** The property a marked element carries (`data-site-path`), which the theme reads and drops. */
export const SITE_PATH_PROPERTY = 'dataSitePath';

export function remarkSitePaths() {
  return (tree: Root): void => {
    visit(tree, (node) => {
      if (node.type !== 'link' && node.type !== 'image') return;
      const { url } = node as Link | Image;
      if (!url.startsWith('/') || url.startsWith('//')) return;
      node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [SITE_PATH_PROPERTY]: '' } };
    });
  };
}
