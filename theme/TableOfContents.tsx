// The desktop table of contents column, highlighting the heading currently in view.
import { useMemo } from 'react';
import type { TocItem } from '../src/shared/types';
import { nestToc } from './toc-tree';
import TocList from './TocList';
import { useActiveHeading } from './use-active-heading';
import { themeText } from './theme-text';

export default function TableOfContents({ toc }: { toc: readonly TocItem[] }) {
  const nodes = useMemo(() => nestToc(toc), [toc]);
  const activeId = useActiveHeading(toc);
  return (
    <nav className="toc" aria-label={themeText('theme.TOCCollapsible.toggleButtonLabel')}>
      <TocList nodes={nodes} activeId={activeId} />
    </nav>
  );
}
