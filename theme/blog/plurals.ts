// English counts used by the blog: reading time and number of posts.

/** `One min read` for one minute, `N min read` otherwise. */
export function readingTimeText(minutes: number): string {
  return minutes === 1 ? 'One min read' : `${minutes} min read`;
}

/** `One post` for one, `N posts` otherwise. */
export function postsCountText(n: number): string {
  return n === 1 ? 'One post' : `${n} posts`;
}
