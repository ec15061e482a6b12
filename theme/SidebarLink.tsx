// One sidebar link; the current page's link carries aria-current="page".
import type { SidebarItemView } from '../src/shared/types';
import { ExternalLinkIcon } from './icons';
import { cx, isExternalHref, NEW_TAB_PROPS } from './utils';

export interface SidebarLinkProps {
  item: Extract<SidebarItemView, { type: 'link' }>;
  level: number;
  route: string;
}

export default function SidebarLink({ item, level, route }: SidebarLinkProps) {
  const external = item.external ?? isExternalHref(item.href);
  const active = !external && (item.active === true || item.href === route);
  return (
    <li
      className={cx(
        'menu__item',
        `menu__item--level-${level}`,
        'theme-doc-sidebar-item-link',
        `theme-doc-sidebar-item-link-level-${level}`,
        'menu__list-item',
        item.className,
      )}
    >
      <a
        className={cx('menu__link', active && 'menu__link--active')}
        href={item.href}
        aria-current={active ? 'page' : undefined}
        {...(external ? NEW_TAB_PROPS : {})}
      >
        <span className="menu__label">{item.label}</span>
        {external ? <ExternalLinkIcon className="icon-external" /> : null}
      </a>
    </li>
  );
}
