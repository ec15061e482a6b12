// The examples shown on /gallery. Add an entry here to list a new example; `preview` is optional.
import type { TagKey } from './tags';

export interface GalleryExample {
  title: string;
  description: string;
  tags: TagKey[];
  /** Where the example lives: a repository folder or a live demo. */
  uri: string;
  /** An image under /img/gallery/ (content/static/img/gallery/). */
  preview?: string;
  /** Describes the preview for people who cannot see it. */
  previewAlt?: string;
}

export const EXAMPLES: GalleryExample[] = [
  {
    title: 'Emoji plugin',
    description: 'Turns typed shortcuts such as :) into emoji while you write, using a node transform and a custom text node. Try it in the playground.',
    tags: ['favorite', 'opensource'],
    uri: 'https://playground.lexical.dev/',
    preview: '/img/gallery/emoji.svg',
    previewAlt: 'An editor line where a typed smiley shortcut has become a yellow emoji face',
  },
  {
    title: 'Collaborative rich text (Yjs)',
    description: 'Several people edit the same rich text document at once: the editor state syncs through Yjs, with a cursor for each collaborator.',
    tags: ['opensource'],
    uri: 'https://github.com/facebook/lexical/tree/main/examples',
    preview: '/img/gallery/collab.svg',
    previewAlt: 'Two overlapping editor windows, each with a coloured cursor from a different writer',
  },
  {
    title: 'Table plugin',
    description: 'Insert tables, add or remove rows and columns, and select ranges of cells, built on the @lexical/table package.',
    tags: ['favorite', 'opensource'],
    uri: 'https://github.com/facebook/lexical/tree/main/examples',
    preview: '/img/gallery/table.svg',
    previewAlt: 'A small table with a shaded header row and one highlighted cell',
  },
];
