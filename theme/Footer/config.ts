/**
 * The footer as Docusaurus's themeConfig.footer has it (`links`, `logo`, `copyright` as HTML), made
 * from the site data: what `useThemeConfig().footer` gives and what the footer's parts take.
 */
import type { SiteData } from '../../src/shared/types';

/** A footer link: `href` (or `to`, a site path) and `label`, or HTML of the site's own; other keys are attributes of the link. */
export interface FooterLinkItem {
  label?: string;
  to?: string;
  href?: string;
  html?: string;
  className?: string;
  [attribute: string]: unknown;
}

/** A column of links under a title (null for none). */
export interface FooterColumnItem {
  title: string | null;
  className?: string;
  items: FooterLinkItem[];
}

export interface FooterLogo {
  alt?: string;
  src: string;
  href?: string;
  target?: string;
  width?: string | number;
  height?: string | number;
  className?: string;
}

export interface FooterConfig {
  style: 'light' | 'dark';
  /** Columns, or one row of links (Docusaurus's simple footer). */
  links: FooterColumnItem[] | FooterLinkItem[];
  /** HTML, as under Docusaurus. */
  copyright?: string;
  logo?: FooterLogo;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text as HTML, escaped as React escapes text, so that the same line renders the same either way. */
const textAsHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The site's footer in Docusaurus's shape; undefined when it has nothing to show, as a config without `footer`. */
export function footerConfigOf(footer: SiteData['footer']): FooterConfig | undefined {
  const { columns, copyright, copyrightHtml, logo, style = 'light' } = footer;
  if (columns.length === 0 && !copyright && copyrightHtml === undefined && !logo) return undefined;
  const html = copyrightHtml ?? (copyright ? textAsHtml(copyright) : undefined);
  return {
    style,
    links: columns.map((column) => ({
      title: column.title ?? null,
      ...(column.className ? { className: column.className } : {}),
      items: column.items.map((item) => {
        if ('html' in item) return { html: item.html, ...(item.className ? { className: item.className } : {}) };
        // The site's attributes first: the link's own keys win.
        const { attributes, ...link } = item;
        return { ...attributes, ...link };
      }),
    })),
    ...(html ? { copyright: html } : {}),
    ...(logo ? { logo } : {}),
  };
}

/** Whether links are columns (Docusaurus's multi-column footer) rather than one row of links. */
export function isMultiColumn(links: FooterConfig['links']): links is FooterColumnItem[] {
  const first = links[0] as Partial<FooterColumnItem> | undefined;
  return first !== undefined && ('title' in first || Array.isArray(first.items));
}
