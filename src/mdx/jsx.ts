/** Builders for the MDX JSX nodes our plugins put into the tree in place of markdown constructs. */
import type { MdxJsxAttribute } from 'mdast-util-mdx-jsx';

/** `name="value"`, or the bare boolean form `name` when `value` is null. */
export function jsxAttribute(name: string, value: string | null): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

/**
 * `name={n}`. The estree program must come with the value: MDX turns JSX into JS from it and
 * would otherwise have to re-parse the expression text.
 */
export function jsxNumberAttribute(name: string, n: number): MdxJsxAttribute {
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: String(n),
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          comments: [],
          body: [{ type: 'ExpressionStatement', expression: { type: 'Literal', value: n, raw: String(n) } }],
        },
      },
    },
  };
}
