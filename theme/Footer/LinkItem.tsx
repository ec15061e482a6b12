// One footer link ({ item: { label, href | to, ...attributes } }): a link elsewhere opens in a new tab and is marked so.
import useBaseUrl from '../docusaurus/useBaseUrl';
import { ExternalLinkIcon } from '../icons';
import { cx, isExternalHref, NEW_TAB_PROPS } from '../utils';
import type { FooterLinkItem as Item } from './config';

export default function FooterLinkItem({ item }: { item: Item }) {
  const { to, href, label, html: _html, prependBaseUrlToHref, className, ...attributes } = item;
  const toUrl = useBaseUrl(to ?? '');
  const prefixed = useBaseUrl(href ?? '', { forcePrependBaseUrl: true });
  const url = href ? (prependBaseUrlToHref ? prefixed : href) : toUrl;
  const external = href !== undefined && isExternalHref(href);
  return (
    <a className={cx('footer__link', className)} href={url} {...(external ? NEW_TAB_PROPS : {})} {...(attributes as Record<string, string>)}>
      {label}
      {external ? <ExternalLinkIcon className="icon-external" /> : null}
    </a>
  );
}
