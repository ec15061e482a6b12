// Previous / next cards at the bottom of a doc.
import type { NavLink } from '../src/shared/types';
import { themeText } from './theme-text';

export interface PaginationProps {
  prev?: NavLink;
  next?: NavLink;
}

export default function Pagination({ prev, next }: PaginationProps) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={themeText('theme.docs.paginator.navAriaLabel')}>
      {prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={prev.href} rel="prev">
          <span className="pagination-nav__sublabel">{themeText('theme.docs.paginator.previous')}</span>
          <span className="pagination-nav__label">{prev.label}</span>
        </a>
      ) : null}
      {next ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={next.href} rel="next">
          <span className="pagination-nav__sublabel">{themeText('theme.docs.paginator.next')}</span>
          <span className="pagination-nav__label">{next.label}</span>
        </a>
      ) : null}
    </nav>
  );
}
