// A docs tag's page: its title ("N docs tagged with ..."), a link to all tags, and each doc with its description.
import { themeText } from './theme-text';

export interface DocsTagView {
  title: string;
  allTagsHref: string;
  docs: { title: string; href: string; description?: string }[];
}

export default function DocsTagPage({ view }: { view: DocsTagView }) {
  return (
    <div className="docs-tag-page">
      <header className="docs-tag-page__header">
        <h1 className="blog-heading">{view.title}</h1>
        <a className="docs-tag-page__all" href={view.allTagsHref}>
          {themeText('theme.tags.tagsPageLink')}
        </a>
      </header>
      <section className="docs-tag-page__docs">
        {view.docs.map((doc) => (
          <article key={doc.href} className="docs-tag-page__doc">
            <a href={doc.href}>
              <h2>{doc.title}</h2>
            </a>
            {doc.description ? <p>{doc.description}</p> : null}
          </article>
        ))}
      </section>
    </div>
  );
}
