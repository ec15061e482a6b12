// Every post by year, newest first: date and title link.
import type { BlogArchiveView } from '../../src/shared/blog-views';
import { themeText } from '../theme-text';

export default function BlogArchivePage({ view }: { view: BlogArchiveView }) {
  return (
    <div className="blog-archive">
      <header className="blog-archive__header">
        <h1 className="blog-heading">{themeText('theme.blog.archive.title')}</h1>
        <p className="blog-archive__subtitle">{themeText('theme.blog.archive.description')}</p>
      </header>
      {view.years.map((group) => (
        <section key={group.year} className="blog-archive__year">
          <h2 className="blog-archive__year-title">{group.year}</h2>
          <ul className="blog-archive__list">
            {group.posts.map((post) => (
              <li key={post.href} className="blog-archive__item">
                <time className="blog-archive__date" dateTime={post.date}>
                  {post.formattedDate}
                </time>{' '}
                <a className="blog-archive__link" href={post.href}>
                  {post.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
