// The line under a post title: its date and reading time ("May 28, 2019 · 5 min read"), when the blog shows it.
import type { BlogPostMeta } from '../../src/shared/blog-views';
import { readingTimeText } from './plurals';

export type BlogPostMetaLineProps = Pick<BlogPostMeta, 'date' | 'formattedDate' | 'readingTime'>;

export default function BlogPostMetaLine({ date, formattedDate, readingTime }: BlogPostMetaLineProps) {
  // The date is formatted at build time, so server and browser print the same text.
  return (
    <div className="blog-meta">
      <time dateTime={date}>{formattedDate}</time>
      {readingTime === undefined ? null : (
        <>
          {' · '}
          <span className="blog-meta__reading-time">{readingTimeText(readingTime)}</span>
        </>
      )}
    </div>
  );
}
