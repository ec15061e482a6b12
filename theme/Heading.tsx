// A content heading (h2..h6) that keeps its id and offers a "#" link pointing at itself.
import type { ComponentPropsWithoutRef } from 'react';
import { cx, textOf } from './utils';
import { themeText } from './theme-text';

export type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface HeadingProps extends ComponentPropsWithoutRef<'h2'> {
  as: HeadingTag;
}

export default function Heading({ as: Tag, id, className, children, ...rest }: HeadingProps) {
  if (!id) {
    return (
      <Tag className={className} {...rest}>
        {children}
      </Tag>
    );
  }
  const label = textOf(children).trim() || id;
  return (
    <Tag id={id} className={cx('anchor', className)} {...rest}>
      {children}
      <a className="hash-link" href={`#${id}`} aria-label={themeText('theme.common.headingLinkTitle', { heading: label })}>
        #
      </a>
    </Tag>
  );
}
