// Docusaurus's navbar.hideOnScroll: the navbar slides away while the reader scrolls down past it and
// comes back as soon as they scroll up, reach the top, or move focus into it.
import { useEffect, useState } from 'react';

/** Scrolling less than this, in pixels, changes nothing: a trackpad's jitter does not flicker the bar. */
const THRESHOLD = 8;

export function useHideOnScroll(enabled: boolean, height: () => number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= height()) setHidden(false);
      else if (y > last + THRESHOLD) setHidden(true);
      else if (y < last - THRESHOLD) setHidden(false);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, height]);
  return enabled && hidden;
}
