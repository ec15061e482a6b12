// The bar above the navbar that carries the site's announcement. A visitor who closes it does not
// see it again until the announcement's id changes. The keys in localStorage are Docusaurus's, so a
// site moved over keeps its visitors' choices; the head script (src/render/document.ts) hides a
// closed bar before the first paint.
import { useEffect, useState } from 'react';
import type { AnnouncementBarSettings } from '../src/shared/types';
import { CloseIcon } from './icons';
import { themeText } from './theme-text';

const ID_KEY = 'docusaurus.announcement.id';
const DISMISS_KEY = 'docusaurus.announcement.dismiss';

export default function AnnouncementBar({ bar }: { bar: AnnouncementBarSettings }) {
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    try {
      // A new announcement is shown even to a visitor who closed the last one.
      if (localStorage.getItem(ID_KEY) !== bar.id) {
        localStorage.setItem(ID_KEY, bar.id);
        localStorage.setItem(DISMISS_KEY, 'false');
      }
      setClosed(bar.isCloseable && localStorage.getItem(DISMISS_KEY) === 'true');
    } catch (error) {
      // Browser storage problems are only logged, never shown to the reader: the bar stays.
      console.warn('docsite: the announcement could not be read from storage', error);
    }
  }, [bar.id, bar.isCloseable]);

  if (closed) return null;
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      {/* The site's own HTML from its config, as Docusaurus takes it. */}
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button
          type="button"
          className="announcement-bar__close"
          aria-label={themeText('theme.AnnouncementBar.closeButtonAriaLabel')}
          onClick={() => {
            setClosed(true);
            document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'true');
            try {
              localStorage.setItem(ID_KEY, bar.id);
              localStorage.setItem(DISMISS_KEY, 'true');
            } catch (error) {
              console.warn('docsite: closing the announcement could not be stored', error);
            }
          }}
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
