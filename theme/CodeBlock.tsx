// A highlighted code block: optional title bar, shiki HTML from the build, and a copy button.
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { CheckIcon, CopyIcon } from './icons';
import { cx } from './utils';
import { themeText } from './theme-text';

export interface CodeBlockProps {
  /** A complete `<pre class="shiki ...">` element, already highlighted at build time. */
  html?: string;
  language?: string;
  title?: ReactNode;
  showLineNumbers?: boolean;
  /** First line number when line numbers are shown (`showLineNumbers=5`); 1 by default. */
  startLineNumber?: number;
  className?: string;
  /** Docusaurus-style `<CodeBlock>` usage passes raw code as children instead of `html`. */
  children?: ReactNode;
}

// Line numbers are CSS counters on `.line` (see styles.css), so copying never includes them.
const COPIED_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Insecure origins have no async clipboard: fall back to a selected off-screen textarea.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetInlineStart = '-9999px';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy command was refused');
  } finally {
    area.remove();
  }
}

export default function CodeBlock({ html, language, title, showLineNumbers, startLineNumber, className, children }: CodeBlockProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = () => {
    const pre = bodyRef.current?.querySelector('pre');
    const text = (pre ?? bodyRef.current)?.textContent ?? '';
    copyText(text.replace(/\n$/, '')).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div
      className={cx('code-block', showLineNumbers && 'code-block--line-numbers', className)}
      data-language={language || undefined}
      style={
        showLineNumbers && startLineNumber !== undefined && startLineNumber !== 1
          ? ({ '--line-offset': Math.trunc(startLineNumber) - 1 } as CSSProperties)
          : undefined
      }
    >
      {title ? <div className="code-block__title">{title}</div> : null}
      <div className="code-block__body">
        {html !== undefined ? (
          <div className="code-block__code" ref={bodyRef} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <div className="code-block__code" ref={bodyRef}>
            <pre className="code-block__plain">
              <code>{children}</code>
            </pre>
          </div>
        )}
        <div className="code-block__actions">
          <button
            type="button"
            className={cx('code-block__copy', copied && 'code-block__copy--done')}
            aria-label={themeText('theme.CodeBlock.copyButtonAriaLabel')}
            title={themeText('theme.CodeBlock.copy')}
            onClick={onCopy}
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
            <span className="code-block__copy-text">{themeText(copied ? 'theme.CodeBlock.copied' : 'theme.CodeBlock.copy')}</span>
          </button>
          <span className="sr-only" role="status" aria-live="polite">
            {copied ? themeText('theme.CodeBlock.copied') : ''}
          </span>
        </div>
      </div>
    </div>
  );
}
