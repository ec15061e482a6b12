// All tags of the blog, as links with their post counts, filed under their first letter.
import type { BlogTagsView, BlogTagView } from '../../src/shared/blog-views';
import { themeText } from '../theme-text';
import { groupInOrder, indexLetter } from './blog-utils';
import BlogTagLink from './BlogTagLink';

/** Case-insensitive, by code points: the same order on the server and in every browser. */
function byLabel(a: BlogTagView, b: BlogTagView): number {
  const left = a.label.toLowerCase();
  const right = b.label.toLowerCase();
  return left < right ? -1 : left > right ? 1 : 0;
}

export default function BlogTagsPage({ view }: { view: BlogTagsView }) {
  const groups = groupInOrder([...view.tags].sort(byLabel), (tag) => indexLetter(tag.label));
  return (
    <div className="blog-tags-page">
      <h1 className="blog-heading">{themeText('theme.tags.tagsPageTitle')}</h1>
      {groups.length === 0 ? <p>There are no tags yet.</p> : null}
      {groups.map((group) => (
        <section key={group.key} className="blog-tags-page__group">
          <h2 className="blog-tags-page__letter">{group.key}</h2>
          <ul className="blog-tags__list">
            {group.items.map((tag) => (
              <li key={tag.href} className="blog-tags__item">
                <BlogTagLink tag={tag} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
