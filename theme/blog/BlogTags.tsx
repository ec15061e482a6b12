// "Tags:" and the tags of a post, at the end of a post or of its preview.
import type { BlogTagView } from '../../src/shared/blog-views';
import { themeText } from '../theme-text';
import BlogTagLink from './BlogTagLink';

export default function BlogTags({ tags }: { tags: readonly BlogTagView[] }) {
  if (tags.length === 0) return null;
  return (
    <div className="blog-tags">
      <span className="blog-tags__label">{themeText('theme.tags.tagsListLabel')}</span>
      <ul className="blog-tags__list">
        {tags.map((tag) => (
          <li key={tag.href} className="blog-tags__item">
            <BlogTagLink tag={tag} />
          </li>
        ))}
      </ul>
    </div>
  );
}
