// What the search button opens when the modal cannot be fetched (the network is unreachable): the
// modal's error screen, in a dialog drawn by the theme's stylesheet, since the modal's own is out of reach too.
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** The error screen's icon: a struck-through signal. */
export function NetworkErrorIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
    </svg>
  );
}

export default function SearchUnavailable({ onClose }: { onClose(): void }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  return createPortal(
    <div className="search-unavailable" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="search-unavailable__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="search-unavailable-title"
        aria-describedby="search-unavailable-help"
        // The close button is the dialog's one control: Tab stays on it rather than leave the dialog.
        onKeyDown={(event) => event.key === 'Tab' && event.preventDefault()}
      >
        <NetworkErrorIcon />
        <p id="search-unavailable-title" className="search-unavailable__title">
          Unable to fetch results
        </p>
        <p id="search-unavailable-help" className="search-unavailable__help">
          You might want to check your network connection.
        </p>
        <button type="button" ref={closeButton} className="button search-unavailable__close" onClick={onClose}>
          Close
        </button>
      </div>
    </div>,
    document.body,
  );
}
