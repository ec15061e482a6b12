// One tag as a pill link, with its post count on the tags page.
import type { BlogTagView } from '../../src/shared/blog-views';

export default function BlogTagLink({ tag }: { tag: BlogTagView }) {
  return (
    <a className="blog-tag" href={tag.href} title={tag.description}>
      {tag.label}
      {tag.count !== undefined ? (
        <>
          {' '}
          <span className="blog-tag__count">{tag.count}</span>
        </>
      ) : null}
    </a>
  );
}
