// The first focusable element: a link that jumps keyboard users past the navigation to #docsite-main.
import type { MouseEvent } from 'react';
import { themeText } from './theme-text';

export const MAIN_ID = 'docsite-main';

export default function SkipToContent() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Move focus itself (not only the scroll position) and keep the URL free of the fragment.
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={onClick}>
      {themeText('theme.common.skipToMainContent')}
    </a>
  );
}
