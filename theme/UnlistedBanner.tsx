// The notice on unlisted pages: reachable by URL, hidden from navigation and search engines.
import Admonition from './Admonition';
import { themeText } from './theme-text';

export default function UnlistedBanner() {
  return (
    <Admonition type="caution" title={themeText('theme.contentVisibility.unlistedBanner.title')} className="unlisted-banner">
      <p>{themeText('theme.contentVisibility.unlistedBanner.message')}</p>
    </Admonition>
  );
}
