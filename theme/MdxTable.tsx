// Content tables inside a horizontally scrollable frame that becomes keyboard-focusable when it overflows.
import { useEffect, useRef, type ComponentPropsWithoutRef } from 'react';

export default function MdxTable(props: ComponentPropsWithoutRef<'table'>) {
  const frameRef = useRef<HTMLDivElement>(null);

  // A scrollable region must be reachable by keyboard; only mark it so when it really scrolls.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (frame.scrollWidth > frame.clientWidth + 1) frame.setAttribute('tabindex', '0');
      else frame.removeAttribute('tabindex');
    };
    const observer = new ResizeObserver(update);
    observer.observe(frame);
    update();
    return () => observer.disconnect();
  }, []);

  return (
    <div className="table-scroll" ref={frameRef}>
      <table {...props} />
    </div>
  );
}
