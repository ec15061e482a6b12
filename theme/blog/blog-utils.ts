// Small pure helpers of the blog theme.

/** Two routes or hrefs name the same page when they differ only by a trailing slash. */
export function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return trim(a) === trim(b);
}

/** The letter a tag is filed under on the tags page: its first character, upper-cased. */
export function indexLetter(label: string): string {
  const first = Array.from(label.trim())[0];
  return first === undefined ? '#' : first.toUpperCase();
}

/** Groups items by a key, keeping the order in which keys first appear. */
export function groupInOrder<T>(items: readonly T[], keyOf: (item: T) => string): { key: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return Array.from(groups, ([key, grouped]) => ({ key, items: grouped }));
}
