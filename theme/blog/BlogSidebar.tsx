// The blog sidebar: its title and the recent posts under year headings, the shown post marked current.
// It follows the content in the HTML: on desktop the grid places it on the left, on narrow screens
// it simply stays below the content.
import type { BlogSidebarView } from '../../src/shared/blog-views';
import { themeText } from '../theme-text';
import { cx } from '../utils';
import { samePath } from './blog-utils';

export interface BlogSidebarProps {
  sidebar: BlogSidebarView;
  /** The route being shown, to mark its link. */
  route: string;
}

export default function BlogSidebar({ sidebar, route }: BlogSidebarProps) {
  return (
    <nav className="blog-sidebar" aria-label={themeText('theme.blog.sidebar.navAriaLabel')}>
      <div className="blog-sidebar__inner">
        <h2 className="blog-sidebar__title">{sidebar.title}</h2>
        {sidebar.years.map((group) => (
          <div key={group.year} className="blog-sidebar__group">
            {group.year ? <h3 className="blog-sidebar__year">{group.year}</h3> : null}
            <ul className="blog-sidebar__list">
              {group.posts.map((post) => {
                const current = samePath(post.href, route);
                return (
                  <li key={post.href} className="blog-sidebar__item">
                    <a
                      className={cx('blog-sidebar__link', current && 'blog-sidebar__link--active')}
                      href={post.href}
                      aria-current={current ? 'page' : undefined}
                    >
                      {post.title}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
