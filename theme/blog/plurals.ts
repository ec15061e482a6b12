// Counts used by the blog, in the page's locale: reading time and number of posts.
import { themePlural } from '../theme-text';

/** `One min read` for one minute, `N min read` otherwise (in English). */
export function readingTimeText(minutes: number): string {
  return themePlural('theme.blog.post.readingTime.plurals', minutes, { readingTime: minutes });
}

/** `One post` for one, `N posts` otherwise (in English). */
export function postsCountText(n: number): string {
  return themePlural('theme.blog.post.plurals', n, { count: n });
}
