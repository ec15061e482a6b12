// The gallery's controls: one checkbox per tag and a title search. Controlled by <Gallery>.
import type { GalleryFilters as Filters } from './filters';
import { TAG_KEYS, TAGS, type TagKey } from './tags';

export const TITLE_INPUT_ID = 'gallery-title-search';

export interface GalleryFiltersProps {
  filters: Filters;
  onToggleTag(tag: TagKey, checked: boolean): void;
  onTitleChange(title: string): void;
}

export default function GalleryFilters({ filters, onToggleTag, onTitleChange }: GalleryFiltersProps) {
  return (
    // Named fields: without JavaScript, Enter in the search box still submits them as the same query string.
    <form className="gallery-filters" role="search" aria-label="Filter examples" onSubmit={(event) => event.preventDefault()}>
      <fieldset className="gallery-filters__tags">
        <legend className="gallery-filters__legend">Show examples tagged</legend>
        <div className="gallery-filters__options">
          {TAG_KEYS.map((key) => (
            <label key={key} className="gallery-tag-option">
              <input
                className="gallery-tag-option__input"
                type="checkbox"
                name="tags"
                value={key}
                checked={filters.tags.includes(key)}
                onChange={(event) => onToggleTag(key, event.currentTarget.checked)}
              />
              <span className="gallery-tag-option__text">
                <span className="gallery-tag-option__label">
                  <span className="gallery-dot" style={{ backgroundColor: TAGS[key].color }} aria-hidden="true" />
                  {TAGS[key].label}
                </span>
                <span className="gallery-tag-option__description">{TAGS[key].description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="gallery-filters__search">
        <label className="gallery-filters__legend" htmlFor={TITLE_INPUT_ID}>
          Search by title
        </label>
        <input
          id={TITLE_INPUT_ID}
          className="gallery-filters__input"
          type="search"
          name="title"
          placeholder="e.g. table"
          autoComplete="off"
          spellCheck={false}
          value={filters.title}
          onChange={(event) => onTitleChange(event.currentTarget.value)}
        />
      </div>
    </form>
  );
}
