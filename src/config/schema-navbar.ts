/** The config schema of links and items: link targets, footer links, and the navbar's items of every kind. */
import * as z from 'zod';

export const linkTarget = z
  .object({
    label: z.string().min(1),
    /** A route inside the site, e.g. `/docs/intro`. */
    to: z.string().startsWith('/').optional(),
    /** An absolute URL outside the site. */
    href: z.url().optional(),
  })
  .strict()
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route in the site) or `href` (an external URL)',
  });

/** Keys a link's attributes may not have: those React gives a meaning of its own, and event handlers. */
const RESERVED_ATTRIBUTE = /^(children|dangerouslySetInnerHTML|key|ref|style|on[A-Z].*)$/;

/** Attributes of the site's own on a link (`rel`, `data-*`, `aria-*`...), written on its element as they are. */
export const linkAttributes = z.record(
  z
    .string()
    .regex(/^[A-Za-z_:][\w:.-]*$/, 'must be an HTML attribute name')
    .refine((name) => !RESERVED_ATTRIBUTE.test(name), 'cannot be set as an attribute of a link (React handlers, style, children and key are not attributes)'),
  z.union([z.string(), z.number(), z.boolean()]),
);

/** A footer link: a `linkTarget` that may carry the site's classes and attributes (Docusaurus passes a link's other keys to its `<a>`). */
export const footerLink = z
  .object({
    label: z.string().min(1),
    to: z.string().startsWith('/').optional(),
    href: z.url().optional(),
    className: z.string().min(1).optional(),
    attributes: linkAttributes.optional(),
  })
  .strict()
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route in the site) or `href` (an external URL)',
  });

/** A footer item of HTML of the site's own, written as it is (`className` on its element). */
export const footerHtml = z.object({ html: z.string(), className: z.string().min(1).optional() }).strict();

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Classes of the site's own on a navbar item's element (for an icon drawn by the site's CSS, say). */
const itemClassName = z.string().min(1).optional();

/** Which side of the navbar an item sits on. */
const itemPosition = z.enum(['left', 'right']).default('left');

export const navbarItem = z
  .object({
    /** The link's text; a link drawn by the site's CSS alone (`className`) has none, and says what it is in `ariaLabel`. */
    label: z.string().min(1).optional(),
    to: z.string().startsWith('/').optional(),
    href: z.url().optional(),
    position: itemPosition,
    activeBasePath: z.string().startsWith('/').optional(),
    /** A regular expression the route (with the base URL) matches on the pages the item is active on. */
    activeBaseRegex: z
      .string()
      .refine((source) => isRegExp(source), 'must be a regular expression')
      .optional(),
    ariaLabel: z.string().optional(),
    /** Where the link opens: `_blank` a new tab, `_self` this one (links to other sites open in a new tab unless told). */
    target: z.string().min(1).optional(),
    className: itemClassName,
    /** The link's content as HTML of the site's own, in place of `label`. */
    html: z.string().optional(),
  })
  .strict()
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route in the site) or `href` (an external URL)',
  })
  .refine((item) => item.label !== undefined || item.html !== undefined || item.ariaLabel !== undefined, {
    message: 'give a `label` (or `html`), or an `ariaLabel` for a link without text',
  });

/** HTML of the site's own in the navbar, written as it is (Docusaurus's `html` item). */
/** Where the search box sits among the items (Docusaurus's `{ type: 'search' }`); without one it comes after the right-hand items. */
export const navbarSearchItem = z
  .object({
    type: z.literal('search'),
    position: itemPosition,
    className: itemClassName,
  })
  .strict();

export const navbarHtmlItem = z
  .object({
    type: z.literal('html'),
    value: z.string(),
    position: itemPosition,
    className: itemClassName,
  })
  .strict();

/** A link in a menu of the site's own: its text, or HTML of the site's own in its place (`html`). */
const dropdownLink = z
  .object({
    label: z.string().min(1).optional(),
    html: z.string().optional(),
    to: z.string().startsWith('/').optional(),
    href: z.url().optional(),
    className: itemClassName,
  })
  .strict()
  .refine((item) => (item.to === undefined) !== (item.href === undefined), {
    message: 'give exactly one of `to` (a route in the site) or `href` (an external URL)',
  })
  .refine((item) => item.label !== undefined || item.html !== undefined, { message: 'give a `label` or `html`' });

/** HTML of the site's own among a menu's links (a separator, a heading), written as it is. */
const dropdownHtml = z.object({ type: z.literal('html'), value: z.string(), className: itemClassName }).strict();

/** A navbar menu of the site's own links and HTML under a label (Docusaurus's `dropdown` item). */
export const navbarLinksDropdown = z
  .object({
    type: z.literal('dropdown'),
    label: z.string().min(1),
    position: itemPosition,
    items: z.array(z.union([dropdownHtml, dropdownLink])).min(1),
    className: itemClassName,
  })
  .strict();

/**
 * A navbar link to a doc (`type: 'doc'`, by its id) or to the first page of a sidebar
 * (`type: 'docSidebar'`, by the sidebar's name), as Docusaurus's navbar item types: the route
 * table settles where it leads and its label, and it is active on every page of that sidebar.
 * `docsPluginId` names the docs set (an `extraDocs` id) the doc or sidebar is in; `default` is `docs`.
 */
const docItemFields = {
  label: z.string().min(1).optional(),
  position: itemPosition,
  className: itemClassName,
  docsPluginId: z.string().min(1).optional(),
};

export const navbarDocItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('doc'), docId: z.string().min(1), ...docItemFields }).strict(),
  z.object({ type: z.literal('docSidebar'), sidebarId: z.string().min(1), ...docItemFields }).strict(),
]);

/**
 * A navbar dropdown docsite fills itself: the docs versions, or the site's locales (as Docusaurus's
 * navbar item types), with links of the site's own before and after them.
 */
export const navbarDropdown = z
  .object({
    type: z.enum(['docsVersionDropdown', 'localeDropdown']),
    position: itemPosition,
    /** A version dropdown's docs set (an `extraDocs` id); the main docs, `default`, when absent. */
    docsPluginId: z.string().min(1).optional(),
    dropdownItemsBefore: z.array(linkTarget).default([]),
    dropdownItemsAfter: z.array(linkTarget).default([]),
    className: itemClassName,
  })
  .strict();

/**
 * An item of a type the site adds (Docusaurus's `custom-*` types), or Docusaurus's `docsVersion` link:
 * drawn by the component src/theme/NavbarItem/ComponentTypes maps its type to, given its other keys as props.
 */
export const navbarComponentItem = z
  .object({
    type: z.string().regex(/^(custom-.+|docsVersion)$/, "a navbar item type of the site's own starts with custom-"),
    position: itemPosition,
  })
  .catchall(z.unknown())
  // Held apart from the item's props, under a key no other kind of item has.
  .transform(({ type, position, ...props }) => ({ position, component: { type, props } }));

/** The navbar's items, each of the kinds above. */
export const navbarItems = z
  .array(z.union([navbarDropdown, navbarLinksDropdown, navbarHtmlItem, navbarSearchItem, navbarDocItem, navbarComponentItem, navbarItem]))
  .default([]);
