// A WAI-ARIA tab group compatible with Docusaurus' <Tabs>: default tab on the server, synced groups after mount.
import { Children, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import type { TabItemProps } from './TabItem';
import { TabPanelContext } from './tabs-context';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect';
import { cx } from './utils';

export interface TabValue {
  value: string;
  label?: string;
  attributes?: Record<string, unknown>;
}

export interface TabsProps {
  children?: ReactNode;
  /** Tabs with the same groupId switch together and remember the choice in localStorage. */
  groupId?: string;
  defaultValue?: string | null;
  values?: TabValue[];
  className?: string;
  /** Render only the selected panel. */
  lazy?: boolean;
  block?: boolean;
}

const STORAGE_PREFIX = 'docusaurus.tab.';
const SYNC_EVENT = 'docsite:tab-group';

interface SyncDetail {
  groupId: string;
  value: string;
}

function readStored(groupId: string): string | null {
  try {
    return window.localStorage.getItem(STORAGE_PREFIX + groupId);
  } catch {
    return null;
  }
}

function writeStored(groupId: string, value: string): void {
  try {
    window.localStorage.setItem(STORAGE_PREFIX + groupId, value);
  } catch (error) {
    console.warn(`docsite: could not remember tab choice for group "${groupId}"`, error);
  }
}

type TabElement = ReactElement<TabItemProps>;

function tabElements(children: ReactNode): TabElement[] {
  return Children.toArray(children).filter((child): child is TabElement => isValidElement<TabItemProps>(child) && typeof child.props.value === 'string');
}

export default function Tabs({ children, groupId, defaultValue, values, className, lazy, block }: TabsProps) {
  const items = tabElements(children);
  const tabs: TabValue[] = values ?? items.map((item) => ({ value: item.props.value, label: item.props.label, attributes: item.props.attributes }));
  const valid = (value: string | null | undefined): value is string => value != null && tabs.some((tab) => tab.value === value);
  const initial = (valid(defaultValue) && defaultValue) || items.find((item) => item.props.default && valid(item.props.value))?.props.value || tabs[0]?.value;

  const [chosen, setChosen] = useState<string | undefined>(initial);
  const selected = valid(chosen) ? chosen : initial;

  const baseId = useId();
  const indexOf = (value: string) => tabs.findIndex((tab) => tab.value === value);
  const tabId = (value: string) => `${baseId}tab-${indexOf(value)}`;
  const panelId = (value: string) => `${baseId}panel-${indexOf(value)}`;

  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const listRef = useRef<HTMLDivElement>(null);
  // Where the tab list was on screen before a click, so switching a tall group does not jump the page.
  const anchorTop = useRef<number | null>(null);

  // Restore and follow the group's choice only after hydration, so server and client first render agree.
  useEffect(() => {
    if (!groupId) return;
    const stored = readStored(groupId);
    if (stored !== null) setChosen(stored);
    const onSync = (event: Event) => {
      const detail = (event as CustomEvent<SyncDetail>).detail;
      if (detail?.groupId === groupId) setChosen(detail.value);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_PREFIX + groupId && event.newValue !== null) setChosen(event.newValue);
    };
    window.addEventListener(SYNC_EVENT, onSync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SYNC_EVENT, onSync);
      window.removeEventListener('storage', onStorage);
    };
  }, [groupId]);

  useIsomorphicLayoutEffect(() => {
    const before = anchorTop.current;
    anchorTop.current = null;
    if (before === null || !listRef.current) return;
    const shift = listRef.current.getBoundingClientRect().top - before;
    if (Math.abs(shift) > 1) window.scrollBy(0, shift);
  }, [selected]);

  const select = (value: string) => {
    if (value === selected) return;
    anchorTop.current = listRef.current?.getBoundingClientRect().top ?? null;
    setChosen(value);
    if (groupId) {
      writeStored(groupId, value);
      window.dispatchEvent(new CustomEvent<SyncDetail>(SYNC_EVENT, { detail: { groupId, value } }));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabRefs.current.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const last = tabs.length - 1;
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
        next = rtl ? current - 1 : current + 1;
        break;
      case 'ArrowLeft':
        next = rtl ? current + 1 : current - 1;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = last;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next < 0) next = last;
    if (next > last) next = 0;
    tabRefs.current[next]?.focus();
    const tab = tabs[next];
    if (tab) select(tab.value);
  };

  return (
    <div className={cx('tabs-container', className)}>
      <div role="tablist" aria-orientation="horizontal" className={cx('tabs', block && 'tabs--block')} ref={listRef} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const isSelected = tab.value === selected;
          const { className: extraClass, ...extraAttributes } = (tab.attributes ?? {}) as { className?: string };
          return (
            <button
              type="button"
              role="tab"
              key={tab.value}
              id={tabId(tab.value)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.value)}
              tabIndex={isSelected ? 0 : -1}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              onClick={() => select(tab.value)}
              {...extraAttributes}
              className={cx('tabs__tab', isSelected && 'tabs__tab--selected', extraClass)}
            >
              {tab.label ?? tab.value}
            </button>
          );
        })}
      </div>
      <div className="tabs__panels">
        {items.map((item) => {
          const value = item.props.value;
          const hidden = value !== selected;
          if (lazy && hidden) return null;
          return (
            <TabPanelContext.Provider key={value} value={{ id: panelId(value), labelledBy: tabId(value), hidden }}>
              {item}
            </TabPanelContext.Provider>
          );
        })}
      </div>
    </div>
  );
}
