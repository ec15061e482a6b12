// A top-level section of an API page ("Classes", "Methods"): an h2 with a fixed id, then its content.
import type { ReactNode } from 'react';
import ApiHeading from './ApiHeading';

export interface ApiSectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

export default function ApiSection({ id, title, children }: ApiSectionProps) {
  return (
    <section className="api-section">
      <ApiHeading level={2} id={id} className="api-section__title">
        {title}
      </ApiHeading>
      {children}
    </section>
  );
}
