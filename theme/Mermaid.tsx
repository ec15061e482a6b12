// A ```mermaid diagram (markdown.mermaid): the source in the built HTML, drawn as SVG in the browser.
// The mermaid library is imported on mount, so only pages with a diagram ever load it, and the
// diagram is drawn again in the other theme when the reader switches colour mode.
import { useEffect, useId, useState } from 'react';

export interface MermaidProps {
  /** The diagram's mermaid source. */
  value: string;
}

type Drawn = { svg: string; mode: string } | { error: string };

function currentMode(): string {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

/** `<html data-theme>`, followed as the colour-mode toggle changes it. */
function useDocumentColorMode(): string | undefined {
  const [mode, setMode] = useState<string>();
  useEffect(() => {
    setMode(currentMode());
    const observer = new MutationObserver(() => setMode(currentMode()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return mode;
}

export default function Mermaid({ value }: MermaidProps) {
  const mode = useDocumentColorMode();
  const id = `mermaid-${useId().replace(/[^\w-]/g, '')}`;
  const [drawn, setDrawn] = useState<Drawn>();

  useEffect(() => {
    if (!mode) return;
    let current = true;
    (async () => {
      const { default: mermaid } = await import('mermaid');
      mermaid.initialize({ startOnLoad: false, theme: mode === 'dark' ? 'dark' : 'default' });
      const { svg } = await mermaid.render(`${id}-${mode}`, value);
      if (current) setDrawn({ svg, mode });
    })().catch((error: unknown) => {
      console.error('docsite: a mermaid diagram could not be drawn', error);
      if (current) setDrawn({ error: error instanceof Error ? error.message : String(error) });
    });
    return () => {
      current = false;
    };
  }, [id, mode, value]);

  if (drawn && 'svg' in drawn) {
    return <div className="mermaid-diagram" data-mermaid-theme={drawn.mode} dangerouslySetInnerHTML={{ __html: drawn.svg }} />;
  }
  return (
    <div className="mermaid-diagram mermaid-diagram--source" role={drawn ? 'alert' : undefined}>
      {drawn ? <p className="mermaid-diagram__error">This diagram could not be drawn: {drawn.error}</p> : null}
      <pre>
        <code>{value}</code>
      </pre>
    </div>
  );
}
