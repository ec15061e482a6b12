// The layout of standalone pages: content (full width when `wide`) and an optional table of contents.
import type { PageData } from '../src/shared/types';
import type { ContentComponent } from './content-types';
import ErrorBoundary from './ErrorBoundary';
import { mdxComponents } from './mdx-components';
import { MAIN_ID } from './SkipToContent';
import TableOfContents from './TableOfContents';
import TocCollapsible from './TocCollapsible';
import UnlistedBanner from './UnlistedBanner';
import { cx } from './utils';
import MDXContent from './MDXContent';

export interface PlainPageProps {
  page: PageData;
  Content: ContentComponent;
}

export default function PlainPage({ page, Content }: PlainPageProps) {
  const hasToc = page.toc.length > 0;
  return (
    <main id={MAIN_ID} tabIndex={-1} className={cx('page-main', page.wide && 'page-main--wide')}>
      <div className={cx('page-main__inner', hasToc && 'page-main__inner--with-toc')}>
        <div className="page-column">
          {page.unlisted ? <UnlistedBanner /> : null}
          {hasToc ? <TocCollapsible key={page.route} toc={page.toc} /> : null}
          <article className="page-article markdown">
            <ErrorBoundary route={page.route}>
              <MDXContent>
                <Content components={mdxComponents} />
              </MDXContent>
            </ErrorBoundary>
          </article>
        </div>
        {hasToc ? (
          <div className="doc-toc">
            <TableOfContents toc={page.toc} />
          </div>
        ) : null}
      </div>
    </main>
  );
}
