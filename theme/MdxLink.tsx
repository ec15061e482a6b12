// Links inside content: external http(s) targets open in a new tab; a path in the site ends as the
// site's trailingSlash says, as Docusaurus's Link ends it; everything else stays a plain <a>.
import { useContext, type ComponentPropsWithoutRef } from 'react';
import { applyTrailingSlash } from '../src/shared/trailing-slash';
import { SiteContext } from './site-context';
import { isExternalHref, NEW_TAB_PROPS } from './utils';

export default function MdxLink(props: ComponentPropsWithoutRef<'a'>) {
  const site = useContext(SiteContext);
  if (isExternalHref(props.href)) return <a {...props} {...NEW_TAB_PROPS} />;
  const { href } = props;
  if (site?.trailingSlash !== undefined && href?.startsWith('/')) return <a {...props} href={applyTrailingSlash(href, site)} />;
  return <a {...props} />;
}
