// The desktop sidebar column: the Sidebar plus the button that hides it down to a narrow expand strip.
import { useEffect, useRef } from 'react';
import type { SidebarView } from '../src/shared/types';
import { DoubleChevronIcon } from './icons';
import Sidebar from './Sidebar';
import { cx } from './utils';

export interface DocSidebarProps {
  sidebar: SidebarView;
  route: string;
  hidden: boolean;
  onHiddenChange(hidden: boolean): void;
}

export default function DocSidebar({ sidebar, route, hidden, onHiddenChange }: DocSidebarProps) {
  const collapseRef = useRef<HTMLButtonElement>(null);
  const expandRef = useRef<HTMLButtonElement>(null);
  const lastHidden = useRef(hidden);

  // Keep keyboard focus on the control that replaced the one just pressed.
  useEffect(() => {
    if (lastHidden.current === hidden) return;
    lastHidden.current = hidden;
    (hidden ? expandRef : collapseRef).current?.focus();
  }, [hidden]);

  return (
    <aside className={cx('doc-sidebar', hidden && 'doc-sidebar--hidden')}>
      <div className="doc-sidebar__inner" hidden={hidden}>
        <div className="doc-sidebar__scroll">
          <Sidebar sidebar={sidebar} route={route} />
        </div>
        <button
          type="button"
          ref={collapseRef}
          className="doc-sidebar__collapse"
          aria-label="Collapse sidebar"
          title="Collapse sidebar"
          onClick={() => onHiddenChange(true)}
        >
          <DoubleChevronIcon className="doc-sidebar__collapse-icon" />
        </button>
      </div>
      {hidden ? (
        <button
          type="button"
          ref={expandRef}
          className="doc-sidebar__expand"
          aria-label="Expand sidebar"
          title="Expand sidebar"
          onClick={() => onHiddenChange(false)}
        >
          <DoubleChevronIcon className="doc-sidebar__expand-icon" />
        </button>
      ) : null}
    </aside>
  );
}
