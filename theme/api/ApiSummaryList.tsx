// A list of linked items (classes, interfaces, modules) with the first paragraph of their comment.
import { Fragment } from 'react';
import type { ApiSummaryLinkView } from '../../src/shared/api-views';
import ApiHtml from './ApiHtml';

/** `@lexical/react/LexicalComposer` may wrap after a slash on a narrow screen before it wraps inside a word. */
function withSlashBreaks(name: string) {
  // Each piece keeps its slash: `@lexical/`, `react/`, `LexicalComposer`.
  return name.split(/(?<=\/)/).map((piece, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {piece}
    </Fragment>
  ));
}

export default function ApiSummaryList({ items }: { items: ApiSummaryLinkView[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="api-summary-list">
      {items.map((item) => (
        <li key={item.href} className={item.deprecated ? 'api-summary-list__item api-summary-list__item--deprecated' : 'api-summary-list__item'}>
          <div className="api-summary-list__head">
            <a className="api-summary-list__link" href={item.href}>
              <code>{withSlashBreaks(item.name)}</code>
            </a>
            {item.deprecated ? <span className="api-badge api-badge--deprecated">deprecated</span> : null}
          </div>
          <ApiHtml html={item.summaryHtml} className="api-summary-list__summary" />
        </li>
      ))}
    </ul>
  );
}
