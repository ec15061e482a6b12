// Docusaurus's @theme/Layout for React pages: `title` and `description` go to the page's head; the
// navbar, footer and the rest of the site's frame are docsite's App's, around every page already,
// so the layout adds the main wrapper and leaves the frame alone.
import type { ReactNode } from 'react';
import Head from './docusaurus/Head';
import { useSiteData } from './site-context';
import { cx } from './utils';

export interface LayoutProps {
  children?: ReactNode;
  title?: string;
  description?: string;
  /** Accepted as Docusaurus takes them; docsite's frame has no per-page switches. */
  noFooter?: boolean;
  wrapperClassName?: string;
}

export default function Layout({ children, title, description, wrapperClassName }: LayoutProps) {
  const site = useSiteData();
  const headTitle = title ? (title === site.title ? title : `${title} | ${site.title}`) : undefined;
  return (
    <>
      {headTitle || description ? (
        <Head>
          {headTitle ? <title>{headTitle}</title> : null}
          {description ? <meta name="description" content={description} /> : null}
        </Head>
      ) : null}
      <div className={cx('main-wrapper', wrapperClassName)}>{children}</div>
    </>
  );
}
