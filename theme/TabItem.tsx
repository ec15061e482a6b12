// One panel of a Tabs group; Tabs reads its value/label/default props to build the tab list.
import { useContext, type ReactNode } from 'react';
import { TabPanelContext } from './tabs-context';
import { cx } from './utils';

export interface TabItemProps {
  value: string;
  label?: string;
  default?: boolean;
  /** Extra attributes for this item's tab button (Docusaurus `attributes`). */
  attributes?: Record<string, unknown>;
  className?: string;
  children?: ReactNode;
}

export default function TabItem({ className, children }: TabItemProps) {
  const panel = useContext(TabPanelContext);
  if (!panel) return <div className={cx('tab-panel', className)}>{children}</div>;
  return (
    <div role="tabpanel" id={panel.id} aria-labelledby={panel.labelledBy} hidden={panel.hidden} tabIndex={0} className={cx('tab-panel', className)}>
      {children}
    </div>
  );
}
