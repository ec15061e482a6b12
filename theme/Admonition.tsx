// Callout boxes (:::note, :::tip, ...) with a coloured frame, an icon and a heading per type.
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { BulbIcon, CheckCircleIcon, ExclamationCircleIcon, InfoIcon, NoteIcon, OctagonAlertIcon, TriangleAlertIcon } from './icons';
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

function knownType(type: string): AdmonitionType {
  return type in ICONS ? (type as AdmonitionType) : 'note';
}

export default function Admonition({ type, title, className, children }: AdmonitionProps) {
  const kind = knownType(String(type ?? 'note').toLowerCase());
  const Icon = ICONS[kind];
  const heading = title ?? kind.charAt(0).toUpperCase() + kind.slice(1);
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
