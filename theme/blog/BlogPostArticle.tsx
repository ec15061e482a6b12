// A blog post: header (title, date, reading time, authors), the post's content, tags and edit link, then newer/older links.
import type { BlogPageData } from '../../src/shared/blog-views';
import type { PageData } from '../../src/shared/types';
import type { ContentComponent } from '../content-types';
import ErrorBoundary from '../ErrorBoundary';
import PageEditInfo from '../PageEditInfo';
import { mdxComponents } from '../mdx-components';
import BlogAuthors from './BlogAuthors';
import BlogPostMetaLine from './BlogPostMetaLine';
import BlogPostPaginator from './BlogPostPaginator';
import BlogTags from './BlogTags';
import MDXContent from '../MDXContent';

export interface BlogPostArticleProps {
  page: PageData;
  post: NonNullable<BlogPageData['post']>;
  Content: ContentComponent;
}

export default function BlogPostArticle({ page, post, Content }: BlogPostArticleProps) {
  return (
    <>
      <article className="blog-post">
        <header className="blog-post__header">
          <h1 className="blog-post__title">{page.title}</h1>
          <BlogPostMetaLine date={post.date} formattedDate={post.formattedDate} readingTime={post.readingTime} />
          <BlogAuthors authors={post.authors} />
        </header>
        <div className="blog-post__content markdown">
          <ErrorBoundary route={page.route}>
            <MDXContent>
              <Content components={mdxComponents} />
            </MDXContent>
          </ErrorBoundary>
        </div>
        {post.tags.length > 0 || page.editUrl || page.lastUpdate ? (
          <footer className="blog-post__footer">
            {post.tags.length > 0 ? <BlogTags tags={post.tags} /> : null}
            <PageEditInfo page={page} />
          </footer>
        ) : null}
      </article>
      <BlogPostPaginator newer={post.newer} older={post.older} />
    </>
  );
}
