// The breadcrumb trail above a doc: home icon, parent categories, and the current page.
import type { NavLink } from '../src/shared/types';
import { HomeIcon } from './icons';
import { themeText } from './theme-text';

export interface BreadcrumbsProps {
  items: readonly NavLink[];
  homeHref: string;
}

export default function Breadcrumbs({ items, homeHref }: BreadcrumbsProps) {
  return (
    <nav aria-label={themeText('theme.docs.breadcrumbs.navAriaLabel')} className="breadcrumbs">
      <ol className="breadcrumbs__list">
        <li className="breadcrumbs__item">
          <a className="breadcrumbs__link breadcrumbs__link--home" href={homeHref} aria-label={themeText('theme.docs.breadcrumbs.home')}>
            <HomeIcon />
          </a>
        </li>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li className="breadcrumbs__item" key={`${index}-${item.href}`}>
              {last ? (
                <span className="breadcrumbs__link breadcrumbs__link--current" aria-current="page">
                  {item.label}
                </span>
              ) : item.href ? (
                <a className="breadcrumbs__link" href={item.href}>
                  {item.label}
                </a>
              ) : (
                <span className="breadcrumbs__link breadcrumbs__link--plain">{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
