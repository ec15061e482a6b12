// A list that opens and closes with a height animation whose length follows the content height.
import { useRef, useState, type ReactNode } from 'react';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect';
import { prefersReducedMotion } from './utils';

export interface CollapsibleProps {
  open: boolean;
  id?: string;
  className?: string;
  children?: ReactNode;
}

/** Taller content moves for longer (with the square root of its height), but never sluggishly: the time is capped. */
export function collapseDuration(height: number): number {
  return Math.round(Math.min(520, 140 + Math.sqrt(Math.max(height, 0)) * 9));
}

function animateHeight(el: HTMLElement, opening: boolean, onClosed: () => void): () => void {
  const full = el.scrollHeight;
  // Mid-animation the inline height is set: start from wherever the list is now.
  const start = el.style.height ? el.getBoundingClientRect().height : opening ? 0 : full;
  const end = opening ? full : 0;
  const duration = prefersReducedMotion() ? 1 : collapseDuration(Math.abs(end - start) || full);
  el.style.overflow = 'hidden';
  el.style.transition = 'none';
  el.style.height = `${start}px`;
  void el.offsetHeight; // commit the start height before transitioning away from it
  el.style.transition = `height ${duration}ms ease-in-out`;
  el.style.height = `${end}px`;
  const timer = window.setTimeout(() => {
    if (!opening) el.hidden = true;
    el.style.removeProperty('height');
    el.style.removeProperty('overflow');
    el.style.removeProperty('transition');
    if (!opening) onClosed();
  }, duration);
  return () => window.clearTimeout(timer);
}

export default function Collapsible({ open, id, className, children }: CollapsibleProps) {
  const ref = useRef<HTMLUListElement>(null);
  const [shown, setShown] = useState(open);
  // Opening shows the list first; the layout effect below then grows it from zero height.
  if (open && !shown) setShown(true);

  // Animate only real changes of `open` (not the first mount, nor StrictMode's effect replay).
  const lastOpen = useRef(open);
  useIsomorphicLayoutEffect(() => {
    if (lastOpen.current === open) return;
    lastOpen.current = open;
    const el = ref.current;
    if (!el) return;
    if (open) el.hidden = false;
    return animateHeight(el, open, () => setShown(false));
  }, [open]);

  return (
    <ul ref={ref} id={id} className={className} hidden={!shown}>
      {children}
    </ul>
  );
}
