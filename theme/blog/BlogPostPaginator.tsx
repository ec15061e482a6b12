// "Newer post" / "Older post" under a post.
import type { BlogNavLink } from '../../src/shared/blog-views';
import BlogPaginator from './BlogPaginator';
import { themeText } from '../theme-text';

export default function BlogPostPaginator({ newer, older }: { newer?: BlogNavLink; older?: BlogNavLink }) {
  if (!newer && !older) return null;
  return (
    <BlogPaginator
      label={themeText('theme.blog.post.paginator.navAriaLabel')}
      newer={newer}
      older={older}
      newerText={themeText('theme.blog.post.paginator.newerPost')}
      olderText={themeText('theme.blog.post.paginator.olderPost')}
    />
  );
}
