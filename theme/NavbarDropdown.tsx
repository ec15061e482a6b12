// A navbar dropdown: a button naming the current choice and a menu of links. Opens on click (and
// on hover on desktop, through CSS); Escape or a click elsewhere closes it. Links to other sites
// open in a new tab, marked as such.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronIcon, ExternalLinkIcon } from './icons';
import { cx, isExternalHref, NEW_TAB_PROPS } from './utils';

export interface DropdownLink {
  label: string;
  href: string;
  active: boolean;
  /** Runs before the link is followed (a version choice is stored here). */
  onSelect?(): void;
  lang?: string;
  /** HTML of the site's own shown in place of the label. */
  html?: string;
  /** The site's own classes on the link. */
  className?: string;
}

/** HTML of the site's own among the links (a separator, a heading), written as it is. */
export interface DropdownHtml {
  value: string;
  className?: string;
}

export type DropdownEntry = DropdownLink | DropdownHtml;

export interface NavbarDropdownProps {
  label: string;
  /** The list's heading in the mobile drawer (`label` when absent). */
  heading?: string;
  /** Drawn before the label in the navbar. */
  icon?: ReactNode;
  /** Names the menu for assistive technology, e.g. "Docs version". */
  ariaLabel: string;
  links: DropdownEntry[];
  variant: 'bar' | 'menu';
  className?: string;
}

/** A link's text (or the site's HTML in its place), and the mark and attributes of a link to another site. */
function linkParts(link: DropdownLink) {
  const external = isExternalHref(link.href);
  const attributes = external ? NEW_TAB_PROPS : {};
  if (link.html !== undefined) return { attributes: { ...attributes, dangerouslySetInnerHTML: { __html: link.html } }, content: undefined };
  return {
    attributes,
    content: (
      <>
        {link.label}
        {external ? <ExternalLinkIcon className="icon-external" /> : null}
      </>
    ),
  };
}

/** An HTML entry of the list, as Docusaurus's `html` dropdown item: the site's markup in an `<li>`. */
function htmlEntry(entry: DropdownHtml, index: number, className?: string) {
  return <li key={`html-${index}`} className={cx(className, entry.className) || undefined} dangerouslySetInnerHTML={{ __html: entry.value }} />;
}

export default function NavbarDropdown({ label, heading, icon, ariaLabel, links, variant, className }: NavbarDropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (variant === 'menu') {
    // In the mobile drawer the choices are a plain list under a heading.
    return (
      <li className={cx('menu__list-item', className)}>
        <span className="menu__heading">{heading ?? label}</span>
        <ul className="menu__list" aria-label={ariaLabel}>
          {links.map((link, index) => {
            if ('value' in link) return htmlEntry(link, index, 'menu__list-item');
            const { attributes, content } = linkParts(link);
            return (
              <li key={link.href + link.label} className="menu__list-item">
                <a
                  className={cx('menu__link', link.active && 'menu__link--active', link.className)}
                  href={link.href}
                  lang={link.lang}
                  aria-current={link.active ? 'true' : undefined}
                  onClick={link.onSelect}
                  {...attributes}
                >
                  {content}
                </a>
              </li>
            );
          })}
        </ul>
      </li>
    );
  }

  return (
    <div ref={rootRef} className={cx('navbar-dropdown', open && 'navbar-dropdown--open', className)}>
      <button
        type="button"
        className="navbar__link navbar-dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel === label ? undefined : `${ariaLabel}: ${label}`}
        onClick={() => setOpen(!open)}
      >
        {icon}
        <span className="navbar__label">{label}</span>
        <ChevronIcon className="navbar-dropdown__chevron" />
      </button>
      <ul id={menuId} className="navbar-dropdown__menu" aria-label={ariaLabel}>
        {links.map((link, index) => {
          if ('value' in link) return htmlEntry(link, index);
          const { attributes, content } = linkParts(link);
          return (
            <li key={link.href + link.label}>
              <a
                className={cx('navbar-dropdown__link', link.active && 'navbar-dropdown__link--active', link.className)}
                href={link.href}
                lang={link.lang}
                aria-current={link.active ? 'true' : undefined}
                onClick={() => {
                  link.onSelect?.();
                  setOpen(false);
                }}
                {...attributes}
              >
                {content}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
