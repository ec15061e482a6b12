// Callout boxes (:::note, :::tip, ...) with a coloured frame, an icon and a heading per type.
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { BulbIcon, CheckCircleIcon, ExclamationCircleIcon, InfoIcon, NoteIcon, OctagonAlertIcon, TriangleAlertIcon } from './icons';
import type { ThemeMessageId } from '../src/shared/theme-messages';
import { themeText } from './theme-text';
import { cx } from './utils';

export type AdmonitionType = 'note' | 'tip' | 'info' | 'warning' | 'danger' | 'caution' | 'secondary' | 'success' | 'important';

export interface AdmonitionProps {
  type: AdmonitionType;
  /** Replaces the default heading, which is the capitalised type ('Tip'). */
  title?: ReactNode;
  className?: string;
  children?: ReactNode;
}

const ICONS: Record<AdmonitionType, ComponentType<SVGProps<SVGSVGElement>>> = {
  note: NoteIcon,
  secondary: NoteIcon,
  tip: BulbIcon,
  info: InfoIcon,
  success: CheckCircleIcon,
  important: ExclamationCircleIcon,
  warning: TriangleAlertIcon,
  caution: TriangleAlertIcon,
  danger: OctagonAlertIcon,
};

/** The heading of the types Docusaurus names, under its ids; the others are their own name. */
const HEADINGS: Partial<Record<AdmonitionType, ThemeMessageId>> = {
  note: 'theme.admonition.note',
  tip: 'theme.admonition.tip',
  info: 'theme.admonition.info',
  warning: 'theme.admonition.warning',
  danger: 'theme.admonition.danger',
  caution: 'theme.admonition.caution',
};

/** Docusaurus's messages are lower case (its stylesheet capitalizes them): the heading starts with a capital. */
const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function knownType(type: string): AdmonitionType {
  return type in ICONS ? (type as AdmonitionType) : 'note';
}

export default function Admonition({ type, title, className, children }: AdmonitionProps) {
  const kind = knownType(String(type ?? 'note').toLowerCase());
  const Icon = ICONS[kind];
  const heading = title ?? capitalized(kind in HEADINGS ? themeText(HEADINGS[kind]!) : kind);
  return (
    // theme-admonition-<type> is the class Docusaurus gives it, which sites' own CSS aims at.
    <div className={cx('admonition', `admonition-${kind}`, 'theme-admonition', `theme-admonition-${kind}`, className)} role="note">
      <div className="admonition__heading">
        <span className="admonition__icon">
          <Icon />
        </span>
        <span className="admonition__title">{heading}</span>
      </div>
      <div className="admonition__content">{children}</div>
    </div>
  );
}
