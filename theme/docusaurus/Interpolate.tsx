// Docusaurus's <Interpolate> and interpolate(): `{name}` placeholders in a message filled from `values`;
// a value that is a React element makes the result a fragment, plain values keep it a string.
import { Fragment, isValidElement, type ReactNode } from 'react';

export type InterpolateValues = Record<string, ReactNode>;

const PLACEHOLDER = /\{(\w+)\}/g;

export function interpolate(text: string, values?: Record<string, string | number>): string;
export function interpolate(text: string, values?: InterpolateValues): ReactNode;
export function interpolate(text: string, values: InterpolateValues = {}): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  let elements = false;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!;
    // A placeholder without a value stays as written, so a missing value shows on the page.
    if (!(name in values)) continue;
    parts.push(text.slice(last, match.index));
    const value = values[name];
    if (isValidElement(value)) elements = true;
    parts.push(value);
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  if (!elements) return parts.map((part) => (part === null || part === undefined || typeof part === 'boolean' ? '' : String(part))).join('');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

export interface InterpolateProps {
  children: string;
  values?: InterpolateValues;
}

export default function Interpolate({ children, values }: InterpolateProps) {
  if (typeof children !== 'string') throw new Error('docsite: <Interpolate> takes a string as its child');
  return <>{interpolate(children, values)}</>;
}
