// Docusaurus's <Translate> and translate(): the message of the page's locale (the locale's
// i18n/<locale>/code.json, by id, or by the message itself when it has no id), else the message as
// written, its placeholders filled.
import type { ReactNode } from 'react';
import { interpolate, type InterpolateValues } from './Interpolate';

export interface TranslateParam {
  message: string;
  id?: string;
  description?: string;
}

/**
 * Where the messages of the locale of the page being rendered are kept. Docusaurus builds each locale
 * apart, with its messages in a module; docsite renders every locale from one bundle, so the theme's
 * App sets them before the page renders (a page renders in one synchronous pass, on the server and in
 * the browser). A global, not this module's state: a locale's module (see
 * src/pipeline/bundle/locale-modules.ts) sets it without importing anything, so it runs before the
 * shared bundle, and a translate() at the top of a site's own module (a swizzled component) reads
 * the page's locale.
 */
const MESSAGES = Symbol.for('docsite.codeTranslations');

const current = (): Record<string, string> => ((globalThis as Record<symbol, unknown>)[MESSAGES] as Record<string, string> | undefined) ?? {};

/** Sets the messages translate() and <Translate> read: called by the theme's App with the page's locale's. */
export function setCodeTranslations(messages: Record<string, string>): void {
  (globalThis as Record<symbol, unknown>)[MESSAGES] = messages;
}

function translated(id: string | undefined, message: string | undefined): string | undefined {
  const key = id ?? message;
  return (key !== undefined ? current()[key] : undefined) ?? message;
}

export function translate(param: TranslateParam, values?: Record<string, string | number>): string {
  return interpolate(translated(param.id, param.message) ?? param.id ?? '', values);
}

export interface TranslateProps {
  /** The message, with `{name}` placeholders; the id stands in when it is missing. */
  children?: string;
  id?: string;
  description?: string;
  values?: InterpolateValues;
}

export default function Translate({ children, id, values }: TranslateProps): ReactNode {
  const message = translated(id, typeof children === 'string' ? children : undefined) ?? id;
  if (message === undefined) throw new Error('docsite: <Translate> needs its message as its child, or an id');
  return <>{interpolate(message, values)}</>;
}
