// Docusaurus's <TOCInline toc={toc} />: the page's headings as a nested list inside the content.
import type { TocItem } from '../src/shared/types';
import { nestToc } from './toc-tree';
import TocList from './TocList';
import { cx } from './utils';

export interface TOCInlineProps {
  /** The `toc` every MDX page exports (or any slice of it). */
  toc: readonly TocItem[];
  /** Shallowest heading level listed; 2 by default, as in Docusaurus. */
  minHeadingLevel?: number;
  /** Deepest heading level listed; 3 by default, as in Docusaurus. */
  maxHeadingLevel?: number;
  className?: string;
}

export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: TOCInlineProps) {
  const nodes = nestToc(toc.filter((item) => item.level >= minHeadingLevel && item.level <= maxHeadingLevel));
  if (nodes.length === 0) return null;
  return (
    <div className={cx('toc-inline', className)}>
      <TocList nodes={nodes} />
    </div>
  );
}
