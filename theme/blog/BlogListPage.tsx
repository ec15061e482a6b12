// A list of posts: the blog's pages, a tag's posts or an author's posts. Each post shows its excerpt,
// and "Read more" when the excerpt stops before the end of the post.
import type { BlogListView } from '../../src/shared/blog-views';
import type { ContentComponent } from '../content-types';
import { mdxComponents } from '../mdx-components';
import BlogAuthor from './BlogAuthor';
import BlogAuthors from './BlogAuthors';
import BlogPaginator from './BlogPaginator';
import BlogPostMetaLine from './BlogPostMetaLine';
import BlogTags from './BlogTags';
import { themeText } from '../theme-text';

export interface BlogListPageProps {
  view: BlogListView;
  /** The excerpt of each post, in the order of `view.posts`. */
  excerpts: ContentComponent[];
}

type ListedPost = BlogListView['posts'][number];

function BlogPostPreview({ post, Excerpt }: { post: ListedPost; Excerpt?: ContentComponent }) {
  const hasFooter = post.tags.length > 0 || post.truncated;
  return (
    <article className="blog-preview">
      <header className="blog-preview__header">
        <h2 className="blog-preview__title">
          <a href={post.href}>{post.title}</a>
        </h2>
        <BlogPostMetaLine date={post.date} formattedDate={post.formattedDate} readingTime={post.readingTime} />
        <BlogAuthors authors={post.authors} />
      </header>
      {Excerpt ? (
        <div className="blog-preview__excerpt markdown">
          <Excerpt components={mdxComponents} />
        </div>
      ) : null}
      {hasFooter ? (
        <footer className="blog-preview__footer">
          <BlogTags tags={post.tags} />
          {post.truncated ? (
            <a className="blog-preview__more" href={post.href} aria-label={themeText('theme.blog.post.readMoreLabel', { title: post.title })}>
              {themeText('theme.blog.post.readMore')}
            </a>
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}

export default function BlogListPage({ view, excerpts }: BlogListPageProps) {
  const paginated = view.pages > 1 || view.newer !== undefined || view.older !== undefined;
  const author = view.author;
  return (
    <div className="blog-list">
      <header className="blog-list__header">
        <h1 className="blog-heading">{view.title}</h1>
        {/* Docusaurus's default description is the word "Blog": under a heading that says the same, it is left out. */}
        {view.description && view.description !== view.title ? <p className="blog-list__description">{view.description}</p> : null}
        {author ? (
          <BlogAuthor className="blog-author--card" author={author} link={author.url} count={author.count} showName={author.name !== view.title} />
        ) : null}
        {view.allTagsHref ? (
          <a className="blog-list__all-tags" href={view.allTagsHref}>
            {themeText('theme.tags.tagsPageLink')}
          </a>
        ) : null}
      </header>
      {view.posts.map((post, index) => (
        <BlogPostPreview key={post.href} post={post} Excerpt={excerpts[index]} />
      ))}
      {paginated ? (
        <BlogPaginator
          label={themeText('theme.blog.paginator.navAriaLabel')}
          newer={view.newer !== undefined ? { href: view.newer } : undefined}
          older={view.older !== undefined ? { href: view.older } : undefined}
          newerText={themeText('theme.blog.paginator.newerEntries')}
          olderText={themeText('theme.blog.paginator.olderEntries')}
        />
      ) : null}
    </div>
  );
}
