// One navbar item as a link, used in the desktop bar and in the mobile drawer.
import type { NavbarItem } from '../src/shared/types';
import { ExternalLinkIcon } from './icons';
import { cx, isExternalHref, NEW_TAB_PROPS } from './utils';

export interface NavbarItemLinkProps {
  item: NavbarItem;
  active: boolean;
  /** `bar` for the desktop navbar, `menu` for the mobile drawer list. */
  variant: 'bar' | 'menu';
}

export default function NavbarItemLink({ item, active, variant }: NavbarItemLinkProps) {
  // An item that is only HTML of the site's own (no link of docsite's around it).
  if (item.html !== undefined && !item.href)
    return <div className={cx(variant === 'bar' ? 'navbar__item' : 'menu__item', item.className)} dangerouslySetInnerHTML={{ __html: item.html }} />;
  const external = item.external ?? isExternalHref(item.href);
  // A target the site sets wins: `_self` keeps a link to another site in this tab.
  const newTab = item.target === undefined ? external : item.target === '_blank';
  const targetProps = newTab ? NEW_TAB_PROPS : item.target ? { target: item.target } : {};
  return (
    <a
      className={cx(
        variant === 'bar' ? 'navbar__link' : 'menu__link',
        active && (variant === 'bar' ? 'navbar__link--active' : 'menu__link--active'),
        item.className,
      )}
      href={item.href}
      aria-current={active ? 'page' : undefined}
      aria-label={item.ariaLabel}
      {...targetProps}
    >
      {item.html !== undefined ? (
        <span className="navbar__label" dangerouslySetInnerHTML={{ __html: item.html }} />
      ) : item.label ? (
        <span className="navbar__label">{item.label}</span>
      ) : null}
      {/* HTML of the site's own is the whole content, as in Docusaurus: no mark of docsite's after it. */}
      {external && item.html === undefined ? <ExternalLinkIcon className="icon-external" /> : null}
    </a>
  );
}

function matchesBase(route: string, base: string): boolean {
  if (base.endsWith('/')) return route.startsWith(base) || route === base.slice(0, -1);
  return route === base || route.startsWith(`${base}/`);
}

/**
 * The index of the item the current route belongs to: an item for the page's docs sidebar, else the
 * longest matching `activeBasePath` (so `/docs/api/` wins over `/docs/` on API pages), or an internal
 * item whose href is the route.
 */
export function activeNavbarIndex(items: readonly NavbarItem[], route: string, sidebar?: string): number {
  let best = -1;
  let bestLength = -1;
  items.forEach((item, index) => {
    if (item.dropdown || !item.href) return;
    const external = item.external ?? isExternalHref(item.href);
    let length = -1;
    if (sidebar !== undefined && item.activeSidebar === sidebar) length = Number.MAX_SAFE_INTEGER;
    else if (item.activeBasePath && matchesBase(route, item.activeBasePath)) length = item.activeBasePath.length;
    else if (item.activeBaseRegex && new RegExp(item.activeBaseRegex).test(route)) length = route.length;
    else if (!external && item.href.replace(/\/$/, '') === route.replace(/\/$/, '')) length = item.href.length;
    if (length > bestLength) {
      best = index;
      bestLength = length;
    }
  });
  return best;
}
