// The blog layout: recent-posts sidebar | content | (posts) table of contents.
// The HTML puts the content first, then the TOC column, then the sidebar; the desktop grid places the
// sidebar on the left. Below 996 px the grid has one column, so the sidebar follows the content and
// the TOC becomes the collapsible one above the post.
import type { PageData, SiteData } from '../../src/shared/types';
import type { ContentComponent } from '../content-types';
import ErrorBoundary from '../ErrorBoundary';
import { mdxComponents } from '../mdx-components';
import { MAIN_ID } from '../SkipToContent';
import TableOfContents from '../TableOfContents';
import TocCollapsible from '../TocCollapsible';
import UnlistedBanner from '../UnlistedBanner';
import { cx } from '../utils';
import BlogPostArticle from './BlogPostArticle';
import BlogSidebar from './BlogSidebar';
import MDXContent from '../MDXContent';

export interface BlogLayoutProps {
  site: SiteData;
  page: PageData;
  Content: ContentComponent;
}

export default function BlogLayout({ page, Content }: BlogLayoutProps) {
  const blog = page.blog;
  const post = blog?.post;
  const hasToc = post !== undefined && page.toc.length > 0;
  return (
    <div className="blog-layout">
      <div className={cx('blog-layout__grid', hasToc && 'blog-layout__grid--with-toc', !blog && 'blog-layout__grid--no-sidebar')}>
        <main id={MAIN_ID} tabIndex={-1} className="blog-main">
          {page.unlisted ? <UnlistedBanner /> : null}
          {/* Keyed by route so an opened dropdown does not stay open on the next post. */}
          {hasToc ? <TocCollapsible key={page.route} toc={page.toc} /> : null}
          {post ? (
            <BlogPostArticle page={page} post={post} Content={Content} />
          ) : (
            <div className="blog-page">
              <ErrorBoundary route={page.route}>
                <MDXContent>
                  <Content components={mdxComponents} />
                </MDXContent>
              </ErrorBoundary>
            </div>
          )}
        </main>
        {hasToc ? (
          <div className="blog-toc">
            <TableOfContents toc={page.toc} />
          </div>
        ) : null}
        {blog ? <BlogSidebar sidebar={blog.sidebar} route={page.route} /> : null}
      </div>
    </div>
  );
}
