// The docs layout: sidebar | breadcrumbs, title, content, pagination | table of contents.
import { useState } from 'react';
import type { PageData, SiteData } from '../src/shared/types';
import Breadcrumbs from './Breadcrumbs';
import type { ContentComponent } from './content-types';
import DocSidebar from './DocSidebar';
import ErrorBoundary from './ErrorBoundary';
import { mdxComponents } from './mdx-components';
import PageEditInfo from './PageEditInfo';
import BlogTags from './blog/BlogTags';
import Pagination from './Pagination';
import { MAIN_ID } from './SkipToContent';
import TableOfContents from './TableOfContents';
import TocCollapsible from './TocCollapsible';
import UnlistedBanner from './UnlistedBanner';
import VersionBanner from './VersionBanner';
import { cx } from './utils';
import MDXContent from './MDXContent';
import { docsVersionsOf } from '../src/shared/docs-versions';

export interface DocPageProps {
  site: SiteData;
  page: PageData;
  Content: ContentComponent;
}

export default function DocPage({ site, page, Content }: DocPageProps) {
  // A preference, not transient state: it stays as the visitor moves between docs.
  const [sidebarHidden, setSidebarHidden] = useState(false);
  const hasToc = page.toc.length > 0;
  const showTitle = !page.hideTitle && !page.contentHasTitle;
  const version = docsVersionsOf(site, page.docsPluginId)?.find((entry) => entry.name === page.docsVersion);
  const versionLabel = version?.badge ? version.label : undefined;
  return (
    <div className={cx('doc-layout', !page.sidebar && 'doc-layout--no-sidebar', page.sidebar && sidebarHidden && 'doc-layout--sidebar-hidden')}>
      {page.sidebar ? (
        <DocSidebar
          sidebar={page.sidebar}
          route={page.route}
          hidden={sidebarHidden}
          onHiddenChange={setSidebarHidden}
          hideable={site.docsSidebar?.hideable !== false}
        />
      ) : null}
      <main id={MAIN_ID} tabIndex={-1} className="doc-main">
        <div className={cx('doc-main__inner', hasToc && 'doc-main__inner--with-toc')}>
          <div className="doc-column">
            {page.unlisted ? <UnlistedBanner /> : null}
            <VersionBanner site={site} page={page} />
            {page.breadcrumbs.length > 0 ? <Breadcrumbs items={page.breadcrumbs} homeHref={site.baseUrl} /> : null}
            {/* Keyed by route so an opened dropdown does not stay open on the next page. */}
            {versionLabel ? <span className="version-badge">Version: {versionLabel}</span> : null}
            {hasToc ? <TocCollapsible key={page.route} toc={page.toc} /> : null}
            <article className="doc-article">
              <div className="theme-doc-markdown markdown">
                {showTitle ? (
                  <header>
                    <h1>{page.title}</h1>
                  </header>
                ) : null}
                <ErrorBoundary route={page.route}>
                  <MDXContent>
                    <Content components={mdxComponents} />
                  </MDXContent>
                </ErrorBoundary>
              </div>
            </article>
            {page.editUrl || page.lastUpdate || page.tags?.length ? (
              <footer className="doc-footer">
                {page.tags?.length ? (
                  <div className="theme-doc-footer-tags-row">
                    <BlogTags tags={page.tags} />
                  </div>
                ) : null}
                <PageEditInfo page={page} />
              </footer>
            ) : null}
            <Pagination prev={page.prev} next={page.next} />
          </div>
          {hasToc ? (
            <div className="doc-toc">
              <TableOfContents toc={page.toc} />
            </div>
          ) : null}
        </div>
      </main>
    </div>
  );
}
