// "Newer post" / "Older post" under a post.
import type { BlogNavLink } from '../../src/shared/blog-views';
import BlogPaginator from './BlogPaginator';

export default function BlogPostPaginator({ newer, older }: { newer?: BlogNavLink; older?: BlogNavLink }) {
  if (!newer && !older) return null;
  return <BlogPaginator label="Blog post page navigation" newer={newer} older={older} newerText="Newer post" olderText="Older post" />;
}
