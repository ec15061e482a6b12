// Tracks which table-of-contents heading the reader is at, from scroll position (client only).
import { useEffect, useState } from 'react';
import type { TocItem } from '../src/shared/types';

function navbarHeight(): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue('--navbar-height');
  return Number.parseFloat(value) || 60;
}

function pickActive(headings: HTMLElement[]): string | undefined {
  if (headings.length === 0) return undefined;
  const line = navbarHeight() + 24;
  let active: string | undefined;
  for (const heading of headings) {
    if (heading.getBoundingClientRect().top > line) break;
    active = heading.id;
  }
  const viewport = window.innerHeight;
  const atBottom = viewport + window.scrollY >= document.documentElement.scrollHeight - 4;
  if (atBottom) {
    // The last sections can never reach the top: pick the last heading that is on screen.
    for (let i = headings.length - 1; i >= 0; i--) {
      const top = headings[i]!.getBoundingClientRect().top;
      if (top < viewport && top > line) return headings[i]!.id;
      if (top <= line) break;
    }
  }
  if (active === undefined && headings[0]!.getBoundingClientRect().top < viewport) active = headings[0]!.id;
  return active;
}

export function useActiveHeading(toc: readonly TocItem[]): string | undefined {
  const [activeId, setActiveId] = useState<string>();
  const ids = toc.map((item) => item.id).join('\n');

  useEffect(() => {
    const wanted = ids ? ids.split('\n') : [];
    let frame = 0;
    const measure = () => {
      frame = 0;
      const headings = wanted.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null && el.getClientRects().length > 0);
      setActiveId(pickActive(headings));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ids]);

  return activeId;
}
