// The authors of a post, side by side under its title. Names link to the author's page in the blog, else to their site.
import type { BlogAuthorView } from '../../src/shared/blog-views';
import { cx } from '../utils';
import BlogAuthor from './BlogAuthor';

export default function BlogAuthors({ authors }: { authors: readonly BlogAuthorView[] }) {
  if (authors.length === 0) return null;
  return (
    <div className={cx('blog-authors', authors.length > 1 && 'blog-authors--several')}>
      {authors.map((author, index) => (
        <BlogAuthor key={author.key ?? `${index}-${author.name}`} author={author} link={author.href ?? author.url} />
      ))}
    </div>
  );
}
