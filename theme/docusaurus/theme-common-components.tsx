// The components of Docusaurus's @docusaurus/theme-common that sites use: PageMetadata (a page's title,
// description, keywords and social image in its head) and ThemedComponent (one rendering per colour
// mode, the stylesheet showing the one that matches, as ThemedImage does).
import { Fragment, type ReactNode } from 'react';
import { cx } from '../utils';
import Head from './Head';
import useBaseUrl from './useBaseUrl';
import { useSiteData } from '../site-context';

export interface PageMetadataProps {
  title?: string;
  description?: string;
  keywords?: string | string[];
  image?: string;
  children?: ReactNode;
}

export function PageMetadata({ title, description, keywords, image, children }: PageMetadataProps) {
  const site = useSiteData();
  const pageTitle = title ? (title === site.title ? title : `${title} | ${site.title}`) : undefined;
  const imageUrl = useBaseUrl(image ?? '', { absolute: true });
  return (
    <Head>
      {pageTitle ? <title>{pageTitle}</title> : null}
      {pageTitle ? <meta property="og:title" content={pageTitle} /> : null}
      {description ? <meta name="description" content={description} /> : null}
      {description ? <meta property="og:description" content={description} /> : null}
      {keywords ? <meta name="keywords" content={Array.isArray(keywords) ? keywords.join(',') : keywords} /> : null}
      {image ? <meta property="og:image" content={imageUrl} /> : null}
      {image ? <meta name="twitter:image" content={imageUrl} /> : null}
      {children}
    </Head>
  );
}

export interface ThemedComponentProps {
  className?: string;
  children(props: { theme: 'light' | 'dark'; className: string }): ReactNode;
}

export function ThemedComponent({ className, children }: ThemedComponentProps) {
  return (
    <>
      {(['light', 'dark'] as const).map((theme) => (
        <Fragment key={theme}>{children({ theme, className: cx(className, 'themed-img', `themed-img--${theme}`) })}</Fragment>
      ))}
    </>
  );
}
