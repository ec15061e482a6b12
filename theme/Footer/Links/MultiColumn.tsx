// The footer's link columns, each a title and its links (or HTML of the site's own).
import { cx } from '../../utils';
import type { FooterColumnItem, FooterLinkItem } from '../config';
import LinkItem from '../LinkItem';

function ColumnLinkItem({ item }: { item: FooterLinkItem }) {
  // HTML of the site's own (a badge, say), written as the site wrote it.
  if (item.html !== undefined) return <li className={cx('footer__item', item.className)} dangerouslySetInnerHTML={{ __html: item.html }} />;
  return (
    <li className="footer__item">
      <LinkItem item={item} />
    </li>
  );
}

function Column({ column }: { column: FooterColumnItem }) {
  return (
    <div className={cx('footer__column', column.className)}>
      {column.title ? <div className="footer__title">{column.title}</div> : null}
      <ul className="footer__items">
        {column.items.map((item, index) => (
          <ColumnLinkItem key={`${index}-${item.href ?? item.to ?? ''}`} item={item} />
        ))}
      </ul>
    </div>
  );
}

export default function FooterLinksMultiColumn({ columns }: { columns: FooterColumnItem[] }) {
  return (
    <div className="footer__columns">
      {columns.map((column, index) => (
        <Column key={`${index}-${column.title ?? ''}`} column={column} />
      ))}
    </div>
  );
}
