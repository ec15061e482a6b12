// A labelled part of a member or page ("Parameters", "Returns", "Example"): a heading and its content.
import type { ReactNode } from 'react';
import { cx } from '../utils';
import ApiHeading, { type ApiHeadingLevel } from './ApiHeading';

export interface ApiSubsectionProps {
  title: ReactNode;
  level: ApiHeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}

export default function ApiSubsection({ title, level, id, className, children }: ApiSubsectionProps) {
  return (
    <section className={cx('api-subsection', className)}>
      <ApiHeading level={level} id={id} className={cx('api-subheading', `api-subheading--h${level}`)}>
        {title}
      </ApiHeading>
      {children}
    </section>
  );
}
