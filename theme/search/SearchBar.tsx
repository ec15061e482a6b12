// The navbar's search button and shortcuts. The modal, its styles and the index load on the first
// interaction (hover, focus, touch or a shortcut), so a page carries no search code before that. When
// they cannot be fetched, the button opens the error screen instead, and a later try loads them.
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { SearchSiteData } from '../../src/shared/types';
import type { SearchModalProps } from './SearchModal';
import SearchUnavailable from './SearchUnavailable';
import { loadSearchModal, type ModalModule } from './load-modal';
import { themeText } from '../theme-text';

const isTextField = (element: Element | null) =>
  !!element &&
  (element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element as HTMLElement).isContentEditable);

export default function SearchBar({ search, siteUrl }: { search: SearchSiteData; siteUrl: string }) {
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>();
  const [Modal, setModal] = useState<ComponentType<SearchModalProps> | null>(null);
  // The last try to load the modal failed, with the browser offline or not: while open, the error
  // screen stands in for the modal.
  const [failed, setFailed] = useState<'offline' | 'unreachable' | null>(null);
  const [apple, setApple] = useState(false);
  const loading = useRef<Promise<ModalModule> | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const load = useCallback(() => {
    if (!loading.current) {
      const attempt = loadSearchModal(search).then((loaded) => {
        setModal(() => loaded.default);
        return loaded;
      });
      loading.current = attempt;
      attempt.catch(() => {
        loading.current = null;
        setFailed(navigator.onLine ? 'unreachable' : 'offline');
      });
    }
    return loading.current;
  }, [search]);

  const openModal = useCallback(
    (query?: string) => {
      setInitialQuery(query);
      setOpen(true);
      setFailed(null);
      void load();
    },
    [load],
  );
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => setApple(/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform)), []);

  // The error screen is up for a browser that was offline, and the network comes back (perhaps
  // already, before this effect ran): the modal takes its place.
  useEffect(() => {
    if (!open || failed !== 'offline') return;
    const retry = () => {
      setFailed(null);
      void load();
    };
    if (navigator.onLine) return retry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [open, failed, load]);

  // DocSearch's shortcuts: Ctrl/Cmd+K toggles, `/` opens outside text fields, Escape closes, and a
  // letter typed on the focused button opens the modal with that letter.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const active = document.body.classList.contains('DocSearch--active');
      if ((event.key === 'Escape' && open) || (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey))) {
        event.preventDefault();
        if (open || active) close();
        else openModal();
        return;
      }
      if (open || active) return;
      if (event.key === '/' && !isTextField(document.activeElement)) {
        event.preventDefault();
        openModal();
        return;
      }
      if (document.activeElement === button.current && /^[a-zA-Z0-9]$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        openModal(event.key);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, openModal, close]);

  const key = apple ? '⌘' : 'Ctrl';
  return (
    <>
      <button
        type="button"
        ref={button}
        className="DocSearch DocSearch-Button"
        // Named by its word "Search" (kept for screen readers when a phone hides it), not by an
        // aria-label that would differ from the visible text (WCAG 2.5.3); the shortcut is told by
        // aria-keyshortcuts, so the key caps are hidden from assistive technology.
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
        onClick={() => openModal()}
        onMouseOver={load}
        onFocus={load}
        onTouchStart={load}
      >
        <span className="DocSearch-Button-Container">
          <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
              stroke="currentColor"
              fill="none"
              fillRule="evenodd"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="DocSearch-Button-Placeholder">{themeText('theme.SearchBar.label')}</span>
        </span>
        <span className="DocSearch-Button-Keys" aria-hidden="true">
          <kbd className="DocSearch-Button-Key">{key}</kbd>
          <kbd className="DocSearch-Button-Key">K</kbd>
        </span>
      </button>
      {open && Modal ? <Modal search={search} siteUrl={siteUrl} initialQuery={initialQuery} onClose={close} /> : null}
      {open && !Modal && failed ? <SearchUnavailable onClose={close} /> : null}
    </>
  );
}
