/** What the compile stage compiles: every markdown and MDX source of the site model, each once. */
import type { BlogPost } from '../../blog/load';
import { excerptKey } from '../../blog/load';
import type { DocEntry } from '../../content/docs';
import { textDigest } from '../../infra/digest';
import { blogsOf } from '../../blog/instances';
import type { MdxSource, SiteModel } from '../scan/site-model';
import { sectionOf, type PluginSection } from '../../config/site-plugins';

function docSource(doc: DocEntry): MdxSource {
  return { key: doc.source, file: doc.absolutePath, display: doc.source, readText: doc.readText, digest: doc.digest };
}

/** Every markdown/MDX source of the site to compile: the docs, the markdown pages, blog posts and their excerpts. */
export function mdxSources(model: SiteModel): MdxSource[] {
  // A locale shows an untranslated doc as it is: the same source, compiled once.
  const docs = new Map(model.docs.map((doc) => [doc.source, doc]));
  const pages = new Map(model.pages.flatMap((page) => (page.mdx ? [[page.mdx.key, page.mdx] as const] : [])));
  // A locale's blog shows an untranslated post as it is: compiled once too.
  const posts = new Map(
    blogsOf(model).flatMap((blog) =>
      blog.posts.flatMap((post) => [postSource(post), ...(post.truncated ? [excerptSource(post)] : [])]).map((source) => [source.key, source] as const),
    ),
  );
  return [...[...docs.values()].map(docSource), ...pages.values(), ...posts.values()];
}

function postSource(post: BlogPost): MdxSource {
  return { key: post.source, file: post.absolutePath, display: post.source, readText: async () => post.text, digest: post.digest };
}

function excerptSource(post: BlogPost): MdxSource {
  return { key: excerptKey(post), file: post.absolutePath, display: post.source, readText: async () => post.excerpt, digest: textDigest(post.excerpt) };
}

/** The part of the site each source belongs to, by key, so that part's own markdown plugins run on it. */
export function mdxSections(model: SiteModel): Map<string, PluginSection> {
  return new Map<string, PluginSection>([
    // Each docs instance runs its own lists on its docs, in every version and locale.
    ...model.docs.map((doc) => [doc.source, sectionOf('docs', doc.pluginId)] as const),
    ...model.pages.flatMap((page) => (page.mdx ? [[page.mdx.key, sectionOf('pages', page.pluginId)] as const] : [])),
    ...blogsOf(model).flatMap((blog) => {
      const section = sectionOf('blog', blog.id);
      return blog.posts.flatMap((post) => [[post.source, section] as const, ...(post.truncated ? [[excerptKey(post), section] as const] : [])]);
    }),
  ]);
}
