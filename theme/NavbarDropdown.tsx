// A navbar dropdown: a button naming the current choice and a menu of links. Opens on click (and
// on hover on desktop, through CSS); Escape or a click elsewhere closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { ChevronIcon } from './icons';
import { cx } from './utils';

export interface DropdownLink {
  label: string;
  href: string;
  active: boolean;
  /** Runs before the link is followed (a version choice is stored here). */
  onSelect?(): void;
  lang?: string;
}

export interface NavbarDropdownProps {
  label: string;
  /** Names the menu for assistive technology, e.g. "Docs version". */
  ariaLabel: string;
  links: DropdownLink[];
  variant: 'bar' | 'menu';
  className?: string;
}

export default function NavbarDropdown({ label, ariaLabel, links, variant, className }: NavbarDropdownProps) {
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
        <span className="menu__heading">{label}</span>
        <ul className="menu__list" aria-label={ariaLabel}>
          {links.map((link) => (
            <li key={link.href + link.label} className="menu__list-item">
              <a
                className={cx('menu__link', link.active && 'menu__link--active')}
                href={link.href}
                lang={link.lang}
                aria-current={link.active ? 'true' : undefined}
                onClick={link.onSelect}
              >
                {link.label}
              </a>
            </li>
          ))}
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
        aria-label={`${ariaLabel}: ${label}`}
        onClick={() => setOpen(!open)}
      >
        <span className="navbar__label">{label}</span>
        <ChevronIcon className="navbar-dropdown__chevron" />
      </button>
      <ul id={menuId} className="navbar-dropdown__menu" aria-label={ariaLabel}>
        {links.map((link) => (
          <li key={link.href + link.label}>
            <a
              className={cx('navbar-dropdown__link', link.active && 'navbar-dropdown__link--active')}
              href={link.href}
              lang={link.lang}
              aria-current={link.active ? 'true' : undefined}
              onClick={() => {
                link.onSelect?.();
                setOpen(false);
              }}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
