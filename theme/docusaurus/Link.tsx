// Docusaurus's <Link to="/docs/intro">: a site path gets the base URL; a URL elsewhere opens in a new tab.
import type { ComponentPropsWithoutRef } from 'react';
import MdxLink from '../MdxLink';
import { useBaseUrlUtils } from './useBaseUrl';

export interface LinkProps extends ComponentPropsWithoutRef<'a'> {
  /** A path in the site (`/docs/intro`) or a URL; `href` is the same. */
  to?: string;
  /** `false` leaves a site path as written, without the base URL. */
  autoAddBaseUrl?: boolean;
  /** Accepted and ignored, as a plain content link has no active state. */
  isNavLink?: boolean;
  activeClassName?: string;
}

export default function Link({ to, href, autoAddBaseUrl = true, isNavLink: _isNavLink, activeClassName: _activeClassName, ...rest }: LinkProps) {
  const { withBaseUrl } = useBaseUrlUtils();
  const target = to ?? href;
  const resolved = target !== undefined && autoAddBaseUrl && target.startsWith('/') && !target.startsWith('//') ? withBaseUrl(target) : target;
  return <MdxLink href={resolved} {...rest} />;
}
