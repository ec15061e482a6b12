// All authors of the blog: avatar, name linked to their page, title and number of posts.
import type { BlogAuthorsView } from '../../src/shared/blog-views';
import { themeText } from '../theme-text';
import BlogAuthor from './BlogAuthor';

export default function BlogAuthorsPage({ view }: { view: BlogAuthorsView }) {
  return (
    <div className="blog-authors-page">
      <h1 className="blog-heading">{themeText('theme.blog.authorsList.pageTitle')}</h1>
      <ul className="blog-authors-page__list">
        {view.authors.map((author) => (
          <li key={author.href} className="blog-authors-page__item">
            <BlogAuthor className="blog-author--card" author={author} link={author.href} count={author.count} />
          </li>
        ))}
      </ul>
    </div>
  );
}
