/**
 * RSS 2.0 and Atom feeds of the blog, with absolute URLs, dated by the newest post so unchanged
 * content gives the same files. The feed writer and the markdown parser load only for a site with a
 * blog, not on every start of the CLI.
 */
import { withoutFrontMatter } from './load';

export interface BlogFeed {
  /** Folder of the feeds relative to the output folder, e.g. `blog`. */
  dir: string;
  /** Absolute URL of the blog, e.g. `https://lexical.dev/blog`. */
  url: string;
  title: string;
  description: string;
  copyright: string;
  /** The feeds' language: the blog's locale (`en` when not given). */
  language?: string;
  /** Newest first. */
  items: {
    title: string;
    url: string;
    date: string;
    /** The post's description, else its excerpt as markdown (turned into plain text here). */
    description?: string;
    excerpt: string;
    authors: { name: string; link?: string }[];
    categories: { name: string; domain: string }[];
  }[];
}

export async function renderFeeds(input: BlogFeed): Promise<Map<string, string>> {
  const [{ Feed }, { fromMarkdown }, { toString }] = await Promise.all([import('feed'), import('mdast-util-from-markdown'), import('mdast-util-to-string')]);
  const plainText = (markdown: string) =>
    toString(fromMarkdown(withoutFrontMatter(markdown).replace(/^(import|export) .*$/gm, '')))
      .replace(/\s+/g, ' ')
      .trim();
  const feed = new Feed({
    id: input.url,
    title: input.title,
    description: input.description,
    link: input.url,
    language: input.language ?? 'en',
    copyright: input.copyright,
    updated: new Date(input.items[0]?.date ?? 0),
    feedLinks: { rss: `${input.url}/rss.xml`, atom: `${input.url}/atom.xml` },
  });
  for (const item of input.items) {
    feed.addItem({
      title: item.title,
      id: item.url,
      link: item.url,
      date: new Date(item.date),
      description: item.description ?? plainText(item.excerpt),
      author: item.authors,
      category: item.categories,
    });
  }
  return new Map([
    [`${input.dir}/rss.xml`, feed.rss2()],
    [`${input.dir}/atom.xml`, feed.atom1()],
  ]);
}
