// The nested list of table-of-contents links, shared by the desktop column and the mobile dropdown.
import type { TocNode } from './toc-tree';
import { cx } from './utils';

export interface TocListProps {
  nodes: TocNode[];
  activeId?: string;
  onNavigate?(): void;
  nested?: boolean;
}

export default function TocList({ nodes, activeId, onNavigate, nested }: TocListProps) {
  return (
    <ul className={cx('toc__list', nested && 'toc__list--nested')}>
      {nodes.map(({ item, children }) => {
        const active = item.id === activeId;
        return (
          <li className="toc__item" key={item.id}>
            <a
              className={cx('toc__link', active && 'toc__link--active')}
              href={`#${item.id}`}
              aria-current={active ? 'location' : undefined}
              onClick={onNavigate}
            >
              {item.value}
            </a>
            {children.length > 0 ? <TocList nodes={children} activeId={activeId} onNavigate={onNavigate} nested /> : null}
          </li>
        );
      })}
    </ul>
  );
}
