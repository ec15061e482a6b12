// Docusaurus's <Translate> and translate(): the message in the site's own words, placeholders filled.
// docsite builds the default locale's text as written, so there is no translation table to look in:
// the message (or the id when there is none) is what shows.
import type { ReactNode } from 'react';
import { interpolate, type InterpolateValues } from './Interpolate';

export interface TranslateParam {
  message: string;
  id?: string;
  description?: string;
}

export function translate(param: TranslateParam, values?: Record<string, string | number>): string {
  return interpolate(param.message ?? param.id ?? '', values);
}

export interface TranslateProps {
  /** The message, with `{name}` placeholders; the id stands in when it is missing. */
  children?: string;
  id?: string;
  description?: string;
  values?: InterpolateValues;
}

export default function Translate({ children, id, values }: TranslateProps): ReactNode {
  const message = typeof children === 'string' ? children : id;
  if (message === undefined) throw new Error('docsite: <Translate> needs its message as its child, or an id');
  return <>{interpolate(message, values)}</>;
}
