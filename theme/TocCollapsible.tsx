// The narrow-screen table of contents: an 'On this page' disclosure above the content.
import { useMemo, useRef } from 'react';
import type { TocItem } from '../src/shared/types';
import { nestToc } from './toc-tree';
import TocList from './TocList';
import { themeText } from './theme-text';

export default function TocCollapsible({ toc }: { toc: readonly TocItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const nodes = useMemo(() => nestToc(toc), [toc]);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details className="toc-mobile" ref={ref}>
      <summary className="toc-mobile__summary">{themeText('theme.TOCCollapsible.toggleButtonLabel')}</summary>
      <div className="toc-mobile__body">
        <TocList nodes={nodes} onNavigate={close} />
      </div>
    </details>
  );
}
