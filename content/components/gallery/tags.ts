// The tags a gallery example can carry: each has a label, a one-line description and an accent colour.
export type TagKey = 'favorite' | 'opensource';

export interface Tag {
  label: string;
  description: string;
  /** Accent for the tag's dot; text next to it keeps the theme's colours, so contrast does not depend on it. */
  color: string;
}

export const TAGS: Record<TagKey, Tag> = {
  favorite: {
    label: 'Favorite',
    description: 'Picked by the Lexical team as a good place to start',
    color: '#e0457b',
  },
  opensource: {
    label: 'Open source',
    description: 'The source code is public, so you can read it and reuse it',
    color: '#2f9e57',
  },
};

/** Every tag key, in the order the filters and the chips list them. */
export const TAG_KEYS = Object.keys(TAGS) as TagKey[];

export function isTagKey(value: string): value is TagKey {
  return Object.prototype.hasOwnProperty.call(TAGS, value);
}
