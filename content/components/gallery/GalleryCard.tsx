// One example in the gallery grid: preview (or a neutral placeholder), title, description, tag chips and its link.
import type { GalleryExample } from './examples';
import { TAGS } from './tags';

/** The link's visible text, from where it points. */
function linkLabel(uri: string): string {
  let host = '';
  try {
    host = new URL(uri).hostname;
  } catch {
    return 'View example';
  }
  if (host === 'github.com') return 'View on GitHub';
  if (host === 'playground.lexical.dev') return 'Open in the playground';
  return 'View example';
}

export default function GalleryCard({ example }: { example: GalleryExample }) {
  return (
    <li className="gallery-card">
      <div className="gallery-card__media">
        {example.preview ? (
          <img
            className="gallery-card__image"
            src={example.preview}
            alt={example.previewAlt ?? `Preview of the ${example.title} example`}
            width={320}
            height={200}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className="gallery-card__placeholder" aria-hidden="true">
            <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
              <rect x="6" y="9" width="36" height="30" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <path d="M13 18h22M13 24h16M13 30h19" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
          </div>
        )}
      </div>
      <div className="gallery-card__body">
        <h2 className="gallery-card__title">{example.title}</h2>
        <p className="gallery-card__description">{example.description}</p>
        {example.tags.length > 0 ? (
          <ul className="gallery-card__tags" aria-label="Tags">
            {example.tags.map((key) => (
              <li key={key} className="gallery-chip" title={TAGS[key].description}>
                <span className="gallery-dot" style={{ backgroundColor: TAGS[key].color }} aria-hidden="true" />
                {TAGS[key].label}
                <span className="sr-only">: {TAGS[key].description}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <a className="gallery-card__link" href={example.uri}>
          {linkLabel(example.uri)}
          <span className="sr-only">: {example.title}</span>
          <span className="gallery-card__arrow" aria-hidden="true">
            →
          </span>
        </a>
      </div>
    </li>
  );
}
