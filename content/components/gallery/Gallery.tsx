// The gallery: filters, a live count, and the grid of matching examples. The filters live in the URL
// (`?tags=...&tags=...&title=...`): read after hydration, rewritten with history.replaceState as they change.
import { useCallback, useEffect, useState } from 'react';
import { EXAMPLES, type GalleryExample } from './examples';
import { hasFilters, matchesFilters, NO_FILTERS, normalizeTags, readFilters, writeFilters, type GalleryFilters as Filters } from './filters';
import GalleryCard from './GalleryCard';
import GalleryFilters from './GalleryFilters';

export function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'example' : 'examples'}`;
}

export default function Gallery({ examples = EXAMPLES }: { examples?: GalleryExample[] }) {
  // The server and the first client render show everything; the URL is applied in the effect below.
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const sync = () => setFilters(readFilters(window.location.search));
    sync();
    setReady(true);
    // Back/forward or a client-side navigation to another query of this page.
    window.addEventListener('popstate', sync);
    window.addEventListener('docsite:navigated', sync);
    return () => {
      window.removeEventListener('popstate', sync);
      window.removeEventListener('docsite:navigated', sync);
    };
  }, []);

  const update = useCallback((next: Filters) => {
    setFilters(next);
    const href = writeFilters(window.location.href, next);
    // Keep the router's state (scroll position) on the entry; only the query changes.
    if (href !== window.location.href) window.history.replaceState(window.history.state, '', href);
  }, []);

  const visible = examples.filter((example) => matchesFilters(example, filters));
  const filtered = hasFilters(filters);

  return (
    <section className="gallery" aria-label="Examples" data-gallery-ready={ready ? 'true' : undefined}>
      <GalleryFilters
        filters={filters}
        onToggleTag={(tag, checked) => update({ ...filters, tags: normalizeTags(checked ? [...filters.tags, tag] : filters.tags.filter((t) => t !== tag)) })}
        onTitleChange={(title) => update({ ...filters, title })}
      />
      <div className="gallery-status">
        <p className="gallery-count" role="status">
          {countLabel(visible.length)}
        </p>
        {filtered && visible.length > 0 ? (
          <button type="button" className="gallery-clear" onClick={() => update(NO_FILTERS)}>
            Clear filters
          </button>
        ) : null}
      </div>
      {visible.length > 0 ? (
        <ul className="gallery-grid">
          {visible.map((example) => (
            <GalleryCard key={example.title} example={example} />
          ))}
        </ul>
      ) : (
        <div className="gallery-empty">
          <p className="gallery-empty__title">No examples match these filters.</p>
          <p className="gallery-empty__hint">Try a shorter title search, or check another tag.</p>
          <button type="button" className="gallery-clear gallery-clear--primary" onClick={() => update(NO_FILTERS)}>
            Show all examples
          </button>
        </div>
      )}
    </section>
  );
}
