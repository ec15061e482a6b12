// The "try it" editor: a static look-alike on the server and during hydration, then the real Lexical
// editor, whose code is fetched with import() so that no other route ever loads it.
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { EditorPlaceholder } from './editor-view';

const LiveEditor = lazy(() => import('./LiveEditor'));

/** If the editor's chunk fails to load (offline, say), keep showing the placeholder text. */
class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.warn('The home page editor could not start', error);
  }

  render() {
    return this.state.failed ? <EditorPlaceholder /> : this.props.children;
  }
}

export default function EditorDemo() {
  // Both the server and the first client render show the placeholder, so hydration always matches.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return <EditorPlaceholder />;
  return (
    <LoadBoundary>
      <Suspense fallback={<EditorPlaceholder />}>
        <LiveEditor />
      </Suspense>
    </LoadBoundary>
  );
}
