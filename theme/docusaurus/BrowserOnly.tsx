// Docusaurus's <BrowserOnly>{() => ...}</BrowserOnly>: the children run only in the browser, after hydration.
import { useEffect, useState, type ReactNode } from 'react';

export interface BrowserOnlyProps {
  /** Called only in the browser, so it may touch window and document. */
  children: () => ReactNode;
  /** Shown in the built HTML and until the page has hydrated. */
  fallback?: ReactNode;
}

export default function BrowserOnly({ children, fallback = null }: BrowserOnlyProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (typeof children !== 'function') throw new Error('docsite: <BrowserOnly> takes a function as its child: <BrowserOnly>{() => <Widget />}</BrowserOnly>');
  return <>{mounted ? children() : fallback}</>;
}
