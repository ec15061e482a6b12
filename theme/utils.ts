// Small pure helpers shared by theme components: class names, link kinds, text of React nodes.
import { isValidElement, type ReactNode } from 'react';

export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** True for absolute http(s) and protocol-relative URLs: those leave the site. */
export function isExternalHref(href: string | undefined): boolean {
  return href !== undefined && /^(https?:)?\/\//i.test(href);
}

/** Attributes that make a link open in a new tab without giving the new page a handle on ours. */
export const NEW_TAB_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Plain text of a React node tree, e.g. a heading's children for its aria-label. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** Whether the visitor asked for reduced motion; only call from event handlers and effects. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The media query that matches the desktop layout (the mobile layout is below 996 px, as styles.css has it). */
export const DESKTOP_QUERY = '(min-width: 996px)';

/** Goes to `href` the way a click on a link there does, so the site's client router takes it. */
export function followLink(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
