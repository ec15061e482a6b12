// The desktop sidebar column: the Sidebar plus the button that hides it down to a narrow expand strip.
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import type { SidebarView } from '../src/shared/types';
import { DoubleChevronIcon } from './icons';
import Sidebar from './Sidebar';
import { cx } from './utils';
import { themeText } from './theme-text';

export interface DocSidebarProps {
  sidebar: SidebarView;
  route: string;
  hidden: boolean;
  onHiddenChange(hidden: boolean): void;
  /** Whether the column has the button that hides it (Docusaurus's `docs.sidebar.hideable`). */
  hideable?: boolean;
}

/**
 * How far the column's sticky part sits below where it sticks: at the top of the page, what is
 * above the navbar (the announcement bar) pushes it down, and the part is that much shorter, so its
 * bottom, with the collapse button, stays on screen. 0 once the page has scrolled that far.
 */
function usePushedDown(column: RefObject<HTMLElement | null>, sticky: RefObject<HTMLElement | null>): number {
  const [pushedDown, setPushedDown] = useState(0);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (!column.current || !sticky.current) return;
      const stickTop = parseFloat(getComputedStyle(sticky.current).top) || 0;
      setPushedDown(Math.max(0, Math.ceil(column.current.getBoundingClientRect().top - stickTop)));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Closing the announcement bar moves the column without a scroll or a resize of the window.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [column, sticky]);
  return pushedDown;
}

export default function DocSidebar({ sidebar, route, hidden, onHiddenChange, hideable = true }: DocSidebarProps) {
  const columnRef = useRef<HTMLElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const pushedDown = usePushedDown(columnRef, innerRef);
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
    <aside
      ref={columnRef}
      className={cx('doc-sidebar', hidden && 'doc-sidebar--hidden')}
      style={pushedDown > 0 ? ({ '--doc-sidebar-pushed-down': `${pushedDown}px` } as CSSProperties) : undefined}
    >
      <div ref={innerRef} className="doc-sidebar__inner" hidden={hidden}>
        <div className="doc-sidebar__scroll">
          <Sidebar sidebar={sidebar} route={route} />
        </div>
        {hideable ? (
          <button
            type="button"
            ref={collapseRef}
            className="doc-sidebar__collapse"
            aria-label={themeText('theme.docs.sidebar.collapseButtonTitle')}
            title={themeText('theme.docs.sidebar.collapseButtonTitle')}
            onClick={() => onHiddenChange(true)}
          >
            <DoubleChevronIcon className="doc-sidebar__collapse-icon" />
          </button>
        ) : null}
      </div>
      {hidden ? (
        <button
          type="button"
          ref={expandRef}
          className="doc-sidebar__expand"
          aria-label={themeText('theme.docs.sidebar.expandButtonTitle')}
          title={themeText('theme.docs.sidebar.expandButtonTitle')}
          onClick={() => onHiddenChange(false)}
        >
          <DoubleChevronIcon className="doc-sidebar__expand-icon" />
        </button>
      ) : null}
    </aside>
  );
}
