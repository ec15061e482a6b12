// Docusaurus's @theme/BlogPostItem/Footer/ReadMoreLink: "Read more" to a post, its label naming the post.
import Link from '../../docusaurus/Link';
import { themeText } from '../../theme-text';

export interface ReadMoreLinkProps {
  blogPostTitle: string;
  to: string;
}

export default function ReadMoreLink({ blogPostTitle, to }: ReadMoreLinkProps) {
  return (
    <Link className="blog-preview__more" to={to} aria-label={themeText('theme.blog.post.readMoreLabel', { title: blogPostTitle })}>
      <b>{themeText('theme.blog.post.readMore')}</b>
    </Link>
  );
}
