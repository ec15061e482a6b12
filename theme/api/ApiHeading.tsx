// A heading of an API page at a chosen level; with an id it gets the theme's "#" self-link.
import type { ReactNode } from 'react';
import Heading from '../Heading';

export type ApiHeadingLevel = 2 | 3 | 4 | 5;

export interface ApiHeadingProps {
  level: ApiHeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}

export default function ApiHeading({ level, id, className, children }: ApiHeadingProps) {
  return (
    <Heading as={`h${level}`} id={id} className={className}>
      {children}
    </Heading>
  );
}
