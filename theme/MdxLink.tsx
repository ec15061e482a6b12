// Links inside content: external http(s) targets open in a new tab; a path in the site ends as the
// site's trailingSlash says, as Docusaurus's Link ends it; everything else stays a plain <a>. A
// Markdown link a Docusaurus site writes with a site path (marked `data-site-path`) gets the base
// URL of the page's locale, as Docusaurus's Link gives it.
import { useContext, type ComponentPropsWithoutRef } from 'react';
import { applyTrailingSlash } from '../src/shared/trailing-slash';
import { addBaseUrl } from './docusaurus/useBaseUrl';
import { SiteContext } from './site-context';
import { isExternalHref, NEW_TAB_PROPS } from './utils';

type MarkedProps<T extends 'a' | 'img'> = ComponentPropsWithoutRef<T> & { 'data-site-path'?: string };

export default function MdxLink({ 'data-site-path': sitePath, ...props }: MarkedProps<'a'>) {
  const site = useContext(SiteContext);
  if (isExternalHref(props.href)) return <a {...props} {...NEW_TAB_PROPS} />;
  const href = site && sitePath !== undefined && props.href ? addBaseUrl(site, props.href) : props.href;
  if (site?.trailingSlash !== undefined && href?.startsWith('/')) return <a {...props} href={applyTrailingSlash(href, site)} />;
  return <a {...props} href={href} />;
}

/** The `src` of a Markdown image a Docusaurus site writes with a site path, with the base URL of the page's locale. */
export function useSitePath(src: string | undefined, sitePath: string | undefined): string | undefined {
  const site = useContext(SiteContext);
  return site && sitePath !== undefined && src ? addBaseUrl(site, src) : src;
}

export type { MarkedProps };
