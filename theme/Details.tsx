// A styled native <details> disclosure: it opens and closes without JavaScript.
import { Children, isValidElement, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from './utils';

export interface DetailsProps extends Omit<ComponentPropsWithoutRef<'details'>, 'summary'> {
  /** Docusaurus-style summary prop; otherwise a <summary> child is used. */
  summary?: ReactNode;
}

export function Summary({ className, ...rest }: ComponentPropsWithoutRef<'summary'>) {
  return <summary className={cx('details__summary', className)} {...rest} />;
}

function isSummary(node: ReactNode): boolean {
  return isValidElement(node) && (node.type === 'summary' || node.type === Summary);
}

export default function Details({ summary, className, children, ...rest }: DetailsProps) {
  const parts = Children.toArray(children);
  const summaryChild = parts.find(isSummary);
  const body = parts.filter((part) => part !== summaryChild);
  let heading: ReactNode;
  if (summary !== undefined) heading = <Summary>{summary}</Summary>;
  else if (summaryChild && isValidElement<{ children?: ReactNode }>(summaryChild))
    heading = <Summary {...(summaryChild.props as ComponentPropsWithoutRef<'summary'>)} />;
  else heading = <Summary>Details</Summary>;
  return (
    <details className={cx('details', className)} {...rest}>
      {heading}
      <div className="details__content">{body}</div>
    </details>
  );
}
