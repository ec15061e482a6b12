// A list of linked items (classes, interfaces, modules) with the first paragraph of their comment.
import type { ApiSummaryLinkView } from '../../src/shared/api-views';
import ApiHtml from './ApiHtml';

export default function ApiSummaryList({ items }: { items: ApiSummaryLinkView[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="api-summary-list">
      {items.map((item) => (
        <li key={item.href} className={item.deprecated ? 'api-summary-list__item api-summary-list__item--deprecated' : 'api-summary-list__item'}>
          <div className="api-summary-list__head">
            <a className="api-summary-list__link" href={item.href}>
              <code>{item.name}</code>
            </a>
            {item.deprecated ? <span className="api-badge api-badge--deprecated">deprecated</span> : null}
          </div>
          <ApiHtml html={item.summaryHtml} className="api-summary-list__summary" />
        </li>
      ))}
    </ul>
  );
}
