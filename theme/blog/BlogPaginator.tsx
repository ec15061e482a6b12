// Newer / older links: between posts (with their titles) or between pages of a post list.
// Uses the docs' pagination cards so both look alike.

export interface BlogPaginatorLink {
  href: string;
  /** The linked post's title; list pages have none. */
  title?: string;
}

export interface BlogPaginatorProps {
  label: string;
  newer?: BlogPaginatorLink;
  older?: BlogPaginatorLink;
  newerText: string;
  olderText: string;
}

function Card({ link, text, side }: { link: BlogPaginatorLink; text: string; side: 'prev' | 'next' }) {
  return (
    <a className={`pagination-nav__link pagination-nav__link--${side} blog-paginator__link`} href={link.href}>
      {link.title !== undefined ? (
        <>
          <span className="pagination-nav__sublabel">{text}</span> <span className="pagination-nav__label">{link.title}</span>
        </>
      ) : (
        <span className="pagination-nav__label">{text}</span>
      )}
    </a>
  );
}

export default function BlogPaginator({ label, newer, older, newerText, olderText }: BlogPaginatorProps) {
  return (
    <nav className="pagination-nav blog-paginator" aria-label={label}>
      {newer ? <Card link={newer} text={newerText} side="prev" /> : null}
      {older ? <Card link={older} text={olderText} side="next" /> : null}
    </nav>
  );
}
