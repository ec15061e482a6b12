// Docusaurus's <DocCardList />: a card for each item of the sidebar category the current doc is in
// (or the `items` given), each linking to its page. A category that is not expanded on this page
// links to its own page when it has one, and is left out otherwise.
import type { SidebarItemView } from '../src/shared/types';
import { usePageData } from './site-context';
import { cx } from './utils';

type Category = Extract<SidebarItemView, { type: 'category' }>;

/** The items of the innermost category that holds the active page (or is its link); the top level otherwise. */
function activeCategoryItems(items: SidebarItemView[], route: string): SidebarItemView[] | undefined {
  for (const item of items) {
    if (item.type !== 'category' || !item.active || !item.items) continue;
    const inner = activeCategoryItems(item.items, route);
    if (inner) return inner;
    return item.items;
  }
  return undefined;
}

export interface DocCardListProps {
  items?: SidebarItemView[];
  className?: string;
}

export default function DocCardList({ items, className }: DocCardListProps) {
  const page = usePageData();
  const sidebarItems = page?.sidebar?.items ?? [];
  const shown = (items ?? activeCategoryItems(sidebarItems, page?.route ?? '') ?? sidebarItems).filter(
    (item): item is Extract<SidebarItemView, { type: 'link' }> | (Category & { href: string }) => item.href !== undefined,
  );
  return (
    <section className={cx('doc-card-list', className)}>
      {shown.map((item) => (
        <article key={item.href}>
          <a className={cx('card', 'doc-card', item.type === 'category' && 'doc-card--category')} href={item.href}>
            <h2 className="doc-card__title" title={item.label}>
              {item.label}
            </h2>
          </a>
        </article>
      ))}
    </section>
  );
}
