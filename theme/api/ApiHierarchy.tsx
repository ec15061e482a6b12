// Where a class or interface sits: what it extends and implements, and what extends or implements it.
import type { ReactNode } from 'react';
import type { ApiClassPageView, ApiLinkView } from '../../src/shared/api-views';
import ApiHtml from './ApiHtml';
import ApiLink from './ApiLink';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="api-hierarchy__row">
      <dt className="api-hierarchy__term">{term}</dt>
      <dd className="api-hierarchy__value">{children}</dd>
    </div>
  );
}

function HtmlList({ items, chain }: { items: string[]; chain?: boolean }) {
  const ListTag = chain ? 'ol' : 'ul';
  return (
    <ListTag className={chain ? 'api-inline-list api-inline-list--chain' : 'api-inline-list'}>
      {items.map((html, index) => (
        <li key={index}>
          <ApiHtml html={html} as="span" />
        </li>
      ))}
    </ListTag>
  );
}

function LinkList({ links }: { links: ApiLinkView[] }) {
  return (
    <ul className="api-inline-list">
      {links.map((link, index) => (
        <li key={`${link.name}-${index}`}>
          <ApiLink link={link} />
        </li>
      ))}
    </ul>
  );
}

export type ApiHierarchyProps = Pick<ApiClassPageView, 'extendsHtml' | 'implementsHtml' | 'extendedBy' | 'implementedBy'>;

/** True when the hierarchy block would show anything. */
export function hasHierarchy(view: ApiHierarchyProps): boolean {
  return view.extendsHtml.length + view.implementsHtml.length + view.extendedBy.length + view.implementedBy.length > 0;
}

export default function ApiHierarchy(view: ApiHierarchyProps) {
  if (!hasHierarchy(view)) return null;
  return (
    <dl className="api-hierarchy">
      {view.extendsHtml.length > 0 ? (
        <Row term="Extends">
          <HtmlList items={view.extendsHtml} chain />
        </Row>
      ) : null}
      {view.implementsHtml.length > 0 ? (
        <Row term="Implements">
          <HtmlList items={view.implementsHtml} />
        </Row>
      ) : null}
      {view.extendedBy.length > 0 ? (
        <Row term="Extended by">
          <LinkList links={view.extendedBy} />
        </Row>
      ) : null}
      {view.implementedBy.length > 0 ? (
        <Row term="Implemented by">
          <LinkList links={view.implementedBy} />
        </Row>
      ) : null}
    </dl>
  );
}
