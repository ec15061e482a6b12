// One author: round avatar, name (optionally linked), title and, on author lists, the number of posts.
import type { BlogAuthorView } from '../../src/shared/blog-views';
import { cx, isExternalHref, NEW_TAB_PROPS } from '../utils';
import { postsCountText } from './plurals';

export const AVATAR_SIZE = 48;

export interface BlogAuthorProps {
  author: BlogAuthorView;
  /** Where the name links to; the name is plain text without it. */
  link?: string;
  /** Number of posts, shown as "One post" / "N posts". */
  count?: number;
  /** False when the name is already the page heading (author pages). */
  showName?: boolean;
  className?: string;
}

/** `https://example.com/me/` → `example.com/me`: a readable label for an author's site. */
function siteLabel(url: string): string {
  return url.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\/+$/, '');
}

function AuthorLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} {...(isExternalHref(href) ? NEW_TAB_PROPS : {})}>
      {children}
    </a>
  );
}

export default function BlogAuthor({ author, link, count, showName = true, className }: BlogAuthorProps) {
  return (
    <div className={cx('blog-author', className)}>
      {author.imageUrl ? (
        // Fixed width and height reserve the space before the image loads (no layout shift). Lazy, like
        // content images: React would otherwise add a preload link for every avatar of a list page.
        <img className="blog-author__avatar" src={author.imageUrl} alt={author.name} width={AVATAR_SIZE} height={AVATAR_SIZE} loading="lazy" decoding="async" />
      ) : null}
      <div className="blog-author__info">
        {showName ? (
          <span className="blog-author__name">{link ? <AuthorLink href={link}>{author.name}</AuthorLink> : author.name}</span>
        ) : link ? (
          <span className="blog-author__site">
            <AuthorLink href={link}>{siteLabel(link)}</AuthorLink>
          </span>
        ) : null}
        {author.title ? <span className="blog-author__title">{author.title}</span> : null}
        {count !== undefined ? <span className="blog-author__count">{postsCountText(count)}</span> : null}
      </div>
    </div>
  );
}
