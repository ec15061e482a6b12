// Tells the reader that a new version of the site is ready and lets them switch to it.
import { useState } from 'react';

export interface UpdateToastProps {
  /** Lets the new version take over; the page reloads once it has. */
  onReload(): void;
}

export default function UpdateToast({ onReload }: UpdateToastProps) {
  const [state, setState] = useState<'shown' | 'reloading' | 'dismissed'>('shown');
  if (state === 'dismissed') return null;
  return (
    <div className="update-toast" role="status" aria-live="polite">
      <p className="update-toast__text">A new version of this site is available.</p>
      <button
        type="button"
        className="update-toast__reload"
        disabled={state === 'reloading'}
        onClick={() => {
          setState('reloading');
          onReload();
        }}
      >
        {state === 'reloading' ? 'Reloading…' : 'Reload'}
      </button>
      <button type="button" className="update-toast__close" aria-label="Not now" onClick={() => setState('dismissed')}>
        ×
      </button>
    </div>
  );
}
