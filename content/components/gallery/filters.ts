// The gallery's filter state and how it maps to the URL: `?tags=a&tags=b` (repeated) and `?title=text`.
import type { GalleryExample } from './examples';
import { isTagKey, TAG_KEYS, type TagKey } from './tags';

export interface GalleryFilters {
  /** Checked tags, always in TAG_KEYS order and without duplicates. */
  tags: TagKey[];
  /** The title search exactly as typed. */
  title: string;
}

export const NO_FILTERS: GalleryFilters = { tags: [], title: '' };

/** Puts tags in a stable order, drops duplicates. */
export function normalizeTags(tags: Iterable<TagKey>): TagKey[] {
  const set = new Set(tags);
  return TAG_KEYS.filter((key) => set.has(key));
}

/** Reads the filters from a query string; unknown tags are ignored. */
export function readFilters(search: string): GalleryFilters {
  const params = new URLSearchParams(search);
  return {
    tags: normalizeTags(params.getAll('tags').filter(isTagKey)),
    title: params.get('title') ?? '',
  };
}

/** The URL with the filters written in; every other parameter and the hash are kept. */
export function writeFilters(href: string, filters: GalleryFilters): string {
  const url = new URL(href);
  url.searchParams.delete('tags');
  url.searchParams.delete('title');
  for (const tag of filters.tags) url.searchParams.append('tags', tag);
  if (filters.title.trim() !== '') url.searchParams.set('title', filters.title);
  return url.toString();
}

export function hasFilters(filters: GalleryFilters): boolean {
  return filters.tags.length > 0 || filters.title.trim() !== '';
}

/** An example shows when it has any checked tag (or none is checked) and its title contains the search. */
export function matchesFilters(example: GalleryExample, filters: GalleryFilters): boolean {
  if (filters.tags.length > 0 && !example.tags.some((tag) => filters.tags.includes(tag))) return false;
  const query = filters.title.trim().toLowerCase();
  return query === '' || example.title.toLowerCase().includes(query);
}
