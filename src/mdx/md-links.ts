/**
 * How compiled code names a link to a `.md`/`.mdx` file until its route is known:
 * `docsite-md://<index>`, the index into CompileResult.mdLinks. remark-links.ts writes the
 * placeholders; the route table and the partial plugin put the routes in. No imports, so the CLI
 * can use it without loading the compiler.
 */
export const MD_LINK_SCHEME = 'docsite-md://';

/** Every placeholder in compiled code; the index is the first group. */
export const MD_LINK_PLACEHOLDER = /docsite-md:\/\/(\d+)/g;

/**
 * The index of each placeholder in `code`, in order (a link reference shows its definition's index
 * as often as it is used): only indexes below `count`, as text that merely looks like a placeholder
 * is left as written.
 */
export function markdownLinkUses(code: string, count: number): number[] {
  const uses: number[] = [];
  for (const match of code.matchAll(MD_LINK_PLACEHOLDER)) {
    const index = Number(match[1]);
    if (index < count) uses.push(index);
  }
  return uses;
}
