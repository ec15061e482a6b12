// The footer's links as one row (Docusaurus's simple footer), separated by dots.
import { Fragment } from 'react';
import { cx } from '../../utils';
import type { FooterLinkItem } from '../config';
import LinkItem from '../LinkItem';

function SimpleLinkItem({ item }: { item: FooterLinkItem }) {
  if (item.html !== undefined) return <span className={cx('footer__link-item', item.className)} dangerouslySetInnerHTML={{ __html: item.html }} />;
  return <LinkItem item={item} />;
}

export default function FooterLinksSimple({ links }: { links: FooterLinkItem[] }) {
  return (
    <div className="footer__row">
      {links.map((item, index) => (
        <Fragment key={index}>
          <SimpleLinkItem item={item} />
          {index < links.length - 1 ? <span className="footer__link-separator">·</span> : null}
        </Fragment>
      ))}
    </div>
  );
}
