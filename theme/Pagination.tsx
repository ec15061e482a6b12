// Previous / next cards at the bottom of a doc.
import type { NavLink } from '../src/shared/types';

export interface PaginationProps {
  prev?: NavLink;
  next?: NavLink;
}

export default function Pagination({ prev, next }: PaginationProps) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label="Docs pages">
      {prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={prev.href} rel="prev">
          <span className="pagination-nav__sublabel">Previous</span>
          <span className="pagination-nav__label">{prev.label}</span>
        </a>
      ) : null}
      {next ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={next.href} rel="next">
          <span className="pagination-nav__sublabel">Next</span>
          <span className="pagination-nav__label">{next.label}</span>
        </a>
      ) : null}
    </nav>
  );
}
